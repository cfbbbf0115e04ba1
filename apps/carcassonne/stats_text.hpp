#pragma once
// One line of search statistics for --stats (standard error).
#include <fmt/core.h>

#include <string>

#include "solve/stats.hpp"

namespace carcassonne {

inline std::string format_stats(const solve::Stats& s) {
  return fmt::format("nodes {} failures {} propagations {} max depth {} time {:.3f} s\n", s.nodes,
                     s.failures, s.propagations, s.max_depth, s.seconds);
}

}  // namespace carcassonne
