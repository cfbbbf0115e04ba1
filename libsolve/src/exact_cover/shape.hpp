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

/// The plan a search runs (never `automatic`): what the options name, the rest chosen from the
/// tree estimate or by the fixed rule (shape.cpp), with Algorithm M, the scarce look-ahead and,
/// for count() (`for_count`), the memo or a memo trial decided.
CoverPlan plan_search(const ExactCover& problem, const CoverOptions& options,
                      bool for_count = false);
/// The options with the plan's choices in place of `automatic`: what the engines read.
inline CoverOptions planned(const CoverOptions& options, const CoverPlan& plan) {
  CoverOptions o = options;
  o.engine = plan.engine;
  o.item_choice = plan.item_choice;
  o.scarce_lookahead = plan.scarce_lookahead;
  return o;
}

}  // namespace solve::detail::cover
