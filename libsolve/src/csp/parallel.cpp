#include "csp/parallel.hpp"

#include <atomic>
#include <climits>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "csp/branching.hpp"
#include "csp/dfs.hpp"

namespace solve::detail {

namespace {

using Prefix = std::vector<Decision>;

/// Applies a prefix inside a fresh level of e; false when propagation fails on the way.
bool replay(Engine& e, const Prefix& p) {
  Space& s = e.space();
  for (const Decision& d : p) {
    const Event ev = d.equal ? s.assign(d.var, d.value) : s.remove(d.var, d.value);
    if (ev == Event::failed || !e.propagate()) return false;
  }
  return true;
}

/// Cuts the tree into at least `want` subproblems (fewer if it is smaller), breadth first,
/// branching exactly as the search does so that the subtrees partition it. Each value given
/// to a variable on the way is a node, added to *nodes.
std::vector<Prefix> split(const Model& m, const SearchOptions& o, std::size_t want, std::uint64_t* nodes) {
  Engine e(m, o.propagation);
  if (!e.propagate_root()) return {};
  const bool refute = o.branching == Branching::refutation && o.propagation != Propagation::none;
  std::deque<Prefix> open{Prefix{}};
  std::vector<Prefix> leaves;
  std::vector<int> values;
  std::uint64_t rng = o.seed ? o.seed : 0x9E3779B97F4A7C15ULL;
  while (!open.empty() && open.size() + leaves.size() < want) {
    Prefix p = std::move(open.front());
    open.pop_front();
    e.push();
    const bool ok = replay(e, p);
    const BranchChoice c = ok ? choose(e, o.var_order, o.val_order) : BranchChoice{-1, o.val_order};
    const int x = c.var;
    values.clear();
    if (x >= 0) order_values(e.space(), Var{x}, c.val, rng, values);
    e.pop();
    if (!ok) continue;  // no solution below
    if (x < 0) {
      leaves.push_back(std::move(p));  // a solution already: a worker reports it
      continue;
    }
    *nodes += values.size();
    for (int v : values) {
      Prefix child = p;
      child.push_back({Var{x}, v, true});
      open.push_back(std::move(child));
      if (refute) p.push_back({Var{x}, v, false});
    }
  }
  leaves.insert(leaves.end(), std::make_move_iterator(open.begin()), std::make_move_iterator(open.end()));
  return leaves;
}

}  // namespace

Result parallel_search(const Model& model, const SearchOptions& options, const SolutionCallback& on_solution,
                       const std::optional<Objective>& goal) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const int threads = options.threads;
  std::uint64_t split_nodes = 0;
  const std::vector<Prefix> parts = split(model, options, std::size_t(threads) * 16, &split_nodes);

  std::mutex mutex;  // guards everything below that is not atomic
  std::condition_variable finished_cv;
  Stats total;
  total.nodes = split_nodes;
  StopReason stop = StopReason::exhausted;
  std::atomic<bool> halt{false};  // every worker's cancel flag
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> nodes_used{0};
  std::atomic<std::int64_t> shared_best{INT64_MAX};  // branch and bound: every worker reads it
  std::int64_t reported_best = INT64_MAX;            // guarded by mutex: the last one reported
  int running = threads;

  auto stop_with = [&](StopReason r) {  // caller holds the mutex
    if (stop == StopReason::exhausted) stop = r;
    halt = true;
  };

  auto worker = [&] {
    for (;;) {
      const std::size_t i = next++;
      if (i >= parts.size() || halt) break;
      if (options.cancel && options.cancel->load()) {
        std::lock_guard lock(mutex);
        stop_with(StopReason::cancelled);
        break;
      }
      SearchOptions o = options;
      o.threads = 1;
      o.cancel = &halt;
      o.max_seconds = 0;  // the monitor below watches time and the caller's cancel flag
      o.max_solutions = 0;
      if (options.max_nodes) {
        const std::uint64_t used = nodes_used.load();
        if (used >= options.max_nodes) {
          std::lock_guard lock(mutex);
          stop_with(StopReason::node_limit);
          break;
        }
        o.max_nodes = options.max_nodes - used;
      }
      DfsSearch d(model, o);
      d.set_prefix(parts[i]);
      if (goal) d.set_objective(*goal, &shared_best);
      // a plain count needs no turn at the lock per solution: the worker's own tally is added below
      const bool tally_alone = !on_solution && !options.max_solutions && !goal;
      while (d.advance()) {
        if (tally_alone) continue;
        std::lock_guard lock(mutex);
        if (halt) break;
        if (goal) {  // another worker may have reported a better one meanwhile
          const std::int64_t v = goal->minimised(d.current()[goal->var]);
          if (v >= reported_best) continue;
          reported_best = v;
        }
        ++total.solutions;
        if (on_solution && !on_solution(d.current())) stop_with(StopReason::by_callback);
        else if (options.max_solutions && total.solutions >= options.max_solutions) stop_with(StopReason::solution_limit);
      }
      const Stats& s = d.stats();
      nodes_used += s.nodes;
      std::lock_guard lock(mutex);
      if (tally_alone) total.solutions += s.solutions;
      total.nodes += s.nodes;
      total.failures += s.failures;
      total.propagations += s.propagations;
      total.updates += s.updates;
      total.max_depth = std::max<std::uint32_t>(total.max_depth, s.max_depth + std::uint32_t(parts[i].size()));
      if (d.stop() == StopReason::node_limit) stop_with(StopReason::node_limit);
    }
    std::lock_guard lock(mutex);
    if (--running == 0) finished_cv.notify_all();
  };

  std::vector<std::jthread> pool;
  pool.reserve(std::size_t(threads));
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  {
    // the monitor: the caller's cancel flag and the time limit reach every worker via `halt`
    std::unique_lock lock(mutex);
    while (running > 0) {
      finished_cv.wait_for(lock, std::chrono::milliseconds(5));
      if (options.cancel && options.cancel->load()) stop_with(StopReason::cancelled);
      const double secs = std::chrono::duration<double>(Clock::now() - started).count();
      if (options.max_seconds > 0 && secs >= options.max_seconds) stop_with(StopReason::time_limit);
    }
  }
  pool.clear();  // joins
  total.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  Result r{stop, total, {}};
  if (goal && reported_best != INT64_MAX) r.objective = goal->minimised(reported_best);
  return r;
}

}  // namespace solve::detail
