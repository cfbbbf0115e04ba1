#pragma once
// Small helpers shared by the built-in propagators.
#include "solve/space.hpp"
#include "solve/types.hpp"

namespace solve::detail {

/// True when the running search asks only for forward checking (or mere checking): a
/// propagator then prunes from assigned variables only.
inline bool from_assigned_only(const Space& s) { return s.propagation() <= Propagation::forward; }

/// True at Propagation::none: built-in constraints then only check the assigned variables.
inline bool check_only(const Space& s) { return s.propagation() == Propagation::none; }

/// The status of a propagator after its domain operations: failed if the space failed.
inline PropStatus settle(const Space& s, PropStatus st) { return s.failed() ? PropStatus::failed : st; }

}  // namespace solve::detail
