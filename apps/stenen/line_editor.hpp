#pragma once
// Reading command lines from a terminal with editing and history (arrow keys, Ctrl-R, Tab to
// complete a command), through libedit's readline interface, when stenen is built with libedit
// (CMake finds it with pkg-config; without it play reads plain lines).
#include <optional>
#include <string>
#include <vector>

namespace stenen {

/// True when built with libedit: LineEditor works.
bool line_editing_available();

/// One at a time (libedit's readline interface has a single state).
class LineEditor {
 public:
  /// words: what Tab completes at the start of a line (the commands).
  explicit LineEditor(std::vector<std::string> words);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  /// The next line, without its end; nullopt at the end of the input (Ctrl-D on an empty
  /// line). A line that is not blank goes into the history, unless it repeats the last one.
  std::optional<std::string> read(const std::string& prompt);

 private:
  std::string last_;
};

}  // namespace stenen
