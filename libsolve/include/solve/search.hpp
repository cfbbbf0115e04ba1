#pragma once
// Searching a model: first solution, every solution through a callback, or a count, with
// limits, progress, statistics and threads. Depth-first search with d-way branching (a node =
// one value tried for one variable), explicit stack and trail. The loop is in
// libsolve/src/csp/dfs.cpp; limits, threads and statistics are the driver's that both halves
// of the library share (libsolve/src/search/).
//
//   solve::Model m; ... post constraints ...
//   solve::SearchOptions o{.propagation = solve::Propagation::forward, .limits = {.max_seconds = 10}};
//   if (auto s = solve::solve_first(m, o)) use((*s)[x]);
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "solve/explain.hpp"
#include "solve/export.hpp"
#include "solve/limits.hpp"
#include "solve/model.hpp"
#include "solve/stats.hpp"
#include "solve/types.hpp"

namespace solve {

/// One complete assignment: a value per variable of the model.
class SOLVE_API Solution {
 public:
  Solution() = default;
  /// Values by variable index, of no model in particular: any Var in range reads them.
  explicit Solution(std::vector<int> values) : values_(std::move(values)) {}
  /// Values of m's variables (what a search delivers): a Var of another model is refused.
  Solution(std::vector<int> values, const Model& m)
      : values_(std::move(values)), identity_(m.identity()) {}
  /// The value of x (of a view: the view's value). Throws ModelError for a Var of another
  /// model or an index out of range.
  int operator[](Var x) const {
    if (!identity_.accepts(x)) foreign(x);
    if (x.id < 0 || std::size_t(x.id) >= values_.size()) out_of_range(x, values_.size());
    return int(x.apply(values_[std::size_t(x.id)]));
  }
  const std::vector<int>& values() const { return values_; }
  /// Equal values (whichever model they came from).
  friend bool operator==(const Solution& a, const Solution& b) { return a.values_ == b.values_; }

 private:
  [[noreturn]] static void foreign(Var x);
  [[noreturn]] static void out_of_range(Var x, std::size_t size);
  std::vector<int> values_;
  detail::ModelIdentity identity_;
};

/// What the trace hook is told.
struct TraceEvent {
  enum class Kind { decide, fail, backtrack, solution };
  Kind kind;
  int depth;  ///< search level (1 for the first decision)
  Var var;    ///< the variable decided (decide, fail, backtrack)
  int value;  ///< the value tried (decide, fail)
};

/// When a search gives up its tree and starts again from the root, keeping what it learnt
/// (dom/wdeg weights, activities, saved phases) and drawing new ties in the variable order.
/// A restart comes after a number of failures (dead ends) since the last one: the limit of
/// run k (k = 0, 1, ...) is scale * luby(k + 1) (Luby), scale * factor^k (geometric) or scale
/// (constant). The limits grow (Luby, geometric with factor > 1), so the last run is complete
/// and a proof; constant restarts may never end on an infeasible model or prove an optimum.
struct RestartPolicy {
  enum class Kind { none, luby, geometric, constant };
  Kind kind = Kind::none;
  std::uint64_t scale = 100;  ///< failures of the first run (Luby's unit, geometric's base)
  double factor = 1.5;        ///< geometric: the growth of the limit from run to run
};

/// Luby's universal sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: its i-th term (i >= 1).
SOLVE_API std::uint64_t luby(std::uint64_t i);

/// Large-neighbourhood search for minimize/maximize: once a first solution is found, the
/// search fixes a random part of the variables (the model's branch groups when it has any,
/// else all; never the objective) to their values in the best solution and searches the rest
/// under a failure limit for a better one, again and again. The part relaxed grows when
/// neighbourhoods are exhausted within the limit and shrinks when they hit it; every
/// `full_every`-th neighbourhood, and every one once everything is relaxed, fixes nothing,
/// with a limit that doubles each time it is hit: such a neighbourhood searched to the end is
/// the whole tree, and only that proves the optimum.
struct LnsOptions {
  bool enabled = false;
  std::uint64_t fail_limit = 200;  ///< failures per neighbourhood
  double relaxed = 0.3;            ///< the first neighbourhoods' share of variables left free
  int full_every = 16;             ///< every n-th neighbourhood relaxes everything (0: only when
                                   ///< the share reaches 1)
};

/// A nogood learnt from a failure: literals that cannot all hold in a solution of the model
/// not found yet (the clause "one of them is false"; with an objective, in one better than
/// the best found). Each literal is on a plain variable (views are mapped to it) and comes
/// with its level: the number of decisions of the search path when it became true.
struct Nogood {
  std::span<const Literal> literals;
  std::span<const int> levels;  ///< one per literal
  int level = 0;                ///< the failure's level: the highest of `levels`
  /// The one literal of that level (first unique implication point); the others' highest
  /// level is where the search backjumps to.
  std::size_t asserting = 0;
};

/// Whether a search learns from failure (LearningOptions::use).
///
/// `automatic` (the default) learns where it has been measured to pay: a search for an optimum
/// (Model::minimize/maximize, by search(), solve_best() or solve_first()), except where the
/// search that learns does not run (a model with skip_equivalent_states, the Search class) or
/// what was asked is the frame search's own (SearchOptions::lns). Counts, searches for every
/// solution and satisfaction run the frame search. Why: on scheduling-like optimisation
/// learning wins by orders of magnitude (rcpsp 01: no proof in 20 s without, 0.18 s with;
/// jobshop la02 1.2 s -> 0.7 s), while where propagation is cheap (queens, Golomb) each node
/// costs about 20 times more and the nodes saved do not make up for it (golomb-9: 0.035 s
/// without, 0.81 s with): docs/notes/lcg-design.md §10. So a model with cheap propagation and
/// an objective (Golomb) is best searched with `off`, which the programs say explicitly.
/// `on` learns wherever the search that learns can run (counts and every solution too); `off`
/// never learns.
enum class Learning : std::uint8_t { automatic, on, off };

/// Learning from failure (issue 24; docs/notes/lcg-design.md). When it is in force (`use`, see
/// Learning), search(), count(), solve_first() and solve_best() run the search that learns
/// (lazy clause generation): every domain change is recorded with its cause, every failure of
/// propagation is analysed into a nogood (first unique implication point), given to
/// `on_nogood`, and kept as a clause that prunes from then on; the search backjumps to the
/// nogood's second highest level. Decisions are [x == v] (no refutations: the learnt clause
/// refutes), one level each. Solutions are blocked by clauses (counts stay exact); an
/// objective's bound is a clause too. Restarts apply to a search for one solution or an
/// optimum (LearningOptions::restart, else SearchOptions::restart, else Luby x 100
/// failures); SearchOptions::lns and ::branching are not used. With threads, one solution or an optimum is searched by a
/// portfolio (each worker learns on its own, on_nogood may be called from several at once),
/// counts and every solution by one worker. The trace hook sees decisions, failures and
/// solutions (backjumps are not reported). Not with skip_equivalent_states (the frame search
/// runs, without learning), nor in the Search class.
struct LearningOptions {
  Learning use = Learning::automatic;
  std::function<void(const Nogood&)> on_nogood;
  /// How the learning search branches: on the activity of variables (VSIDS: those of recent
  /// nogoods first, each with the value it had last), on the model's own order (var_order,
  /// val_order, branch groups), or the model's order first and the two in turn at each restart
  /// (Chuffed's --toggle-vsids; without restarts, the model's order throughout).
  enum class Branching : std::uint8_t { toggle, activity, model };
  Branching branching = Branching::toggle;
  /// The learning search's restarts, where restarts apply (one solution or an optimum). Unset:
  /// SearchOptions::restart when it names some, else Luby x 100 failures. Set, it is followed
  /// as it is: Kind::none searches one tree to the end (Chuffed's default under a search
  /// annotation), which the model's own order may need (a puzzle solved by its annotation).
  std::optional<RestartPolicy> restart;
  /// Memory bound of the learnt clauses, in MiB: past it, at a restart, the less active half
  /// of them is deleted (never a clause that is the reason of a current literal, nor a binary
  /// one). Counts and searches for every solution keep every clause (those blocking the
  /// solutions found must stay).
  std::size_t learnts_mb = 50;
  /// Debug (small models): every learnt nogood is checked against the original model, by a
  /// search without learning for a solution it would remove that was not found already (or,
  /// with an objective, that is better than the best found); one found throws InternalError.
  bool verify = false;
};

/// Everything a search can be told; the defaults are the fastest general setting.
struct SearchOptions {
  Propagation propagation = Propagation::domain;
  VarOrder var_order = VarOrder::dom_wdeg;
  ValOrder val_order = ValOrder::ascending;
  Branching branching = Branching::refutation;
  std::uint64_t seed = 1;  ///< for ValOrder::random, the ties drawn at restarts, LNS
  /// Restarts (none by default). They apply to a search for one solution (solve_first, or
  /// limits.max_solutions == 1) or for an optimum (an objective: search(), solve_best()); count()
  /// and a search() for every solution of a model without objective ignore them (a restart
  /// would find solutions again), and so do the Search class and a model that declares
  /// skip_equivalent_states (a state seen in a run cut short does not prove anything). With
  /// restarts the variable order breaks ties at random (from seed), afresh at each restart and
  /// each LNS neighbourhood; the first run breaks them by creation order.
  RestartPolicy restart;
  /// Phase saving: the value a variable had in the last solution found, or else the last value
  /// it was given by a decision, is tried first (then the others in val_order).
  bool phase_saving = false;
  /// Large-neighbourhood search around the best solution (off by default; models with an
  /// objective only, ignored where restarts are, see above).
  LnsOptions lns;
  Limits limits;           ///< solutions, nodes, seconds, cancel flag (none by default)
  std::function<void(const TraceEvent&)> trace;  ///< called at every decision/backtrack
  /// Worker threads for search(), count(), solve_first() and solve_best(). With more than one,
  /// the workers share the tree by work stealing (and, with an objective, the best value found:
  /// the optimum is the same for every value): the solution count is the same for every value,
  /// and so are the node counts of a complete search unless the variable order learns from
  /// failures (dom_wdeg, activity) or skip_equivalent_states is used; the order of solutions
  /// is not. With restarts or LNS in force the workers are a portfolio instead: each searches
  /// the whole tree on its own, worker k with seed + k (the odd ones with dom_wdeg and
  /// activity swapped), sharing the best solution (its bound, and the centre of LNS); the
  /// first to search its tree to the end ends the search. The callback is called from the
  /// workers, one call at a time; limits.max_nodes is shared by the workers. A trace hook, and
  /// the Search class, always use one thread.
  int threads = 1;
  /// Called about every progress_seconds from the thread that called search/count, with an
  /// estimate of the fraction of the tree searched.
  ProgressHook progress;
  double progress_seconds = 0.5;
  /// Learning from failure: by default for an optimum only (see Learning, LearningOptions).
  LearningOptions learning;
};

/// Called for each solution; return false to stop the search.
using SolutionCallback = std::function<bool(const Solution&)>;

/// An engine over one model: next() returns solutions one by one (with an objective, each
/// better than the last; the last before nullopt is optimal when result().complete()).
class SOLVE_API Search {
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
SOLVE_API Result search(const Model& model, const SearchOptions& options,
                        const SolutionCallback& on_solution);
/// The first solution, or nullopt. The statistics and why the search stopped go to *result
/// when given.
SOLVE_API std::optional<Solution> solve_first(const Model& model, const SearchOptions& options = {},
                                              Result* result = nullptr);
/// Counts solutions (result.stats.solutions); result.complete() tells if the count is exact.
/// An objective is ignored: every solution counts.
SOLVE_API Result count(const Model& model, const SearchOptions& options = {});
/// The best solution of a model with an objective (branch and bound; without one, the first
/// solution), or nullopt when there is none. When a limit stops the search, the best found so
/// far, with result->optimal() false.
SOLVE_API std::optional<Solution> solve_best(const Model& model, const SearchOptions& options = {},
                                             Result* result = nullptr);

/// Checks a full assignment against every constraint of the model (for tests and tools).
SOLVE_API bool is_solution(const Model& model, const std::vector<int>& values);

}  // namespace solve
