#pragma once
// Scarce items: what the first-item rule looks ahead at (CoverOptions::scarce_lookahead).
//
// The first-item rule branches on the lowest open item and never looks at the others, so a
// child where some other item has no option left is searched on until the rule reaches that
// item. Most of the time that costs little: every item has many options and few run out. A
// symmetry breaker changes that -- one piece kept to a corner of the board has a handful of
// placements, the other items hundreds -- and the tree fills with subtrees that the corner
// piece dooms: pentomino-6x10-sym, 20.1 M nodes, 2.6 M when the search looks at that piece's
// item at every node. Looking at every item at every node is what MRV does, at its cost (on
// pentomino-6x10-all it made the first-item search 5 times slower). So only the scarce items are
// watched: an item whose option count is at most an eighth of the median of the items'.
#include <vector>

#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// The items X and C cover once (covered_once) that are scarce (see above), ascending ids.
std::vector<int> scarce_items(const ExactCover& problem);

}  // namespace solve::detail::cover
