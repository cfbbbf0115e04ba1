#pragma once
// Boolean constraints. A Boolean is an integer variable with domain {0, 1} (Model::add_bool);
// 1 is true. bool2int is the identity: a Boolean is usable in linear sums as it is, and
// negation(b) (solve/types.hpp) is the view 1 - b, so "not b" costs no variable.
//
//   solve::clause(m, {a, b}, {c});          // a or b or not c
//   solve::bool_and(m, {a, b}, r);          // r <=> (a and b)
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// At least one of pos is 1 or one of neg is 0 (FlatZinc bool_clause). Watched literals.
SOLVE_API void clause(Model& m, std::span<const Var> pos, std::span<const Var> neg);
/// r <=> (some x of xs is 1)  (array_bool_or; bool_or(a, b, r) is xs = {a, b}).
SOLVE_API void bool_or(Model& m, std::span<const Var> xs, Var r);
/// r <=> (every x of xs is 1)  (array_bool_and).
SOLVE_API void bool_and(Model& m, std::span<const Var> xs, Var r);
/// r <=> (an odd number of xs are 1)  (bool_xor(a, b, r) is xs = {a, b}).
SOLVE_API void bool_xor(Model& m, std::span<const Var> xs, Var r);
/// An odd (odd = true) or even number of xs are 1  (array_bool_xor is odd = true).
SOLVE_API void parity(Model& m, std::span<const Var> xs, bool odd);
/// b == not a.
SOLVE_API void bool_not(Model& m, Var a, Var b);

}  // namespace solve
