#pragma once
// What every search of the library (CSP and exact cover) can be told besides its own
// settings: when to stop early, and whom to tell how far it got. Plain data.
//
//   solve::Limits l{.max_seconds = 10, .cancel = &interrupted};
//   options.limits = l;               // the same for solve::SearchOptions and CoverOptions
#include <atomic>
#include <cstdint>
#include <functional>

namespace solve {

/// When a search stops before its tree is exhausted; every field at its default means "no
/// limit". Result::stop says which limit stopped it.
struct Limits {
  std::uint64_t max_solutions = 0;            ///< stop after this many solutions
  std::uint64_t max_nodes = 0;                ///< stop after this many nodes (shared by threads)
  double max_seconds = 0;                     ///< stop after this much wall-clock time
  const std::atomic<bool>* cancel = nullptr;  ///< stop soon after it becomes true
};

/// What the progress hook is told.
struct Progress {
  double done = 0;              ///< estimated fraction of the search tree already explored;
                                ///< never decreases, and is 1 in the last report of a search
                                ///< that went through its whole tree
  std::uint64_t solutions = 0;  ///< solutions found so far
  std::uint64_t nodes = 0;      ///< nodes so far (about: workers report every few nodes)
  double seconds = 0;           ///< since the search started
};

/// Called about every progress_seconds, always from the thread that started the search.
using ProgressHook = std::function<void(const Progress&)>;

}  // namespace solve
