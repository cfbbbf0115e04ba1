#pragma once
// The CSP search loop (one thread): depth-first, an explicit stack of frames (one per decided
// variable), trail-based undo. A frame lists its variable's values in the order to try; its
// state lives in the space as left by the parent decision.
//
//   next value of the top frame -> push level, assign, propagate
//        ok and all assigned   -> solution
//        ok                    -> open a frame for the next variable
//        failed                -> try the next value (after refuting the failed one)
//   frame out of values        -> close it, back to the parent frame
//
// A search may start below the root, from a prefix of decisions (x = v or x != v): the
// parallel search (parallel.cpp) hands such subproblems to its workers.
//
// With an objective (set_objective), the loop is branch and bound: before each node's
// propagation the objective is restricted below the best solution known (bound.hpp), also
// after backtracking into a frame, so every solution reported beats the ones before it and
// an exhausted tree proves the last one optimal.
#include <chrono>
#include <span>
#include <vector>

#include "csp/bound.hpp"
#include "csp/engine.hpp"
#include "solve/search.hpp"

namespace solve::detail {

/// One decision of a prefix: x = v (equal) or x != v.
struct Decision {
  Var var;
  int value;
  bool equal;
};

class DfsSearch {
 public:
  DfsSearch(const Model& m, SearchOptions o);
  /// Starts below the root: the decisions are applied, with propagation, before searching.
  /// Must be called before the first advance().
  void set_prefix(std::span<const Decision> prefix) { prefix_.assign(prefix.begin(), prefix.end()); }
  /// Branch and bound on goal; `shared` (optional) is the best value of every search that
  /// shares it (minimisation form, INT64_MAX for none), read at each node. Before advance().
  void set_objective(Objective goal, std::atomic<std::int64_t>* shared = nullptr) { bound_ = Bound(goal, shared); }
  /// The objective value (minimisation form) of the best solution found, INT64_MAX if none.
  std::int64_t best() const { return bound_.best(); }
  /// Finds the next solution; false when done (stop() says why).
  bool advance();
  /// The values of the solution advance() just found.
  Solution current() const;
  StopReason stop() const { return stop_; }
  const Stats& stats() const { return stats_; }

 private:
  using Clock = std::chrono::steady_clock;
  struct Frame {
    Var var;
    std::uint32_t begin, end, pos;  // its values: values_[begin, end), next at pos
    int tried = 0;                  // the value being explored below
    bool child_open = false;        // a level was pushed for `tried`
  };
  enum class State { fresh, running, done };

  void trace(TraceEvent::Kind k, Var x, int v);
  bool open_frame();
  void close_frame();
  bool limit_reached();
  double elapsed() const;
  bool found_solution();
  bool start();
  bool run();

  SearchOptions opt_;
  Engine engine_;
  Bound bound_;
  std::vector<Decision> prefix_;
  std::vector<Frame> frames_;
  std::vector<int> values_;
  Stats stats_;
  StopReason stop_ = StopReason::exhausted;
  State state_ = State::fresh;
  bool stop_after_this_ = false;
  std::uint64_t rng_;
  Clock::time_point started_;
};

}  // namespace solve::detail
