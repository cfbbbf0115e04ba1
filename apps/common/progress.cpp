#include "common/progress.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace cli {

ProgressLine::ProgressLine(bool enabled) : enabled_(enabled && ::isatty(STDERR_FILENO)) {}

void ProgressLine::show(const std::string& text) {
  if (!enabled_) return;
  std::fprintf(stderr, "\r%s\033[K", text.c_str());  // \033[K: erase the rest of the old line
  std::fflush(stderr);
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

std::function<void(const solve::CoverProgress&)> ProgressLine::cover_hook() {
  if (!enabled_) return {};
  return [this](const solve::CoverProgress& p) {
    if (p.seconds < 1) return;
    show(fmt::format("{:5.1f}% done, {} solutions, {} nodes, {:.0f} s", 100 * p.done, p.solutions,
                     p.nodes, p.seconds));
  };
}

}  // namespace cli
