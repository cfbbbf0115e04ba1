#pragma once
// A puzzle as an SVG picture (futoshiki --svg FILE): the cells as rounded squares, the signs
// between them as chevrons (the narrow end towards the smaller cell, as '<', '>', '^', 'v' in
// the file), the givens in bold black on grey, the values of the solution in blue.
#include <span>
#include <string>

#include "puzzle.hpp"

namespace futoshiki {

/// The SVG document of p, filled in with solution (n*n values, row-major) when it is not empty.
std::string puzzle_svg(const Puzzle& p, std::span<const int> solution);

}  // namespace futoshiki
