#pragma once
// Branching heuristics: which variable to decide next, and in which order to try its values.
// Chosen by enum (SearchOptions, and per group of variables by Model::branch), after Gecode's
// INT_VAR_SIZE_MIN / DEGREE_MAX / AFC and FlatZinc's int_search choices.
#include <cstdint>
#include <vector>

#include "csp/kernel.hpp"
#include "solve/types.hpp"

namespace solve::detail::csp {

/// The unassigned variable to branch on, or -1 when every variable is assigned. Walks only
/// the open variables (the engine's sparse set; a cursor for input order).
int select_variable(PropagationKernel& e, VarOrder order);

/// What to branch on next: the variable and the order of its values.
struct BranchChoice {
  int var;      ///< -1 when every variable is assigned
  ValOrder val;
};
/// The model's branch groups first (Model::branch), in order, each with its own orders; then
/// every open variable by var and val.
BranchChoice choose(PropagationKernel& e, VarOrder var, ValOrder val);

/// Appends the values of x to out in the order asked (random uses and advances rng).
void order_values(const Space& s, Var x, ValOrder order, std::uint64_t& rng, std::vector<int>& out);

}  // namespace solve::detail::csp
