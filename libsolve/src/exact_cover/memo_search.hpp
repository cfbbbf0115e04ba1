#pragma once
// Memoised counting (CoverOptions::memo): checks the options, runs dancing links with a memo
// table on one thread, and reports the exact count (dlx_memo.cpp does the work).
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// count() with options.memo set. Throws ModelError for what memoised counting cannot do
/// (solution callback, prune hook, max_solutions, memo_mb 0).
CoverResult memo_count(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution);

}  // namespace solve::detail::cover
