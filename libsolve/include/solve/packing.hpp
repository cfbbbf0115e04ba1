#pragma once
// Packing constraints: rectangles that must not overlap (diffn), as in MiniZinc's
// globals.packing.
//
//   // boxes of 3x2, 1x2 and 4x2 in a 4x4 square (each origin within 0..4 - its size):
//   std::vector<Var> x{m.add_var(0, 1), m.add_var(0, 3), m.add_var(0, 0)},
//                    y{m.add_var(0, 2), m.add_var(0, 2), m.add_var(0, 2)},
//                    w{m.add_var(3, 3), m.add_var(1, 1), m.add_var(4, 4)},
//                    h{m.add_var(2, 2), m.add_var(2, 2), m.add_var(2, 2)};
//   solve::diffn(m, x, y, w, h);  // 4 solutions
#include <span>
#include <vector>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// Rectangle i has its origin at (x[i], y[i]) and the size dx[i] by dy[i]; no two overlap:
/// for every pair i < j, x[i] + dx[i] <= x[j] or x[j] + dx[j] <= x[i] or y[i] + dy[i] <= y[j]
/// or y[j] + dy[j] <= y[i] (MiniZinc's diffn: a rectangle of zero width still may not lie
/// strictly inside another). Propagation (bounds): per pair, when one of the four relations
/// is left possible it is enforced on the bounds; and when no size can be negative, on each
/// axis the projection as a cumulative resource (the rectangles as tasks using their other
/// side's length, the capacity the extent of all placements along the other axis): a sweep
/// over the compulsory parts fails on an overload and pushes each rectangle's start past the
/// places it cannot fit, and the sum of the minimum areas must fit the bounding box. O(n^2)
/// per run. Throws ModelError when the four arrays differ in length.
SOLVE_API void diffn(Model& m, std::span<const Var> x, std::span<const Var> y,
                     std::span<const Var> dx, std::span<const Var> dy);

/// As diffn, but a pair where one of the four sizes is 0 is never in conflict (MiniZinc's
/// diffn_nonstrict: zero-size rectangles can be placed anywhere).
SOLVE_API void diffn_nonstrict(Model& m, std::span<const Var> x, std::span<const Var> y,
                               std::span<const Var> dx, std::span<const Var> dy);

/// diffn in k dimensions (MiniZinc's diffn_k): box i has its origin origins[i][a] and the
/// side sizes[i][a] on axis a (k = origins[i].size(), the same for every box); every pair is
/// apart on some axis. The same reasoning as diffn, the projections using the product of
/// the other sides (and of the other axes' extents). Throws ModelError when the boxes have
/// different dimensions or origins and sizes differ in number.
SOLVE_API void diffn_k(Model& m, std::span<const std::vector<Var>> origins,
                       std::span<const std::vector<Var>> sizes);

/// As diffn_k, but a pair where one of the sides is 0 is never in conflict
/// (MiniZinc's diffn_nonstrict_k).
SOLVE_API void diffn_nonstrict_k(Model& m, std::span<const std::vector<Var>> origins,
                                 std::span<const std::vector<Var>> sizes);

}  // namespace solve
