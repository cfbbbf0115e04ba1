#pragma once
// Multi-threaded search: the tree is cut into many subproblems (prefixes of decisions) that
// together cover it exactly once, and worker threads take them from a shared index. Counts
// are the same for every number of threads; the order of solutions is not.
#include <optional>

#include "solve/search.hpp"

namespace solve::detail {

/// search() with options.threads > 1 (on_solution may be empty: counting). With a goal, the
/// workers share the best objective value (branch and bound across threads) and only
/// solutions better than every one reported before reach on_solution.
Result parallel_search(const Model& model, const SearchOptions& options, const SolutionCallback& on_solution,
                       const std::optional<Objective>& goal);

}  // namespace solve::detail
