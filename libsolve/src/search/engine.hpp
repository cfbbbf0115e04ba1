#pragma once
// The contract between the search driver (driver.hpp: limits, threads, statistics) and a
// search engine: the CSP depth-first search (csp/dfs.cpp) and the exact-cover engines
// (exact_cover/dlx.cpp, exact_cover/bitset_engine.cpp). In Gecode's spirit the engine knows
// its tree and nothing else; the driver knows nothing of the tree.
//
// An engine offers four things:
//   clone()    another engine on the same problem at the root (one per worker thread);
//   run(w)     searches the subtree that a piece of Work names: pushes w.path (choices from
//              the root, in the engine's own words), searches the alternatives w.tail names
//              below it (everything when w.tail is empty), reports every solution to the
//              Control, and pops back to the root; returns early when a poll says stop;
//   donate(w)  called from inside run (through Worker::poll) when another worker is idle:
//              moves part of the untried alternatives of the shallowest open level into w,
//              so that the two subtrees still partition the running one;
//   done()     the estimated fraction of the running work already searched (Knuth's
//              estimate: the alternatives tried at each level, weighted by the levels above).
// and counts into stats(): nodes, failures, updates, max_depth (absolute, counting the path),
// and the solutions it tallied alone (Control::tally_alone()); a solution that is delivered
// goes through Control::solution() and is counted there.
//
// A node is counted once, by the worker that tries it: a path replayed by run() is not
// counted again, and the hooks that see nodes (exact cover's prune) see each once. So a
// complete search has the same node count for every number of threads whenever the tree
// itself does not depend on the order of the search.
//
// Every engine (the exact-cover ones and csp/dfs.cpp) keeps its poll bookkeeping in a
// PollBudget (below).
//
// Plugging in:
// - another exact-cover engine (a sparse-set engine, a memoised counter): derive from
//   cover::CoverSearch (exact_cover/engine.hpp), implement these four, and let make_engine()
//   (exact_cover/search.cpp) choose it. An engine that counts without enumerating (the
//   memoised count: dlx_memo.cpp, and the bitset engine with a MemoCounter) runs only when
//   tally_alone() holds (memo_search.cpp refuses the rest), on one thread: it is never cloned,
//   its donate() is never called, and its exact count (a BigCount, beyond 2^64) is read from
//   it after run_search() returns.
// - a branch-and-bound optimiser: the CSP engine with a bound shared by its clones (like the
//   dominance store, csp/dominance.hpp): each solution is delivered through
//   Control::solution(), whose lock is where the bound is tightened, and every node reads the
//   bound before it propagates; donate() and done() need nothing new.
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/control.hpp"
#include "solve/stats.hpp"

namespace solve::detail {

/// A piece of the search tree, as one engine describes it to its clones.
struct Work {
  std::vector<std::int32_t> path;  ///< the choices from the root, in the engine's words
  std::vector<std::int32_t> tail;  ///< what to search below the path (empty: all of it)
  double weight = 1;               ///< estimated share of the whole tree
};

class SearchEngine;
class Pool;

/// What an engine calls while it runs, every poll_interval() nodes or so: limits, requests
/// for work from idle workers, progress. One per worker thread.
class Worker {
 public:
  Worker(Control& control, SearchEngine& engine, Pool* pool = nullptr)
      : control_(control), engine_(engine), pool_(pool) {}
  /// nodes, solutions: counted (nodes) and tallied alone (solutions) since the last call.
  /// Returns how many nodes the engine may take before it calls again; 0: stop now.
  std::uint64_t poll(std::uint64_t nodes, std::uint64_t solutions);
  /// The first call of a run(), before the engine has a position to give work from: checks
  /// the limits only. Returns the first budget; 0: stop now.
  std::uint64_t start();
  Control& control() const { return control_; }

 private:
  friend class Pool;
  /// The budget a poll gives, paced by the clock: nodes may be slow (on a model of 10^5
  /// propagators one node can propagate for 30 ms, and the engine's 256 nodes then take
  /// 8 s), so the next budget is about `poll_pace` of nodes at the pace of the last ones (at
  /// most twice the last budget), the engine's poll_interval() at most, 1 at least.
  std::uint64_t paced(std::uint64_t budget, std::uint64_t nodes);
  Control& control_;
  SearchEngine& engine_;
  Pool* pool_;
  std::uint64_t pace_ = 1;  // nodes between two polls at the last pace (1: soon, at first)
  std::chrono::steady_clock::time_point polled_ = std::chrono::steady_clock::now();
  std::size_t slot_ = 0;  // the pool's number for this worker
  double weight_ = 1;     // share of the whole tree of the running work (donations shrink it)
};

/// What every engine does around Worker::poll: nodes since the last poll against the budget
/// the last poll gave, and the solutions tallied alone at that poll (the driver is told those
/// since). One per engine; start() at the top of each run().
///   if (!budget.tick() && !budget.poll(stats_.solutions)) stop;   // per node
class PollBudget {
 public:
  /// Worker::start() for a run; returns the first budget (0: stop now).
  std::uint64_t start(Worker& worker, std::uint64_t solutions) {
    worker_ = &worker;
    since_ = 0;
    solutions_ = solutions;
    return budget_ = worker.start();
  }
  /// One node more; false when the budget is spent: poll() is due.
  bool tick() { return ++since_ < budget_; }
  /// Polls with the nodes tick() counted since the last poll; false: stop.
  bool poll(std::uint64_t solutions) {
    budget_ = poll(since_, solutions);
    since_ = 0;
    return budget_ != 0;
  }
  /// Polls with `nodes` the engine counted itself since the last poll (the bitset engine keeps
  /// them in a register); returns the next budget (0: stop).
  std::uint64_t poll(std::uint64_t nodes, std::uint64_t solutions) {
    const std::uint64_t budget = worker_->poll(nodes, solutions - solutions_);
    solutions_ = solutions;
    return budget;
  }

 private:
  Worker* worker_ = nullptr;
  std::uint64_t since_ = 0, budget_ = 0, solutions_ = 0;
};

class SearchEngine {
 public:
  virtual ~SearchEngine() = default;
  /// Another engine on the same problem, at the root, with fresh statistics.
  virtual std::unique_ptr<SearchEngine> clone() const = 0;
  /// Searches the subtree w names (see above) and returns to the root.
  virtual void run(const Work& w, Worker& worker) = 0;
  /// During run(): moves part of the untried alternatives of the shallowest level that has
  /// any into w (path, tail, and weight = their share of the running work). False: none.
  virtual bool donate(Work& w) = 0;
  /// During run(): estimated fraction of the running work already searched.
  virtual double done() const = 0;
  /// Nodes between two polls: a clock read and a few atomics must stay negligible.
  virtual std::uint64_t poll_interval() const { return 1024; }

  const Stats& stats() const { return stats_; }

 protected:
  SearchEngine() = default;
  SearchEngine(const SearchEngine&) = default;
  SearchEngine& operator=(const SearchEngine&) = default;

  Stats stats_;
};

}  // namespace solve::detail
