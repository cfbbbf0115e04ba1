#pragma once
// The reasons of disjunctive's rules (disjunctive.cpp), rebuilt from the sets of tasks that
// force a bound: detectable precedences and edge finding (the tasks that must all precede
// one, by their bounds), not-last (the tasks one cannot follow), and overload.
#include <cstddef>
#include <optional>

#include "solve/constraint.hpp"
#include "solve/scheduling.hpp"

namespace solve::detail {

/// Explains a pruning (or the failure) of the disjunctive constraint c, whose scope is n
/// starts then n durations, from the domains `before`, both ways in time; a pruning of the
/// mirror pass that needed the forward pass's, by the mirror rule on the forward pass's
/// bounds and their own reasons. What the rules do not give (or give larger) is explained by
/// what every rule reads: the starts' domains and the durations' minima.
void explain_disjunctive(const Constraint& c, std::size_t n, ZeroDuration zero, const Space& before,
                         std::optional<Literal> pruned, Reason& r);

}  // namespace solve::detail
