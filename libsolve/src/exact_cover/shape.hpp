#pragma once
// How the engines read a problem's bounds, and which engine the automatic choice takes. Algorithms X and C (dancing links, the bitset
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

/// The engine a search runs: options.engine, or for `automatic` the one expected to be faster
/// (never `automatic`). Dancing links runs Algorithm M when `multi_engine` says so.
CoverEngine pick_engine(const ExactCover& problem, const CoverOptions& options);
/// Whether dancing links runs Algorithm M: asked for by name it reads bounds as Knuth's dlx3
/// does (every problem with bounds), else only problems that need it.
inline bool multi_engine(const ExactCover& problem, const CoverOptions& options) {
  return options.engine == CoverEngine::dlx ? problem.has_multiplicities() : needs_multiplicities(problem);
}

}  // namespace solve::detail::cover
