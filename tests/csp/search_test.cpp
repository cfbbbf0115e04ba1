// The search API: iteration, callbacks, limits, statistics, trace, heuristics.
#include <catch2/catch.hpp>

#include <atomic>
#include <set>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;

namespace {
/// n-queens: q[i] = column of the queen in row i.
Model queens(int n, std::vector<Var>& q) {
  Model m;
  q = m.add_vars(n, 0, n - 1, "q");
  all_different(m, q);
  // diagonals through auxiliary variables d = q[i] + i and e = q[i] - i with tables
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      std::vector<std::vector<int>> ok;
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (a != b && std::abs(a - b) != j - i) ok.push_back({a, b});
      std::vector<Var> pair{q[std::size_t(i)], q[std::size_t(j)]};
      table(m, pair, ok);
    }
  return m;
}
}  // namespace

TEST_CASE("queens counts agree for every setting", "[search]") {
  std::vector<Var> q;
  const Model m = queens(6, q);
  for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
    for (auto v : {VarOrder::input, VarOrder::mrv, VarOrder::mrv_degree, VarOrder::dom_wdeg})
      for (auto b : {Branching::values, Branching::refutation}) {
        SearchOptions o;
        o.propagation = p;
        o.var_order = v;
        o.branching = b;
        const Result r = count(m, o);
        CHECK(r.stats.solutions == 4);
        CHECK(r.complete());
      }
}

TEST_CASE("next() returns distinct solutions, then stops", "[search]") {
  std::vector<Var> q;
  const Model m = queens(6, q);
  Search s(m);
  std::set<std::vector<int>> seen;
  while (auto sol = s.next()) {
    CHECK(is_solution(m, sol->values()));
    seen.insert(sol->values());
  }
  CHECK(seen.size() == 4);
  CHECK(s.result().stop == StopReason::exhausted);
  CHECK(!s.next());
}

TEST_CASE("limits stop the search and say why", "[search]") {
  std::vector<Var> q;
  const Model m = queens(8, q);
  SearchOptions o;
  o.limits.max_solutions = 5;
  Result r = count(m, o);
  CHECK(r.stats.solutions == 5);
  CHECK(r.stop == StopReason::solution_limit);

  SearchOptions n;
  n.limits.max_nodes = 10;
  r = count(m, n);
  CHECK(r.stats.nodes == 10);
  CHECK(r.stop == StopReason::node_limit);

  std::atomic<bool> cancel{true};
  SearchOptions c;
  c.limits.cancel = &cancel;
  r = count(m, c);
  CHECK(r.stop == StopReason::cancelled);

  int calls = 0;
  r = search(m, {}, [&](const Solution&) { return ++calls < 3; });
  CHECK(calls == 3);
  CHECK(r.stop == StopReason::by_callback);
}

TEST_CASE("a time limit ends a long search", "[search]") {
  // 11 variables over 0..9 all different: no solution, and forward checking without
  // refutation needs about 10!/1 nodes to prove it, far beyond 50 ms.
  Model m;
  auto xs = m.add_vars(11, 0, 9);
  for (std::size_t i = 0; i < xs.size(); ++i)
    for (std::size_t j = i + 1; j < xs.size(); ++j) not_equal(m, xs[i], xs[j]);
  SearchOptions o;
  o.propagation = Propagation::forward;
  o.branching = Branching::values;
  o.var_order = VarOrder::input;
  o.limits.max_seconds = 0.05;
  const Result r = count(m, o);
  CHECK(r.stop == StopReason::time_limit);
  CHECK(r.stats.seconds < 5);
}

TEST_CASE("statistics and trace report the same search", "[search]") {
  std::vector<Var> q;
  const Model m = queens(5, q);
  SearchOptions o;
  o.propagation = Propagation::forward;
  std::uint64_t decides = 0, fails = 0, sols = 0;
  int max_depth = 0;
  o.trace = [&](const TraceEvent& e) {
    if (e.kind == TraceEvent::Kind::decide) ++decides;
    if (e.kind == TraceEvent::Kind::fail) ++fails;
    if (e.kind == TraceEvent::Kind::solution) ++sols;
    max_depth = std::max(max_depth, e.depth);
  };
  const Result r = count(m, o);
  CHECK(r.stats.solutions == 10);
  CHECK(decides == r.stats.nodes);
  CHECK(fails == r.stats.failures);
  CHECK(sols == 10);
  CHECK(r.stats.max_depth == std::uint32_t(max_depth));
  CHECK(r.stats.propagations > 0);
}

TEST_CASE("value orders: first solution differs as asked", "[search]") {
  Model m;
  Var x = m.add_var(1, 9);
  SearchOptions o;
  o.val_order = ValOrder::ascending;
  CHECK((*solve_first(m, o))[x] == 1);
  o.val_order = ValOrder::descending;
  CHECK((*solve_first(m, o))[x] == 9);
  o.val_order = ValOrder::random;
  std::set<int> firsts;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    o.seed = seed;
    const int v = (*solve_first(m, o))[x];
    firsts.insert(v);
    o.seed = seed;
    CHECK((*solve_first(m, o))[x] == v);  // reproducible
  }
  CHECK(firsts.size() > 3);
}

TEST_CASE("the forward level prunes neighbours of an assignment only", "[search]") {
  // x < y < z over 1..3 has one solution; forward checking with input order finds it
  // with no failure because every assignment prunes the next variable.
  Model m;
  Var x = m.add_var(1, 3), y = m.add_var(1, 3), z = m.add_var(1, 3);
  less(m, x, y);
  less(m, y, z);
  SearchOptions o;
  o.propagation = Propagation::arc;
  Result r;
  auto sol = solve_first(m, o, &r);
  REQUIRE(sol);
  CHECK(r.stats.nodes == 0);  // arc consistency alone solves it at the root
  o.propagation = Propagation::forward;
  o.var_order = VarOrder::input;
  sol = solve_first(m, o, &r);
  REQUIRE(sol);
  CHECK((*sol)[z] == 3);
  CHECK(r.stats.nodes >= 1);
}

TEST_CASE("threads: same counts, limits still stop the search", "[search][threads]") {
  std::vector<Var> q;
  const Model m = queens(8, q);
  for (int threads : {1, 2, 4}) {
    SearchOptions o;
    o.threads = threads;
    const Result r = count(m, o);
    CHECK(r.stats.solutions == 92);
    CHECK(r.complete());

    o.limits.max_solutions = 5;
    const Result limited = count(m, o);
    CHECK(limited.stats.solutions == 5);
    CHECK(limited.stop == StopReason::solution_limit);

    SearchOptions c;
    c.threads = threads;
    std::atomic<bool> cancel{true};
    c.limits.cancel = &cancel;
    CHECK(count(m, c).stop == StopReason::cancelled);

    SearchOptions f;
    f.threads = threads;
    int calls = 0;
    const Result stopped = search(m, f, [&](const Solution& s) {
      CHECK(is_solution(m, s.values()));
      return ++calls < 3;
    });
    CHECK(calls == 3);
    CHECK(stopped.stop == StopReason::by_callback);

    Result first;
    auto sol = solve_first(m, f, &first);
    REQUIRE(sol);
    CHECK(is_solution(m, sol->values()));
    CHECK(first.stats.solutions == 1);
  }
}

TEST_CASE("branch groups decide their variables first, in their own orders", "[search][branch]") {
  Model m;
  const std::vector<Var> x = m.add_vars(4, 0, 3, "x");
  all_different(m, x);
  const std::vector<Var> later{x[3], x[1]};
  m.branch(later, VarOrder::input, ValOrder::descending);
  std::vector<std::pair<int, int>> decisions;
  SearchOptions o;
  o.propagation = Propagation::forward;
  o.limits.max_solutions = 1;
  o.trace = [&](const TraceEvent& e) {
    if (e.kind == TraceEvent::Kind::decide) decisions.emplace_back(e.var.id, e.value);
  };
  const auto s = solve_first(m, o);
  REQUIRE(s);
  REQUIRE(decisions.size() >= 2);
  CHECK(decisions[0] == std::pair{3, 3});  // the group, in its order, largest value first
  CHECK(decisions[1] == std::pair{1, 2});
  CHECK_THROWS_AS(m.branch(std::vector<Var>{x[0] + 1}), ModelError);
}

TEST_CASE("every variable and value order, with and without branch groups, finds every solution",
          "[search][branch][threads]") {
  std::vector<Var> q;
  Model m = queens(6, q);
  const VarOrder orders[] = {VarOrder::input,          VarOrder::mrv,
                             VarOrder::mrv_degree,     VarOrder::dom_wdeg,
                             VarOrder::largest_domain, VarOrder::smallest_value,
                             VarOrder::largest_value,  VarOrder::degree,
                             VarOrder::activity};
  const ValOrder values[] = {ValOrder::ascending, ValOrder::descending, ValOrder::random,
                             ValOrder::median};
  for (int grouped = 0; grouped < 2; ++grouped) {
    if (grouped) {
      m.branch(std::vector<Var>{q[4], q[0]}, VarOrder::largest_domain, ValOrder::median);
      m.branch(std::vector<Var>{q[2], q[5], q[1]}, VarOrder::input, ValOrder::descending);
    }
    for (VarOrder v : orders)
      for (ValOrder val : values)
        for (int threads : {1, 3}) {
          SearchOptions o;
          o.var_order = v;
          o.val_order = val;
          o.threads = threads;
          std::set<std::vector<int>> seen;
          const Result r = search(m, o, [&](const Solution& s) {
            seen.insert(s.values());
            return true;
          });
          INFO("grouped " << grouped << " var " << int(v) << " val " << int(val) << " threads "
                          << threads);
          CHECK(r.stats.solutions == 4);
          CHECK(seen.size() == 4);
        }
  }
}
