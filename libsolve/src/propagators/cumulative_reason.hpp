#pragma once
// The reasons of cumulative's rules (cumulative.cpp), pointwise where that is easy: a start
// moves past a stretch of the profile of compulsory parts because at some time points of it
// the tasks whose compulsory parts cover the point, by their bounds, leave too little
// capacity for it; it cannot end by L because the tasks within a window [a, L], with it,
// would need more than C (L - a).
#include <cstddef>
#include <optional>
#include <span>

#include "solve/constraint.hpp"

namespace solve::detail {

/// Explains a pruning (or the failure) of the cumulative constraint c, whose scope is n starts,
/// n durations, n usages and the capacity, from the domains `before`: the rules of
/// time-tabling and energy reasoning recomputed; what they do not give (a bound landing past a
/// hole the rules did not see) by what every rule reads: the starts' bounds, the sizes'
/// minima and the capacity's maximum (the domain of the pruned variable whole).
void explain_cumulative(const Constraint& c, std::size_t n, const Space& before,
                        std::optional<Literal> pruned, Reason& r);

}  // namespace solve::detail
