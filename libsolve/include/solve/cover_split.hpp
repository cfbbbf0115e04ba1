#pragma once
// Cutting an exact-cover problem into parts that can be counted apart (on other processes or
// machines) and added up. A part is the original problem with some options forced in and some
// kept out; the parts partition the solutions exactly, so their counts sum to the whole count.
//
//   const std::vector<solve::CoverPart> parts = solve::split_cover(problem, 200);
//   solve::BigCount total;
//   for (const solve::CoverPart& part : parts)
//     total += solve::count(solve::part_problem(problem, part).problem).count;
//
// The list depends only on the problem and the number asked for, never on threads or timing,
// so a part is named by its index in it (xcover-mpi's checkpoints rely on this).
#include <cstddef>
#include <vector>

#include "solve/exact_cover.hpp"
#include "solve/export.hpp"
#include "solve/limits.hpp"
#include "solve/stats.hpp"

namespace solve {

/// The solutions of a problem that contain every `forced` option and no `excluded` one.
struct CoverPart {
  std::vector<int> forced;    ///< option ids, ascending
  std::vector<int> excluded;  ///< option ids, ascending
  friend bool operator==(const CoverPart&, const CoverPart&) = default;
};

/// At least `parts` parts (fewer when the search tree has fewer ends), in the order a
/// depth-first search meets them, every solution in exactly one of them. Parts proved to have
/// no solution are left out (so a problem without solutions may give none at all).
///
/// How: the biggest part (most options left, ties to the earliest made) is cut until there are
/// enough. A part is cut on the open primary item with fewest options left, preferring items
/// that need exactly one more option: then into one part per option of the item (disjoint
/// alternatives); for an item with multiplicities (lo:hi bounds) into "its first option in" and
/// "that option out". Forcing an option in respects colours: the options that clash with its
/// colour on a secondary item go. Takes time about parts x the size of the problem.
SOLVE_API std::vector<CoverPart> split_cover(const ExactCover& problem, std::size_t parts);

/// A split that may have been stopped: `stop` is exhausted when it finished (then `parts` is
/// split_cover's list), else time_limit or cancelled, and `parts` is empty (a split cut short
/// names no parts: the indices of a finished one would differ).
struct CoverSplit {
  std::vector<CoverPart> parts;
  StopReason stop = StopReason::exhausted;
};

/// split_cover that polls limits.max_seconds (from the call) and limits.cancel before each
/// part it makes (the other limits do not apply), so that a long split (a million parts of a
/// big problem take minutes) stops within about the time of one part.
SOLVE_API CoverSplit split_cover(const ExactCover& problem, std::size_t parts,
                                 const Limits& limits);

/// A part as a problem of its own.
struct PartProblem {
  /// The options still possible, over the items still open: primary items not yet covered to
  /// their upper bound (their bounds lowered by what the forced options cover), secondary items
  /// still free or coloured as the forced options coloured them. Same item and colour names.
  ExactCover problem;
  /// The original id of each of its options (problem option o is original option options[o]).
  std::vector<int> options;
  /// True when the forced options alone already rule every solution out (then `problem` has
  /// one primary item and no option, so it counts 0).
  bool empty = false;
};

/// The part as a reduced problem: its solutions, each with the forced options added, are the
/// part's solutions, one for one. Throws ModelError for an option id out of range, or one
/// given twice (in forced, excluded, or both).
SOLVE_API PartProblem part_problem(const ExactCover& problem, const CoverPart& part);

}  // namespace solve
