#pragma once
// What every search of the library reports (CSP and exact cover): statistics, why it
// stopped, and the two together as its Result.
#include <cstdint>
#include <optional>
#include <vector>

#include "solve/big_count.hpp"
#include "solve/cover_plan.hpp"
#include "solve/export.hpp"

namespace solve {

struct Stats {
  std::uint64_t nodes = 0;     ///< decisions tried (a value given to a variable / an option chosen)
  std::uint64_t failures = 0;  ///< nodes whose propagation failed (dead ends)
  std::uint64_t propagations = 0;  ///< propagator runs
  std::uint64_t updates = 0;       ///< domain or list updates that removed something
  std::uint64_t solutions = 0;     ///< solutions found
  std::uint32_t max_depth = 0;     ///< deepest level reached
  std::uint64_t restarts = 0;  ///< CSP: searches started again from the root (SearchOptions::restart)
  std::uint64_t neighbourhoods = 0;  ///< CSP: neighbourhoods searched (SearchOptions::lns)
  std::uint64_t nogoods = 0;  ///< CSP with learning: nogoods learnt from failures
  std::uint64_t reasons = 0;  ///< CSP with learning: propagators asked why they pruned
  /// CSP with learning: of those, the reasons that named the domains of the propagator's whole
  /// scope (its fallback: a rule without a reason of its own; the weakest nogoods come of it)
  std::uint64_t scope_reasons = 0;
  double seconds = 0;              ///< wall-clock time of the search

  /// Adds up counts (max for max_depth, seconds added: use for sequential runs or CPU time).
  /// This is how the workers of a parallel search are merged (then seconds = wall time).
  Stats& operator+=(const Stats& o) {
    nodes += o.nodes;
    failures += o.failures;
    propagations += o.propagations;
    updates += o.updates;
    solutions += o.solutions;
    restarts += o.restarts;
    neighbourhoods += o.neighbourhoods;
    nogoods += o.nogoods;
    reasons += o.reasons;
    scope_reasons += o.scope_reasons;
    max_depth = max_depth > o.max_depth ? max_depth : o.max_depth;
    seconds += o.seconds;
    return *this;
  }
};

/// Why a search stopped.
enum class StopReason {
  exhausted,       ///< the whole tree was searched: the solution count is exact
  solution_limit,  ///< max_solutions reached
  node_limit,      ///< max_nodes reached
  time_limit,      ///< max_seconds reached
  cancelled,       ///< the cancel flag was raised
  by_callback,     ///< the solution callback asked to stop
};

/// "exhausted", "solution limit", ... for messages.
SOLVE_API const char* to_string(StopReason r);

/// What the memo table of a memoised exact-cover count did (CoverOptions::memo).
struct MemoStats {
  std::uint64_t lookups = 0;  ///< subproblems looked up (every node with an item to branch on)
  std::uint64_t hits = 0;     ///< lookups answered from the table
  std::uint64_t stores = 0;   ///< subproblem counts written
  std::uint64_t evictions =
      0;  ///< stores that pushed out another entry (the table was at its memory bound)
  std::uint64_t capacity = 0;  ///< entries the table holds
  std::uint64_t bytes = 0;     ///< its memory
  double hit_rate() const { return lookups ? double(hits) / double(lookups) : 0; }
};

/// How a search ended.
struct Result {
  StopReason stop = StopReason::exhausted;
  Stats stats;
  /// The number of solutions, exact at any size (stats.solutions is it capped at 2^64 - 1:
  /// a memoised exact-cover count goes far beyond).
  BigCount count;
  MemoStats memo;  ///< exact cover with a memoised count only (CoverPlan::memo); zero otherwise
  /// Exact cover: the plan that ran (solve::plan's choices, and whether a memo trial finished).
  std::optional<CoverPlan> plan;
  /// With threads > 1: the seconds each worker spent searching (the rest of stats.seconds
  /// it waited for work); empty with one thread.
  std::vector<double> busy_seconds;
  /// With an objective (Model::minimize/maximize): the value of the best solution found.
  std::optional<std::int64_t> objective;
  /// True when the tree was searched to the end (so a count is exact, "none" is a proof, and
  /// the best solution of an optimisation is optimal).
  bool complete() const { return stop == StopReason::exhausted; }
  /// An optimum was found and proved.
  bool optimal() const { return objective.has_value() && complete(); }
};

}  // namespace solve
