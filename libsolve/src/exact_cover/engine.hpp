#pragma once
// What the exact-cover engines (dancing links: dlx.cpp, bitset: bitset_engine.cpp) share on
// top of the driver's contract (search/engine.hpp): the options with their hooks, the
// solution callback, and how a solution is reported. An engine's position is the options
// chosen so far; Work::path lists options, Work::tail = {from, to} names a range of the
// branching item's alternatives in the engine's own positions (valid in its clones).
#include <cstdint>
#include <span>
#include <vector>

#include "search/engine.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

class CoverSearch : public SearchEngine {
 protected:
  CoverSearch(const CoverOptions& options, const CoverCallback& on_solution, Control& control)
      : opt_(&options),
        on_solution_(&on_solution),
        control_(&control),
        tally_(control.tally_alone()) {}

  /// Every primary item is covered by `chosen`: counts it, or delivers it. False: stop.
  bool report(std::span<const int> chosen) {
    if (tally_) {
      ++stats_.solutions;
      return true;
    }
    return control_->solution([&] { return !*on_solution_ || (*on_solution_)(chosen); });
  }

  const CoverOptions* opt_;
  const CoverCallback* on_solution_;
  Control* control_;
  bool tally_;  // control_->tally_alone(), at hand
};

/// The frame dancing links (dlx.cpp) and sparse sets (sparse.cpp) share: a stack of levels,
/// each an item branched on and the option chosen there (-1: Algorithm M's "no more
/// options"), the level a run started at, and the poll. The engine keeps the rest of each
/// level (its alternatives, its marks) in arrays of its own.
class LevelStack : public CoverSearch {
 protected:
  using CoverSearch::CoverSearch;

  /// At the top of run(), once the work's path is pushed: the run's base level and its first
  /// poll. False: stop at once.
  bool start_run(Worker& worker) {
    base_ = level_;
    stopping_ = false;
    return poll_.start(worker, stats_.solutions) != 0;
  }
  /// Counts a node; false when a poll says stop (stopping_ is then set).
  bool count_node() {
    ++stats_.nodes;
    return poll_.tick() || poll_due();
  }
  /// The poll of count_node(), once every poll_interval() nodes: out of line, so that the
  /// node's own path stays small where it is inlined.
  [[gnu::noinline]] bool poll_due() {
    if (!poll_.poll(stats_.solutions)) stopping_ = true;
    return !stopping_;
  }
  /// The options chosen so far, in choice order (M's "no more options" levels left out).
  std::span<const int> chosen_options();
  /// Tells the trace hook of level l's choice or backtrack.
  void trace(CoverTraceEvent::Kind kind, std::size_t l) const;
  /// The engines' internal item numbers: primary items first, each part in id order (without
  /// Algorithm M the items covered_once are the primary ones), counted from `first` (dancing
  /// links keeps 0 for a ring's head). Fills item_id_ (`slots` entries, -1 where no item) and
  /// returns id -> internal number; `primary` gets the number of primary items.
  std::vector<std::int32_t> number_items(const ExactCover& problem, std::int32_t first,
                                         std::size_t slots, std::int32_t& primary);

  std::vector<std::int32_t> item_, chosen_;  // per level: the item (internal), the option or -1
  std::vector<int> compact_;                 // chosen_options() under M
  std::vector<int> item_id_;                 // internal item -> problem item id
  int level_ = 0;                            // options chosen (pushed ones included)
  int base_ = 0;                             // level where the current run started
  bool multi_ = false;                       // Algorithm M
  bool tracing_ = false, pruning_ = false;   // the hooks are set
  bool stopping_ = false;                    // a poll or the solution callback said stop
  PollBudget poll_;
};

}  // namespace solve::detail::cover
