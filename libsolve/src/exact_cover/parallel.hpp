#pragma once
// Multi-threaded search: the tree is cut at a depth that gives many subproblems (prefixes of
// choices), and workers, each with its own copy of the engine, take them from a shared index.
#include "exact_cover/control.hpp"
#include "exact_cover/engine.hpp"

namespace solve::detail::cover {

/// Searches the whole tree of `root` with `threads` workers; statistics go to *stats (they add
/// up to the same numbers as a one-thread search when the search is complete).
void run_parallel(Engine& root, Control& control, int threads, Stats& stats);

}  // namespace solve::detail::cover
