#pragma once
// Helpers of the grading, generation and hint tests: libsolve's own verdicts, independent of
// the bitset engine (candidates.hpp) they check.
#include <solve/search.hpp>

#include "model.hpp"
#include "puzzle.hpp"

namespace futoshiki::test {

/// libsolve solves p by propagation alone at level L: its search finds the solution without
/// a single decision.
inline bool libsolve_root_solves(const Puzzle& p, solve::Propagation level) {
  const FutoshikiModel fm = build_model(p);
  solve::SearchOptions o;
  o.propagation = level;
  o.limits.max_solutions = 1;
  const solve::Result r = solve::count(fm.model, o);
  return r.stats.solutions == 1 && r.stats.nodes == 0;
}

/// Solutions of p, counted by libsolve up to 2.
inline std::uint64_t solutions_up_to_two(const Puzzle& p) {
  const FutoshikiModel fm = build_model(p);
  solve::SearchOptions o;
  o.limits.max_solutions = 2;
  return solve::count(fm.model, o).stats.solutions;
}

}  // namespace futoshiki::test
