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

solve::ProgressHook ProgressLine::hook() {
  if (!enabled_) return {};
  return [this](const solve::Progress& p) {
    if (p.seconds < 1) return;
    show(fmt::format("{:5.1f}% done, {} solutions, {} nodes, {:.0f} s{}", 100 * p.done, p.solutions,
                     p.nodes, p.seconds, time_left(p.seconds, p.done)));
  };
}

std::string time_left(double seconds, double done) {
  if (!(done >= 0.001) || !(seconds >= 0)) return {};  // (also nan)
  const double left = done >= 1 ? 0 : seconds * (1 - done) / done;
  struct Unit {
    double seconds;
    const char* name;
  };
  static constexpr Unit units[] = {{86400, "days"}, {3600, "h"}, {60, "min"}, {1, "s"}};
  for (const Unit& u : units)
    if (left >= 2 * u.seconds || u.seconds == 1) {
      const double v = left / u.seconds;
      return v < 10 ? fmt::format(", about {:.1f} {} left", v, u.name)
                    : fmt::format(", about {:.0f} {} left", v, u.name);
    }
  return {};
}

}  // namespace cli
