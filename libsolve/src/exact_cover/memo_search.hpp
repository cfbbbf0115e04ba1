#pragma once
// Memoised counting (CoverOptions::memo): checks the options, runs the engine the plain search
// would take (dancing links, dlx_memo.cpp, or bitset) with a memo on one thread, and reports the
// exact count.
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// count() with options.memo set. Throws ModelError for what memoised counting cannot do
/// (solution callback, prune hook, max_solutions, memo_mb 0).
CoverResult memo_count(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution);

}  // namespace solve::detail::cover
