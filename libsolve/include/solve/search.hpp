#pragma once
// Searching a model: first solution, every solution through a callback, or a count, with
// limits and statistics. Depth-first search with d-way branching (a node = one value tried
// for one variable), explicit stack and trail (see src/csp/search.cpp for the loop).
//
//   solve::Model m; ... post constraints ...
//   solve::SearchOptions o{.propagation = solve::Propagation::forward};
//   if (auto s = solve::solve_first(m, o)) use((*s)[x]);
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "solve/model.hpp"
#include "solve/stats.hpp"
#include "solve/types.hpp"

namespace solve {

/// One complete assignment: a value per variable of the model.
class Solution {
 public:
  Solution() = default;
  explicit Solution(std::vector<int> values) : values_(std::move(values)) {}
  /// The value of x (of a view: the view's value).
  int operator[](Var x) const { return int(x.apply(values_.at(std::size_t(x.id)))); }
  const std::vector<int>& values() const { return values_; }
  friend bool operator==(const Solution&, const Solution&) = default;

 private:
  std::vector<int> values_;
};

/// What the trace hook is told.
struct TraceEvent {
  enum class Kind { decide, fail, backtrack, solution };
  Kind kind;
  int depth;   ///< search level (1 for the first decision)
  Var var;     ///< the variable decided (decide, fail, backtrack)
  int value;   ///< the value tried (decide, fail)
};

/// Everything a search can be told; the defaults are the fastest general setting.
struct SearchOptions {
  Propagation propagation = Propagation::domain;
  VarOrder var_order = VarOrder::dom_wdeg;
  ValOrder val_order = ValOrder::ascending;
  Branching branching = Branching::refutation;
  std::uint64_t seed = 1;           ///< for ValOrder::random
  std::uint64_t max_solutions = 0;  ///< stop after this many (0: no limit)
  std::uint64_t max_nodes = 0;      ///< stop after this many nodes (0: no limit)
  double max_seconds = 0;           ///< stop after this much wall-clock time (0: no limit)
  const std::atomic<bool>* cancel = nullptr;  ///< stop soon after it becomes true
  std::function<void(const TraceEvent&)> trace;  ///< called at every decision/backtrack
  /// Worker threads for search(), count() and solve_first(). With more than one, the tree is
  /// cut into subproblems that the workers share: the solution count is the same for every
  /// value, the order of solutions and the node counts are not; the callback is called from
  /// the workers, one call at a time; max_nodes is shared by the workers. A trace hook, and
  /// the Search class, always use one thread.
  int threads = 1;
};

/// How a search ended.
struct Result {
  StopReason stop = StopReason::exhausted;
  Stats stats;
  /// With an objective (Model::minimize/maximize): the value of the best solution found.
  std::optional<std::int64_t> objective;
  /// True when the tree was searched to the end (so a count is exact, "none" is a proof, and
  /// the best solution of an optimisation is optimal).
  bool complete() const { return stop == StopReason::exhausted; }
  /// An optimum was found and proved.
  bool optimal() const { return objective.has_value() && complete(); }
};

/// Called for each solution; return false to stop the search.
using SolutionCallback = std::function<bool(const Solution&)>;

/// An engine over one model: next() returns solutions one by one (with an objective, each
/// better than the last; the last before nullopt is optimal when result().complete()).
class Search {
 public:
  Search(const Model& model, SearchOptions options = {});
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;
  /// The next solution, or nullopt when the tree is exhausted or a limit stopped it
  /// (result().stop tells which).
  std::optional<Solution> next();
  /// Statistics so far and why it stopped (exhausted until a limit is hit).
  Result result() const;
  /// Like next() but without building the solution (for counting).
  bool advance();
  /// The values of the last solution found by advance() or next().
  Solution current() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Calls on_solution for every solution (until it returns false or a limit is reached). With
/// an objective, for every solution better than the ones before (anytime branch and bound).
Result search(const Model& model, const SearchOptions& options,
              const SolutionCallback& on_solution);
/// The first solution, or nullopt. Statistics go to *stats when given.
std::optional<Solution> solve_first(const Model& model, const SearchOptions& options = {},
                                    Result* result = nullptr);
/// Counts solutions (result.stats.solutions); result.complete() tells if the count is exact.
/// An objective is ignored: every solution counts.
Result count(const Model& model, const SearchOptions& options = {});
/// The best solution of a model with an objective (branch and bound; without one, the first
/// solution), or nullopt when there is none. When a limit stops the search, the best found so
/// far, with result->optimal() false.
std::optional<Solution> solve_best(const Model& model, const SearchOptions& options = {},
                                   Result* result = nullptr);

/// Checks a full assignment against every constraint of the model (for tests and tools).
bool satisfies(const Model& model, const std::vector<int>& values);

}  // namespace solve
