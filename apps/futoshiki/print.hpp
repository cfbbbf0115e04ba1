#pragma once
// Text output of the futoshiki front-end: grids on stdout, traces on stderr (statistics: the
// front-ends' common format, common/report.hpp).
#include <span>
#include <string>

#include <solve/model.hpp>
#include <solve/search.hpp>

#include "common/json.hpp"

namespace futoshiki {

/// n rows of n values separated by single spaces, each row ending with '\n'.
std::string format_grid(int n, std::span<const int> grid);

/// A solution for --json: {"grid": [[row 1], [row 2], ...]}.
cli::Json grid_json(int n, std::span<const int> grid);

/// One trace line: a decision ("r2c3 = 4"), a failure or a backtrack, indented by depth.
std::string format_trace(const solve::Model& m, const solve::TraceEvent& e);

}  // namespace futoshiki
