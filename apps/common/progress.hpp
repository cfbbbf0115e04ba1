#pragma once
// The progress line of a long search: on standard error, only when it is a terminal and the
// search has run for a second, redrawn in place and erased when the search ends.
#include <functional>
#include <string>

#include <solve/exact_cover.hpp>

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
  /// A CoverOptions::progress hook: "12.3% done, 4 solutions, 5678 nodes, 2 s" from the first
  /// second on; empty when the line is disabled (the search then skips its estimates).
  std::function<void(const solve::CoverProgress&)> cover_hook();

 private:
  bool enabled_;
  bool shown_ = false;
};

}  // namespace cli
