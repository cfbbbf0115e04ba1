#pragma once
// Output files that fail loudly: a path is checked before a long search, and every write is
// checked (a full disk, /dev/full) so that a failed write is an error, never a silent success.
#include <fstream>
#include <stdexcept>
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

/// A file written bit by bit (solutions as they are found). good() turns false at the first
/// failed write, so a search can stop; close() throws WriteError when anything failed.
class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  std::ostream& stream() { return out_; }
  bool good() const { return out_.good(); }
  void close();

 private:
  std::string path_;
  std::ofstream out_;
};

}  // namespace cli
