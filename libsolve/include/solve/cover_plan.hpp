#pragma once
// What an exact-cover search runs (solve/exact_cover.hpp): the engine, the item choice and the
// other choices the plan resolves from CoverOptions. Here, not in exact_cover.hpp, because
// every Result carries the plan it ran (solve/stats.hpp).
#include <cstdint>

namespace solve {

/// Which open primary item to branch on.
enum class ItemChoice {
  automatic,  ///< chosen per problem, with the engine: a quick random-path estimate of the tree
              ///< under each rule (Knuth's), the one expected to cost least (see
              ///< docs/exact-cover.md); `first` for memoised counts, `mrv` with a prune hook, with
              ///< multiplicities and on tiny problems. Never changes a count, only the work
  mrv,        ///< fewest remaining options (minimum remaining values); ties: lowest id. With
              ///< multiplicities, Knuth's rule: fewest branches (options left + 1 - covers still
              ///< needed); ties: less slack, then longer list, then lowest id
  first,      ///< lowest id still open (options are then tried in the order they were added);
              ///< see CoverOptions::scarce_lookahead
};

/// Which engine runs the search.
enum class CoverEngine {
  automatic,  ///< the engine expected to cost least, from the same estimate as
              ///< ItemChoice::automatic (without it: bitset when the problem fits it and the
              ///< choice is `first` or every item is primary, else dancing links). 0:1 items
              ///< count as secondary when that changes no solution (every option has a 1:1 item)
  dlx,        ///< dancing links: any size, colours, multiplicities (Algorithm M as in dlx3)
  bitset,     ///< options as bit masks: at most 256 items, no colours, no multiplicities but
              ///< 0:1 items that act as secondary ones (ModelError otherwise)
  sparse,     ///< sparse sets (Knuth's "dancing cells", ssxcc): any size, colours,
              ///< multiplicities; the same tree as dlx (chosen by `automatic` where its cost
              ///< model wins: long options, colours)
};

/// What a search with some options runs: every `automatic` choice resolved. solve::plan() gives
/// it before a search; Result::plan says what ran (with a memo trial: whether it finished).
struct CoverPlan {
  CoverEngine engine = CoverEngine::dlx;
  ItemChoice item_choice = ItemChoice::mrv;
  bool probed = false;  ///< chosen from the tree estimate (else by the fixed rule)
  /// Algorithm M (dancing links or sparse sets): the problem has items with multiplicities
  /// that X and C cannot read as secondary ones, or an engine was named for a problem with bounds.
  bool multiplicities = false;
  /// The first-item rule's look at scarce items (CoverOptions::scarce_lookahead) is on: first
  /// item choice, no multiplicities.
  bool scarce_lookahead = false;
  /// A memoised count: CoverOptions::memo, or the memo trial (below) finished the count.
  bool memo = false;
  /// count(): the nodes a memoised count is given before the plain search (0: no trial;
  /// CoverOptions::memo_trial).
  std::uint64_t memo_trial_nodes = 0;
  /// The tree estimate for the chosen item choice: nodes (0 when not probed).
  double estimated_nodes = 0;
};

}  // namespace solve
