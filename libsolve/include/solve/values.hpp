#pragma once
// Constraints on which values a group of variables takes: all different but for some values,
// the order in which values first appear (symmetry breaking of interchangeable values), the
// index of the largest or smallest variable, and membership. (nvalue, the number of distinct
// values, is in counting.hpp.) Built on the public Constraint interface (constraint.hpp).
//
//   // at most one machine per slot, 0 meaning "idle":
//   solve::all_different_except_0(m, slots);
//   // colours are interchangeable: colour 1 is used before 2, 2 before 3
//   solve::value_precede_chain(m, std::vector<int>{1, 2, 3}, colour);
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// The xs that take a value outside `except` are pairwise different (any number of them may
/// take a value of `except`). Propagation: at none, the assigned values outside `except` are
/// checked; at forward and arc, an assigned value outside `except` is removed from the other
/// variables; at domain, Regin's matching (regin.hpp) over the variables that cannot take a
/// value of `except`, and the values every such matching uses are removed from the others
/// (domain consistency). O(n * d) per run at arc, O(n * d * m) at domain (d values per
/// domain, m distinct values).
SOLVE_API void all_different_except(Model& m, std::span<const Var> xs,
                                    std::span<const int> except);
/// all_different_except(m, xs, {0}).
SOLVE_API void all_different_except_0(Model& m, std::span<const Var> xs);

/// For each i, if values[i + 1] occurs in xs, then values[i] occurs before its first
/// occurrence (Law and Lee's value precedence, chained). Throws ModelError when a value is
/// listed twice. Propagation (arc and domain): domain consistency, by a forward and a backward
/// pass over the automaton whose state is the longest prefix of `values` seen so far
/// (O(n * (d + k)) for k < 64 values, O(n * (d + k^2)) beyond).
SOLVE_API void value_precede_chain(Model& m, std::span<const int> values, std::span<const Var> xs);
/// value_precede_chain(m, {s, t}, xs): t does not occur before s's first occurrence. Throws
/// ModelError when s == t.
SOLVE_API void value_precede(Model& m, int s, int t, std::span<const Var> xs);

/// index == base + (the position of the first largest of xs): MiniZinc's arg_max with the
/// array's index set starting at base. Throws ModelError when xs is empty or base + size
/// overflows. Propagation (bounds): index loses the positions that cannot hold the first
/// maximum (max(x_j) too small beside the others' minima); every variable outside index's
/// positions is kept below the largest max of the positions left (strictly below those after
/// it); index assigned, x_j is kept above its predecessors and at least its successors.
SOLVE_API void arg_max(Model& m, std::span<const Var> xs, Var index, int base = 1);
/// index == base + (the position of the first smallest of xs): arg_max over -xs.
SOLVE_API void arg_min(Model& m, std::span<const Var> xs, Var index, int base = 1);

/// y equals one of xs. Throws ModelError when xs is empty. Propagation (domain consistency):
/// y keeps the values some x can take; when a single x can still equal y, x and y keep their
/// common values. O(|dom y| * n) per run.
SOLVE_API void member(Model& m, std::span<const Var> xs, Var y);

}  // namespace solve
