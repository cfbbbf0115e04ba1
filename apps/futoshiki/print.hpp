#pragma once
// Text output of the futoshiki front-end: grids on stdout, statistics and traces on stderr.
#include <span>
#include <string>

#include <solve/model.hpp>
#include <solve/search.hpp>

namespace futoshiki {

/// n rows of n values separated by single spaces, each row ending with '\n'.
std::string format_grid(int n, std::span<const int> grid);

/// Search statistics, one "name: value" line each.
std::string format_stats(const solve::Result& r);

/// One trace line: a decision ("r2c3 = 4"), a failure or a backtrack, indented by depth.
std::string format_trace(const solve::Model& m, const solve::TraceEvent& e);

}  // namespace futoshiki
