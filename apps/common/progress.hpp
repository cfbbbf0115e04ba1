#pragma once
// The progress line of a long search: on standard error, only when it is a terminal and the
// search has run for a second, redrawn in place and erased when the search ends.
#include <functional>
#include <string>

#include <solve/limits.hpp>

namespace cli {

class ProgressLine {
 public:
  /// Shown only when enabled and standard error is a terminal.
  explicit ProgressLine(bool enabled = true);
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool enabled() const { return enabled_; }
  /// Replaces the line with text.
  void show(const std::string& text);
  /// Erases the line (before the answer or a message is printed).
  void clear();
  /// A progress hook for any search (CoverOptions::progress, SearchOptions::progress): "12.3%
  /// done, 4 solutions, 5678 nodes, 2 s, about 3 min left" from the first second on; empty
  /// when the line is disabled (the search then skips its estimates).
  solve::ProgressHook hook();

 private:
  bool enabled_;
  bool shown_ = false;
};

/// ", about 3 min left": the time a search that did the fraction `done` of its work in
/// `seconds` still needs at that pace (s, min, h or days, two significant digits at most);
/// empty while under 0.1 % is done, too little to tell. Tree-size estimates wander, so this
/// is a rough guide: it can grow as well as shrink.
std::string time_left(double seconds, double done);

}  // namespace cli
