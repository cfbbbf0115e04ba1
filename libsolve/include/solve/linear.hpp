#pragma once
// Linear constraints: sum of a_i * x_i compared with a constant or a variable.
//
//   solve::linear(m, {{1, 2, 3}}, xs, solve::Rel::le, 10);   // x0 + 2 x1 + 3 x2 <= 10
//   solve::linear(m, xs, solve::Rel::eq, total);             // x0 + x1 + x2 == total
//
// Propagation: bounds consistency for =, <=, >= (<, > become <=, >= on integers); != prunes
// once a single variable is open. All arithmetic is 64-bit; a model whose bounds could
// overflow it is a ModelError at post time. Views in xs are expanded (a * (b x + c) adds
// a*b to x's coefficient and a*c to the constant) and repeated variables are merged.
// Two-variable forms post the cheaper binary constraints (x - y <= c is less_equal on a
// view). Below Propagation::arc the engine checks them (backtracking, forward checking).
#include <cstdint>
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// sum(coefs[i] * xs[i]) rel c. Throws ModelError when the sizes differ or on overflow.
SOLVE_API void linear(Model& m, std::span<const int> coefs, std::span<const Var> xs, Rel rel,
                      std::int64_t c);
/// sum(coefs[i] * xs[i]) rel y.
SOLVE_API void linear(Model& m, std::span<const int> coefs, std::span<const Var> xs, Rel rel,
                      Var y);
/// sum(xs) rel c.
SOLVE_API void linear(Model& m, std::span<const Var> xs, Rel rel, std::int64_t c);
/// sum(xs) rel y.
SOLVE_API void linear(Model& m, std::span<const Var> xs, Rel rel, Var y);

/// x rel y for two variables (or views): the binary forms of linear().
SOLVE_API void compare(Model& m, Var x, Rel rel, Var y);
/// x rel c.
SOLVE_API void compare(Model& m, Var x, Rel rel, std::int64_t c);

}  // namespace solve
