#include "csp/parallel.hpp"

#include <algorithm>
#include <atomic>
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

/// Applies a prefix inside a fresh level of e; false when propagation fails on the way. The
/// prefix was admitted when it was cut: its states are this path's.
bool replay(Engine& e, Dominance& dom, const Prefix& p) {
  Space& s = e.space();
  const auto admit = [&] { return dom.empty() || dom.admit(s, s.depth(), true); };
  if (!admit()) return false;
  for (const Decision& d : p) {
    const Event ev = d.equal ? s.assign(d.var, d.value) : s.remove(d.var, d.value);
    if (ev == Event::failed || !e.propagate() || !admit()) return false;
  }
  return true;
}

/// Decisions x = v in a prefix: the search level its last node is at.
std::uint32_t depth_of(const Prefix& p) {
  return std::uint32_t(std::count_if(p.begin(), p.end(), [](const Decision& d) { return d.equal; }));
}

/// Cuts the tree into at least `want` subproblems (fewer if it is smaller), breadth first,
/// branching exactly as the search does so that the subtrees partition it. The nodes visited
/// on the way are counted into *stats as the one-thread search counts them (a value tried is
/// a node, a failed one a failure; with refutation, values already pruned are skipped), so a
/// complete search has the same node count for every number of threads (with a variable
/// order that does not learn from failures).
std::vector<Prefix> split(const Model& m, const SearchOptions& o, std::size_t want, Stats* stats,
                          const std::shared_ptr<StateStores>& states) {
  Engine e(m, o.propagation);
  Dominance dom(m, states);
  Space& s = e.space();
  const auto admitted = [&] { return dom.empty() || dom.admit(s, s.depth(), false); };
  if (!e.propagate_root() || !(dom.empty() || dom.admit(s, 0, true))) return {};
  const bool refute = o.branching == Branching::refutation && o.propagation != Propagation::none;
  std::deque<Prefix> open{Prefix{}};
  std::vector<Prefix> leaves;
  std::vector<int> values;
  std::uint64_t rng = o.seed ? o.seed : 0x9E3779B97F4A7C15ULL;
  while (!open.empty() && open.size() + leaves.size() < want) {
    Prefix p = std::move(open.front());
    open.pop_front();
    e.push();
    const int x = replay(e, dom, p) ? select_variable(e, o.var_order) : -2;
    if (x == -1) leaves.push_back(p);  // a solution already: a worker reports it
    if (x < 0) {
      e.pop();
      dom.backtrack(0);
      continue;
    }
    const std::uint32_t depth = depth_of(p) + 1;
    stats->max_depth = std::max(stats->max_depth, depth);
    values.clear();
    order_values(s, Var{x}, o.val_order, rng, values);
    for (int v : values) {
      if (refute && !s.contains(Var{x}, v)) continue;  // pruned by the refutations so far
      ++stats->nodes;
      e.push();
      const bool ok = s.assign(Var{x}, v) != Event::failed && e.propagate() && admitted();
      e.pop();
      dom.backtrack(s.depth());
      if (ok) {
        Prefix child = p;
        child.push_back({Var{x}, v, true});
        open.push_back(std::move(child));
      } else {
        ++stats->failures;
      }
      if (!refute) continue;
      p.push_back({Var{x}, v, false});
      if (s.remove(Var{x}, v) == Event::failed || !e.propagate() || !admitted()) break;
    }
    e.pop();
    dom.backtrack(0);
  }
  leaves.insert(leaves.end(), std::make_move_iterator(open.begin()), std::make_move_iterator(open.end()));
  return leaves;
}

}  // namespace

Result parallel_search(const Model& model, const SearchOptions& options, const SolutionCallback& on_solution) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const int threads = options.threads;
  // One store of dominance states for the whole search: the cut and every worker share it.
  const auto states = make_state_stores(model);
  Stats total;
  const std::vector<Prefix> parts = split(model, options, std::size_t(threads) * 16, &total, states);

  std::mutex mutex;  // guards everything below that is not atomic
  std::condition_variable finished_cv;
  StopReason stop = StopReason::exhausted;
  std::atomic<bool> halt{false};  // every worker's cancel flag
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> nodes_used{0};
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
      DfsSearch d(model, o, states);
      d.set_prefix(parts[i]);
      // a plain count needs no turn at the lock per solution: the worker's own tally is added below
      const bool tally_alone = !on_solution && !options.max_solutions;
      while (d.advance()) {
        if (tally_alone) continue;
        std::lock_guard lock(mutex);
        if (halt) break;
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
      total.max_depth = std::max<std::uint32_t>(total.max_depth, s.max_depth + depth_of(parts[i]));
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
  return Result{stop, total};
}

}  // namespace solve::detail
