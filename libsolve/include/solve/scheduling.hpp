#pragma once
// Scheduling: tasks with a start time and a duration sharing a resource.
//
//   // three jobs on one machine, then on a pool of 2 workers
//   solve::disjunctive(m, starts, durations);
//   solve::cumulative(m, starts, durations, workers_needed, m.add_var(2, 2));
//
// Every argument is a Var (a constant is a Var with one value, or a view of one). A task i
// runs over [s_i, s_i + d_i). The propagators reason on each task's earliest start min(s_i),
// latest start max(s_i) and its least duration and usage min(d_i), min(r_i), which is sound
// for variable durations and usages (a task lasting longer covers its shortest version);
// check() decides every complete assignment exactly.
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// Cumulative resource: at every time t, the usages r_i of the tasks running at t
/// (s_i <= t < s_i + d_i) add up to at most `capacity`. Durations and usages are
/// non-negative (their negative values are removed); a task of duration 0 or usage 0 uses
/// nothing (as in MiniZinc). With at least one task, capacity >= 0.
/// Prunes: the starts by time-tabling (each task against the profile of the compulsory parts
/// [max s, min s + min d) of the others, O(n log n) to build plus the profile segments each
/// task's window crosses), reasons on energy with a Θ-Λ-tree (O(n log n): fails on an
/// overload; a task that cannot end by the latest end of a set it would overload with starts
/// later: edge-finding detection), and raises the capacity's minimum to the profile's peak.
/// Throws ModelError when the arrays differ in size or name a foreign variable.
SOLVE_API void cumulative(Model& m, std::span<const Var> starts, std::span<const Var> durations,
                          std::span<const Var> usages, Var capacity);

/// How disjunctive() treats a task of duration 0.
enum class ZeroDuration {
  strict,  ///< it may not lie strictly inside another task (MiniZinc's disjunctive_strict)
  free,    ///< it may be anywhere (MiniZinc's disjunctive)
};

/// Unary resource: no two tasks overlap, s_i + d_i <= s_j or s_j + d_j <= s_i for every pair
/// (with ZeroDuration::free, a pair with a task of duration 0 is exempt). Durations are
/// non-negative (negative values are removed).
/// Prunes the starts, after Vilím, with a Θ-Λ-tree in O(n log n) each: overload checking,
/// detectable precedences, not-first/not-last and edge finding, both ways in time. Under
/// ZeroDuration::free the tasks whose duration may still be 0 are left out of the reasoning
/// until it is known to be positive.
/// Throws ModelError when the arrays differ in size or name a foreign variable.
SOLVE_API void disjunctive(Model& m, std::span<const Var> starts, std::span<const Var> durations,
                           ZeroDuration zero = ZeroDuration::strict);

}  // namespace solve
