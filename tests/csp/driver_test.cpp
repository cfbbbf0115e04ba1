// What the shared search driver promises the CSP half: progress reports from the calling
// thread with fractions in [0, 1], each worker's busy time, limits that stop every worker.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;

namespace {

/// n variables over 0..n-1, pairwise different: n! solutions, a tree of many nodes.
Model permutations(int n) {
  Model m;
  all_different(m, m.add_vars(n, 0, n - 1));
  return m;
}

}  // namespace

TEST_CASE("progress: fractions in [0, 1], from the calling thread, for every number of threads",
          "[search][driver]") {
  const Model m = permutations(8);  // 40320 solutions
  for (int threads : {1, 2, 3}) {
    SearchOptions o;
    o.threads = threads;
    o.propagation = Propagation::forward;
    o.progress_seconds = 0;  // at every poll (one thread) or every 10 ms (a pool)
    std::vector<Progress> seen;
    const auto caller = std::this_thread::get_id();
    bool same_thread = true;
    o.progress = [&](const Progress& p) {
      same_thread = same_thread && std::this_thread::get_id() == caller;
      seen.push_back(p);
    };
    const Result r = count(m, o);
    INFO("threads " << threads);
    CHECK(r.stats.solutions == 40320);
    CHECK(same_thread);
    if (threads == 1) CHECK(!seen.empty());  // a pool reports every 10 ms: maybe never here
    for (std::size_t k = 0; k < seen.size(); ++k) {
      CHECK(seen[k].done >= 0);
      CHECK(seen[k].done <= 1);
      CHECK(seen[k].nodes <= r.stats.nodes);
      if (k > 0) CHECK(seen[k].nodes >= seen[k - 1].nodes);
    }
    CHECK(r.busy_seconds.size() == std::size_t(threads > 1 ? threads : 0));
    for (double b : r.busy_seconds) CHECK((b >= 0 && b <= r.stats.seconds + 0.01));
  }
}

TEST_CASE("limits stop every worker and say why", "[search][driver][threads]") {
  const Model m = permutations(9);
  for (int threads : {1, 2, 4}) {
    INFO("threads " << threads);
    SearchOptions o;
    o.threads = threads;
    o.limits.max_nodes = 5000;
    Result r = count(m, o);
    CHECK(r.stop == StopReason::node_limit);
    CHECK(r.stats.nodes >= 5000);
    CHECK(r.stats.nodes <=
          5000 + std::uint64_t(threads) * 256);  // each worker may finish its budget

    SearchOptions s;
    s.threads = threads;
    s.limits.max_solutions = 1000;
    std::atomic<int> calls{0};
    r = search(m, s, [&](const Solution&) {
      ++calls;
      return true;
    });
    CHECK(r.stop == StopReason::solution_limit);
    CHECK(r.stats.solutions == 1000);
    CHECK(calls == 1000);

    SearchOptions t;
    t.threads = threads;
    t.limits.max_seconds = 0.05;
    r = count(permutations(12), t);
    CHECK(r.stop == StopReason::time_limit);
    CHECK(r.stats.seconds < 5);
  }
}

TEST_CASE("a time limit is seen within milliseconds when every node is slow", "[search][driver]") {
  // Nodes of 2 ms (a trace hook that sleeps: on a model of 10^5 propagators a node can
  // propagate for 30 ms): polling every 256 nodes saw a limit of 50 ms after 256 nodes (0.5 s
  // here, 8 s there); the budget paced by the clock sees it after about 25.
  SearchOptions o;
  o.propagation = Propagation::forward;
  o.limits.max_seconds = 0.05;
  o.trace = [](const TraceEvent& e) {
    if (e.kind == TraceEvent::Kind::decide)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  };
  const Result r = count(permutations(12), o);
  CHECK(r.stop == StopReason::time_limit);
  CHECK(r.stats.nodes < 128);
  CHECK(r.stats.nodes > 0);
}
