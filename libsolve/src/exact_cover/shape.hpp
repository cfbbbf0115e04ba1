#pragma once
// How the engines read a problem's bounds, and which engine and item choice the automatic plan takes. Algorithms X and C (dancing links, the bitset
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

/// The engine and item choice a search runs (never `automatic`): what the options name, the
/// rest chosen by plan_search (shape.cpp). Dancing links runs Algorithm M when `multi_engine`
/// says so -- asked of the options as given, not of the plan.
CoverPlan plan_search(const ExactCover& problem, const CoverOptions& options);
/// The options with the plan's engine and choice in place of `automatic`.
inline CoverOptions planned(const CoverOptions& options, const CoverPlan& plan) {
  CoverOptions o = options;
  o.engine = plan.engine;
  o.item_choice = plan.item_choice;
  return o;
}
/// Whether dancing links runs Algorithm M: asked for by name it reads bounds as Knuth's dlx3
/// does (every problem with bounds), else only problems that need it.
inline bool multi_engine(const ExactCover& problem, const CoverOptions& options) {
  return options.engine == CoverEngine::dlx ? problem.has_multiplicities() : needs_multiplicities(problem);
}

}  // namespace solve::detail::cover
