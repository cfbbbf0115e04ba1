#pragma once
// What the exact-cover engines (dancing links: dlx.cpp, bitset: bitset_engine.cpp) share on
// top of the driver's contract (search/engine.hpp): the options with their hooks, the
// solution callback, and how a solution is reported. An engine's position is the options
// chosen so far; Work::path lists options, Work::tail = {from, to} names a range of the
// branching item's alternatives in the engine's own positions (valid in its clones).
#include <span>

#include "search/engine.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

class CoverSearch : public SearchEngine {
 protected:
  CoverSearch(const CoverOptions& options, const CoverCallback& on_solution, Control& control)
      : opt_(&options), on_solution_(&on_solution), control_(&control), tally_(control.tally_alone()) {}

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

}  // namespace solve::detail::cover
