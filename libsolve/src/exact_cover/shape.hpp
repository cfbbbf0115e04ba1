#pragma once
// How the engines read a problem's bounds. Algorithms X and C (dancing links, the bitset
// engine) cover primary items exactly once; a 0:1 item is then the same as a secondary item
// unless some option covers only such items (Algorithm M may choose that option, X and C never
// branch on it). Anything else -- an item with hi > 1, or such an option -- needs Algorithm M.
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// True when only Algorithm M gives the solutions of the problem (see above).
bool needs_multiplicities(const ExactCover& problem);

/// An item that X and C must cover exactly once: primary, lower bound 1 (for problems without
/// needs_multiplicities the others are secondary).
inline bool covered_once(const ExactCover& problem, int item) {
  return problem.is_primary(item) && problem.bounds(item).lo >= 1;
}

}  // namespace solve::detail::cover
