#pragma once
// Memoised counting (CoverOptions::memo): checks the options, runs the engine the plain search
// would take (dancing links, dlx_memo.cpp, or bitset) with a memo under the shared driver
// (search/driver.hpp: limits, cancel, progress) on one thread, and reports the exact count.
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// count() with options.memo set, or the memo trial of a count (CoverPlan::memo_trial_nodes),
/// on the plan given (plan_search with options.memo: first-item choice). Throws ModelError for
/// what memoised counting cannot do (solution callback, prune hook, limits.max_solutions,
/// memo_mb 0).
Result memo_count(const ExactCover& problem, const CoverOptions& options, const CoverPlan& plan,
                  const CoverCallback& on_solution);

}  // namespace solve::detail::cover
