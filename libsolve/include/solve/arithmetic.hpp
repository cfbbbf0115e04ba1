#pragma once
// Arithmetic between variables, each z = f(x, y) as in MiniZinc/FlatZinc (int_times,
// int_div, int_mod, int_pow, int_abs, int_min, int_max, array_int_minimum/maximum).
//
//   solve::times(m, x, y, area);          // area == x * y
//   solve::maximum(m, ends, makespan);    // makespan == max(ends)
//
// Propagation: times, divide, modulo and power are domain-consistent while x and y have at
// most 4096 value pairs, and work on bounds (interval arithmetic, 64-bit) above that; abs is
// domain-consistent; min and max are bounds-consistent. Every one is exact on complete
// assignments at every level (below Propagation::arc the engine checks them).
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// z == x * y.
SOLVE_API void times(Model& m, Var x, Var y, Var z);
/// z == x / y, rounded toward zero (C++ and FlatZinc int_div); y != 0.
SOLVE_API void divide(Model& m, Var x, Var y, Var z);
/// z == x % y, the remainder with the sign of x (C++ and FlatZinc int_mod); y != 0.
SOLVE_API void modulo(Model& m, Var x, Var y, Var z);
/// z == x^y for y >= 0; for y < 0 as FlatZinc's int_pow: 1 / x^-y rounded toward zero, and
/// no solution when x == 0.
SOLVE_API void power(Model& m, Var x, Var y, Var z);
/// z == |x|.
SOLVE_API void abs(Model& m, Var x, Var z);
/// z == min(x, y).
SOLVE_API void min(Model& m, Var x, Var y, Var z);
/// z == max(x, y).
SOLVE_API void max(Model& m, Var x, Var y, Var z);
/// z == the smallest of xs (ModelError when xs is empty).
SOLVE_API void minimum(Model& m, std::span<const Var> xs, Var z);
/// z == the largest of xs (ModelError when xs is empty).
SOLVE_API void maximum(Model& m, std::span<const Var> xs, Var z);

}  // namespace solve
