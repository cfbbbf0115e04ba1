#pragma once
// The built-in constraints, posted with free functions. The propagator classes behind them
// are private (libsolve/src/propagators/); a post function may pick a cheaper one for small
// cases (all_different of two variables is not_equal).
#include <span>
#include <vector>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// All variables take pairwise different values.
SOLVE_API void all_different(Model& m, std::span<const Var> xs);
/// x < y
SOLVE_API void less(Model& m, Var x, Var y);
/// x <= y
SOLVE_API void less_equal(Model& m, Var x, Var y);
/// x != y
SOLVE_API void not_equal(Model& m, Var x, Var y);
/// x == y
SOLVE_API void equal(Model& m, Var x, Var y);
/// x == v (unary fixing). If v is not in x's domain the model is unsatisfiable (not an error).
SOLVE_API void fix(Model& m, Var x, int v);
/// x takes one of the values (any order, duplicates ignored; none: unsatisfiable).
SOLVE_API void in_set(Model& m, Var x, std::span<const int> values);
/// x takes none of the values.
SOLVE_API void not_in_set(Model& m, Var x, std::span<const int> values);
/// The tuple of values of xs is one of the allowed tuples (each of size xs.size()).
/// Throws ModelError when a tuple has the wrong size.
SOLVE_API void table(Model& m, std::span<const Var> xs, std::vector<std::vector<int>> allowed);

}  // namespace solve
