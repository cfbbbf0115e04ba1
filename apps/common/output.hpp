#pragma once
// Output files that fail loudly: a path is checked before a long search, and every write is
// checked (a full disk, /dev/full) so that a failed write is an error, never a silent success.
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>

namespace cli {

/// An output could not be written: "PATH: cannot write: why". Exit status 2 (cli::guarded).
class WriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Throws WriteError unless a file could be written at path: it is not a directory, and
/// either exists and is writable, or its folder exists and is writable. Creates nothing, so a
/// run that later fails leaves no empty file behind. Meant before a long search, so that a bad
/// --svg or -o fails before anything is printed.
void check_writable(const std::string& path);

/// Writes text to path (replacing the file); WriteError when any of it fails, closing included.
void write_file(const std::string& path, std::string_view text);

/// A file written bit by bit (solutions as they are found). stream() goes bad at the first
/// failed write, so a search can stop; close() throws WriteError with the system's reason
/// ("No space left on device") when anything failed.
class OutputFile {
 public:
  /// Creates or truncates the file; WriteError when it cannot be opened.
  explicit OutputFile(const std::string& path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  std::ostream& stream() { return out_; }
  void close();

 private:
  // Buffered writes to a descriptor that keep the errno of the first failure.
  class Buffer : public std::streambuf {
   public:
    int fd = -1;
    int error = 0;  ///< errno of the first failed write
    Buffer();
    bool flush_all();

   protected:
    int_type overflow(int_type c) override;
    int sync() override { return flush_all() ? 0 : -1; }

   private:
    char data_[64 * 1024];
  };

  std::string path_;
  Buffer buffer_;
  std::ostream out_{&buffer_};
};

}  // namespace cli
