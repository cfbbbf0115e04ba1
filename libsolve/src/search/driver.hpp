#pragma once
// The search driver shared by both halves of the library: runs an engine (engine.hpp) on the
// calling thread, or clones of it on a pool of worker threads that share the tree by work
// stealing; merges the statistics and says why the search stopped.
//
// Parallel search: one worker starts with the whole tree; an idle worker raises a flag that
// the busy ones see at their next poll, and the first to see it gives away half of the
// untried alternatives of its shallowest open level (SearchEngine::donate). Work is handed
// out from one queue; the search ends when every worker is idle and the queue is empty, or
// when the Control says stop. The calling thread only waits, and reports progress.
#include "search/control.hpp"
#include "search/engine.hpp"
#include "solve/stats.hpp"

namespace solve::detail {

/// Searches the whole tree of root: with threads <= 1 root itself on the calling thread,
/// else clones of it on `threads` workers (root is not run then). Result: the merged
/// statistics (solutions: tallied + delivered; seconds: wall clock), the stop reason from the
/// control, and each worker's busy time when threads > 1.
Result run_search(SearchEngine& root, Control& control, int threads);

}  // namespace solve::detail
