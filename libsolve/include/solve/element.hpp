#pragma once
// Element: a variable index into an array of constants or of variables.
//
//   solve::element(m, costs, choice, cost);   // cost == costs[choice]
//
// Indices count from 0 (a FlatZinc front-end passes the view index - 1); index values
// outside the array are removed. Propagation is domain-consistent on the index and the
// result for constant arrays; for variable arrays the index keeps the positions whose
// variable shares a value with the result, the result keeps the values some such variable
// has, and once the index is fixed the chosen variable equals the result.
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// result == array[index]. ModelError on an empty array.
SOLVE_API void element(Model& m, std::span<const int> array, Var index, Var result);
/// result == array[index], array of variables. ModelError on an empty array.
SOLVE_API void element(Model& m, std::span<const Var> array, Var index, Var result);

}  // namespace solve
