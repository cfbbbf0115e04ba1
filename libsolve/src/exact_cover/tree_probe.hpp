#pragma once
// A cheap look at the search tree before the search, to choose how to search it: Knuth's
// estimate of a backtrack tree (D. E. Knuth, "Estimating the efficiency of backtrack
// programs", Math. Comp. 29, 1975; TAOCP 7.2.2). A path goes from the root to a leaf, at each
// node to one of its d children at random; the node's subtree is then taken to be d times the
// child's. Averaged over paths, this gives an unbiased estimate of the number of nodes, and of
// any cost summed over the nodes (list updates, items scanned). The variance can be large on
// lopsided trees; the estimates only need to rank choice rules, which differ by factors.
//
// The first-item rule is walked without its look-ahead at scarce items (scarce.hpp), so the
// estimate is of a tree at least as big as the one the engines walk (the look-ahead only cuts
// subtrees). Walked with it, most random paths end at once on a scarce item and say nothing
// of the rest: on macmahon-hexagon-abc11 the plan's first 3 paths put that tree at 16 nodes,
// where 5 000 paths put it at 7e9, and the plan took the first-item rule for a search of hours.
//
// The probe runs Algorithms X and C on a light copy of the problem (per-item option lists and
// live counts, no links) and never Algorithm M: for problems that need multiplicities the
// plan does not probe (shape.cpp).
#include <cstdint>
#include <memory>

#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// What a search with one choice rule is expected to do, summed over the whole tree.
struct TreeEstimate {
  double nodes = 0;    ///< options chosen (stats.nodes, same for every engine)
  double updates = 0;  ///< dancing links' list removals (stats.updates of dlx)
  double scans = 0;    ///< open primary items looked at to choose an item (MRV; 0 for first)
  double tests = 0;    ///< the bitset engine's option tests (a rough model of its lists)
  double steps = 0;    ///< what the probe itself did (option visits), for its cost cap
  int paths = 0;       ///< paths followed (fewer than asked when the cap was reached)
};

/// How much probing: `paths` random paths per rule, stopped early after about `max_steps`
/// option visits; the random numbers come from `seed` alone (the same estimate every time).
struct ProbeOptions {
  int paths = 200;
  double max_steps = 4e6;
  /// A path is cut off where the steps of the whole estimate reach this (its figures so far
  /// then stand for it: a lower bound). max_steps is only tested between paths, and one MRV
  /// path down a deep tree of many items (10^5 levels x 3 * 10^5 items) scans for minutes.
  double max_path_steps = 4e6;
  std::uint64_t seed = 0x5eed'c0ffee;
  /// Whether to estimate TreeEstimate::tests (only the bitset engine's model reads them;
  /// without them the MRV scan is cheaper). The other figures do not change.
  bool tests = true;
};

/// A problem without needs_multiplicities() (0:1 items read as secondary ones) as the probe
/// walks it, made once for any number of estimates.
class TreeProbe {
 public:
  explicit TreeProbe(const ExactCover& problem);
  ~TreeProbe();
  TreeProbe(const TreeProbe&) = delete;
  TreeProbe& operator=(const TreeProbe&) = delete;
  /// The estimate for one rule (`mrv` or `first`). Deterministic for given options.
  TreeEstimate estimate(ItemChoice rule, const ProbeOptions& options);

 private:
  class Walk;
  std::unique_ptr<Walk> walk_;
};

/// TreeProbe(problem).estimate(rule, options).
TreeEstimate estimate_tree(const ExactCover& problem, ItemChoice rule,
                           const ProbeOptions& options = {});

}  // namespace solve::detail::cover
