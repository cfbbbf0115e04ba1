#pragma once
// The CSP search loop: depth-first, an explicit stack of frames (one per decided variable),
// trail-based undo. A frame lists its variable's values in the order to try; its state lives
// in the space as left by the parent decision.
//
//   next value of the top frame -> push level, assign, propagate
//        ok and all assigned   -> solution
//        ok                    -> open a frame for the next variable
//        failed                -> try the next value (after refuting the failed one)
//   frame out of values        -> close it, back to the parent frame
//
// It is a search engine of the shared driver (search/engine.hpp): limits, threads and
// statistics are the driver's. A piece of work names a path of decisions from the root
// (x = v or x != v, applied with propagation on one level) and, when it comes from another
// worker, the variable and the values left to try below it. Nodes whose state
// skip_equivalent_states declares dominated fail like failed propagation (dominance.hpp);
// the states are shared by the engines of one search.
//
// With an objective (a SharedBest given), the loop is branch and bound: before each node's
// propagation the objective is restricted below the best solution any engine of the search
// has found (bound.hpp), also after backtracking into a frame, so every solution an engine
// finds beats its ones before, the solutions delivered beat every one delivered before, and
// an exhausted tree proves the last one optimal.
//
// Restarts and LNS (SearchOptions::restart, ::lns; search.cpp decides where they apply) live
// in run() on the whole tree: a run from the root stops after a number of failures, and the
// next starts from the root again with the same kernel (dom/wdeg weights and activities
// kept) and new ties; only a run that ends without reaching its limit is a complete search.
// An LNS neighbourhood is a run whose path fixes variables to the best solution's values.
// Work stealing and restarts do not mix: with restarts the engines of a search never donate
// (search.cpp runs them as a portfolio).
#include <climits>
#include <memory>
#include <span>
#include <vector>

#include "csp/bound.hpp"
#include "csp/branching.hpp"
#include "csp/dominance.hpp"
#include "csp/kernel.hpp"
#include "search/engine.hpp"
#include "solve/search.hpp"

namespace solve::detail::csp {

class DfsSearch final : public SearchEngine {
 public:
  /// on_solution: where run() delivers solutions (null: none to deliver); states: the
  /// dominance stores shared with the other engines of the same search; best: the best
  /// objective values they share, for branch and bound on m.objective() (null: the
  /// objective is ignored and every solution counts).
  DfsSearch(const Model& m, const SearchOptions& o, Control& control,
            const SolutionCallback* on_solution, std::shared_ptr<StateStores> states,
            std::shared_ptr<SharedBest> best = nullptr);

  std::unique_ptr<SearchEngine> clone() const override;
  /// Runs w; with restarts or LNS in force and w the whole tree, as restarted runs (see above).
  void run(const Work& w, Worker& worker) override;
  bool donate(Work& w) override;
  double done() const override;
  /// A CSP node costs microseconds: poll more often than the exact-cover engines.
  std::uint64_t poll_interval() const override { return 256; }

  // One solution at a time (the Search class, and run()):
  /// Goes to the position w names; false when it fails or a limit stopped the search.
  /// resume: a later start in the same run() (restarts, neighbourhoods), which reports the
  /// nodes since the last poll rather than starting the count afresh.
  bool start(const Work& w, Worker& worker, bool resume = false);
  /// Finds the next solution below the start; false when exhausted or stopped.
  bool next();
  /// Back to the root (after start(), whatever it returned).
  void finish();
  /// The values of the solution next() just found.
  Solution current() const;
  /// Statistics with the engine's counters (propagations, updates) brought up to date.
  const Stats& synced_stats();
  /// The objective value (minimisation form) of the best solution this engine found,
  /// INT64_MAX if none.
  std::int64_t best() const { return bound_.best(); }
  /// The last run() searched all of its work to the end (not stopped by a limit, the
  /// callback or a restart limit): for the whole tree, a proof.
  bool complete() const { return complete_; }

 private:
  struct Frame {
    Var var;
    std::uint32_t begin, end, pos;  // its values: values_[begin, end), next at pos
    int tried = 0;                  // the value being explored below
    bool child_open = false;        // a level was pushed for `tried`
    std::uint64_t node = 0;  // the node it branches at (Dominance's name; refutations move it)
  };

  void trace(TraceEvent::Kind k, Var x, int v);
  /// How a run from the root ended.
  enum class Outcome { exhausted, limited, solution, stopped };
  /// Searches w from the root until it is exhausted, `fails` more failures are reached
  /// (limited), a solution is delivered when until_solution is set, or the search stops.
  Outcome run_from_root(const Work& w, Worker& worker, std::uint64_t fails, bool until_solution);
  /// Restarted runs of the whole tree, then LNS after a first solution; true when complete.
  bool run_restarts(Worker& worker);
  bool run_lns(Worker& worker);
  /// Appends to path the LNS decisions fixing all but `relaxed` of the relaxable variables.
  void neighbourhood(double relaxed, std::vector<std::int32_t>& path);
  void push_frame(Var x, std::uint64_t node);
  bool open_frame(std::uint64_t node);
  void close_frame();
  /// After a successful propagation at `node`: false when it is dominated.
  bool admitted(std::uint64_t node) {
    return dominance_.empty() || dominance_.admit(kernel_.space(), kernel_.space().depth(), node);
  }
  void pop_level();
  /// Restricts the objective below the best known and propagates if that pruned; false
  /// when the node fails.
  bool bounded() {
    const Event e = bound_.restrict(kernel_.space());
    return e == Event::none || (e != Event::failed && kernel_.propagate());
  }
  /// A solution was found: records it in the bound.
  bool solution_found();
  /// Delivers the solution just found through the control; false: stop searching.
  bool deliver();
  /// The name of a node's child by decision x = v (equal) or x != v; only needed, and only
  /// computed, when the model declares dominance.
  std::uint64_t name(std::uint64_t node, Var x, int v, bool equal) const {
    return dominance_.empty() ? 0 : Dominance::mix(node, x, v, equal);
  }

  const Model* model_;
  SearchOptions opt_;
  Control* control_;
  const SolutionCallback* on_solution_;
  std::shared_ptr<StateStores> states_;
  std::shared_ptr<SharedBest> best_;
  PropagationKernel kernel_;
  Brancher brancher_;
  Bound bound_;
  std::int64_t value_ = 0;  // objective value (minimisation form) of the solution just found
  Dominance dominance_;
  bool refute_;

  bool root_propagated_ = false, root_ok_ = false;
  bool path_open_ = false;          // a level holds the path of the running work
  std::vector<std::int32_t> path_;  // the running work's path (Work::path encoding)
  std::uint32_t depth_ = 0;         // x = v decisions in path_: search level of frames_[0] - 1
  std::uint64_t path_node_ = 0;     // the node path_ leads to
  std::vector<Frame> frames_;
  std::vector<int> values_;
  bool pending_ = false;  // the start position itself is a solution, not yet returned
  bool stopped_ = false;
  PollBudget poll_;
  std::uint64_t rng_;

  // restarts, LNS, phase saving
  bool restarting_ = false;                // restarts or LNS in force
  bool complete_ = false;                  // see complete()
  std::uint64_t fail_stop_ = UINT64_MAX;   // next() stops (limited_) when failures reach it
  bool limited_ = false;                   // next() stopped at fail_stop_
  std::vector<int> phase_;                 // per variable: the value to try first (INT_MIN: none)
  std::vector<int> incumbent_;             // LNS: the best solution's values
  std::int64_t incumbent_value_ = INT64_MAX;  // ... and its objective (minimisation form)
  std::vector<std::int32_t> relaxable_;    // LNS: the variables a neighbourhood may fix
};

}  // namespace solve::detail::csp
