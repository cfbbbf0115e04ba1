#pragma once
// Reading an input text file in bounded memory. Every front-end reads its inputs through here,
// so hostile input (a 100 MB line, /dev/zero, a directory, a disk error) is refused early with
// a clear message instead of eating memory or being parsed half-read.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace cli {

/// How much text an input kind may have (documented with each format in docs/).
struct TextLimits {
  std::size_t max_bytes;  ///< the whole file
  std::size_t max_line;   ///< one line, without its end
  std::string_view kind;  ///< what the file is, for messages ("a futoshiki puzzle")
};

struct TextFile {
  std::string name;  ///< the path, or "<stdin>"; messages start with it
  std::string text;  ///< the content, without a leading UTF-8 byte order mark
};

/// Reads the file at path ("-": standard input). Stops at the first byte over a limit and
/// throws solve::InputError, one line that starts with the file name:
///   "FILE: cannot open: No such file or directory"  (any reason open(2) gives)
///   "FILE: is a directory"
///   "FILE: read error: Input/output error"
///   "FILE: more than 1 MiB: too large for a futoshiki puzzle"
///   "FILE:LINE: line longer than 64 KiB: too long for a futoshiki puzzle"
///   "FILE:LINE:COL: a NUL byte: not a text file"
/// A regular file over the size limit is refused before anything is read. At most
/// max_bytes + 64 KiB of memory is used, whatever the input.
TextFile read_text_file(const std::string& path, const TextLimits& limits);
/// The same, calling `poll` after every chunk and, while the input has nothing to read (a
/// pipe), every 100 ms: a time limit or Ctrl-C can end the reading by throwing from it.
TextFile read_text_file(const std::string& path, const TextLimits& limits,
                        const std::function<void()>& poll);

/// Lines read one at a time from a stream (commands typed or piped in), in bounded memory.
class LineInput {
 public:
  /// limits.max_line bounds a line; max_bytes is not used. name is for messages.
  LineInput(std::istream& in, std::string name, const TextLimits& limits);
  /// The next line without its end (a CR before it is dropped too); false at the end of the
  /// input. Throws solve::InputError "NAME:LINE: ..." for a line over the limit or a NUL byte
  /// (not text: /dev/zero would otherwise be read for ever).
  bool next(std::string& line);

 private:
  std::istream& in_;
  std::string name_;
  TextLimits limits_;
  std::uint64_t line_ = 0;
};

/// "1 MiB", "64 KiB", "300 bytes": a size for messages and help texts.
std::string size_text(std::uint64_t bytes);

}  // namespace cli
