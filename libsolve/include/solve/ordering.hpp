#pragma once
// Symmetry-breaking helpers: order constraints between sequences of variables.
//
//   // two interchangeable rows of a matrix: keep only the solutions with row a <=lex row b
//   solve::lex_less_equal(m, row_a, row_b);
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// xs <= ys lexicographically (xs[0] < ys[0], or equal and the rest <=lex). Throws ModelError
/// when the sizes differ. Propagation on bounds at the first position not fixed equal.
SOLVE_API void lex_less_equal(Model& m, std::span<const Var> xs, std::span<const Var> ys);
/// xs < ys lexicographically (strict).
SOLVE_API void lex_less(Model& m, std::span<const Var> xs, std::span<const Var> ys);

}  // namespace solve
