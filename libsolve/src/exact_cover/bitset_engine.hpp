#pragma once
// The bitset engine, for small problems without colours: each option is a mask of W 64-bit
// words over the items (bit = item id), the covered items one more mask, and "does option o
// fit?" one AND per word. Secondary items are simply bits that no option may share.
//
// Each item keeps the list of options it branches over: with ItemChoice::first only the
// options whose lowest primary item it is (every lower item is covered when it is chosen, so
// the others cannot fit), with ItemChoice::mrv every option that contains it. Either way the
// search tree -- and the node count -- is the one dancing links walks with the same choice rule.
//
// Two tricks keep the scan of a list short (measured on the 6x10 pentomino, all 9356
// solutions, first-item rule: 35 mask tests per node with plain lists, about 4 with both):
// - the list is precomputed once per pattern of its K most frequent other items (K <= 5):
//   the pattern of those items already covered picks a list without the options they block;
// - consecutive options that share an item (the orientations of one piece) form a run that
//   one bit test skips once that item is covered.
#include <memory>

#include "exact_cover/engine.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// Largest problem the bitset engine takes (items of every kind).
constexpr int bitset_max_items = 256;

class MemoCounter;

/// A bitset engine sized for the problem (0:1 items read as secondary ones). Throws ModelError
/// when the problem has colours, needs multiplicities, or has more than bitset_max_items items.
/// With `memo`, run() counts into it instead of reporting solutions (memoised counting: the
/// key of a node is its mask of covered items, bitset_key_words() words).
std::unique_ptr<CoverSearch> make_bitset_engine(const ExactCover& problem,
                                                const CoverOptions& options,
                                                const CoverCallback& on_solution, Control& control,
                                                MemoCounter* memo = nullptr);
inline int bitset_key_words(const ExactCover& problem) { return (problem.num_items() + 63) / 64; }

}  // namespace solve::detail::cover
