#pragma once
// A binary extensional constraint with precomputed support bitsets: (x, y) is one of the
// allowed pairs. Arc consistent; a revision costs one OR of a bitset per value left, instead
// of a scan of every pair (what table() does for any arity). Meant for grids of neighbour
// relations such as edge matching.
//
//   solve::binary_table(m, left, right, pairs);  // pairs: {{a, b}, ...}
#include <utility>
#include <vector>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// (x, y) is one of `allowed` (pairs of values; others are ignored as unreachable).
SOLVE_API void binary_table(Model& m, Var x, Var y,
                            const std::vector<std::pair<int, int>>& allowed);

}  // namespace solve
