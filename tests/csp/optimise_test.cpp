// Optimisation (Model::minimize / maximize, branch and bound): the optimum against brute
// force on random small models, for every setting and number of threads; anytime reports;
// limits that stop early give the best so far, not proven.
#include <catch2/catch.hpp>

#include "random_model.hpp"
#include "test_scale.hpp"

#include <algorithm>
#include <climits>
#include <random>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;

namespace {

struct Problem {
  Model model;
  std::vector<Var> xs;
  Objective goal;
  std::vector<std::vector<int>> domains;
  // constraints as data, for the brute force
  std::vector<std::vector<int>> linear_coefs;
  std::vector<int> linear_rhs;
  std::vector<std::pair<int, int>> different;
};

/// Optimum by enumeration: the best objective value over all solutions, or nullopt.
std::optional<std::int64_t> brute_force(const Problem& p) {
  std::optional<std::int64_t> best;
  random_model::for_each_assignment(p.domains, [&](const std::vector<int>& a) {
    bool ok = true;
    for (std::size_t k = 0; k < p.linear_coefs.size() && ok; ++k) {
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < a.size(); ++i) sum += std::int64_t(p.linear_coefs[k][i]) * a[i];
      ok = sum <= p.linear_rhs[k];
    }
    for (auto [i, j] : p.different) ok = ok && a[std::size_t(i)] != a[std::size_t(j)];
    if (!ok) return;
    const std::int64_t v = p.goal.var.apply(a[std::size_t(p.goal.var.id)]);
    if (!best || (p.goal.maximize ? v > *best : v < *best)) best = v;
  });
  return best;
}

Problem random_problem(random_model::Random& r) {
  auto pick = [&](int lo, int hi) { return r.pick(lo, hi); };
  Problem p;
  const int n = pick(2, 5);
  for (int i = 0; i < n; ++i) {
    std::vector<int> d;
    for (int v = -3; v <= 5; ++v)
      if (pick(0, 2)) d.push_back(v);
    if (d.empty()) d.push_back(0);
    p.domains.push_back(d);
    p.xs.push_back(p.model.add_var(d));
  }
  for (int k = pick(0, 2); k > 0; --k) {
    std::vector<int> a;
    for (int i = 0; i < n; ++i) a.push_back(pick(-2, 2));
    const int c = pick(-4, 6);
    p.linear_coefs.push_back(a);
    p.linear_rhs.push_back(c);
    linear(p.model, a, p.xs, Rel::le, c);
  }
  for (int k = pick(0, 2); k > 0; --k) {
    const int i = pick(0, n - 1), j = (i + 1 + pick(0, n - 2)) % n;
    p.different.emplace_back(i, j);
    not_equal(p.model, p.xs[std::size_t(i)], p.xs[std::size_t(j)]);
  }
  const Var x = p.xs[std::size_t(pick(0, n - 1))];
  p.goal.var = pick(0, 2) ? x : -2 * x + 1;  // sometimes a view
  p.goal.maximize = pick(0, 1);
  if (p.goal.maximize) p.model.maximize(p.goal.var);
  else p.model.minimize(p.goal.var);
  return p;
}

}  // namespace

TEST_CASE("branch and bound finds and proves the optimum of random models", "[optimise]") {
  random_model::Random rng(777);
  int feasible = 0;
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    const Problem p = random_problem(rng);
    const auto expected = brute_force(p);
    feasible += expected.has_value();
    for (auto prop :
         {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
      for (auto order : {VarOrder::input, VarOrder::dom_wdeg})
        for (auto b : {Branching::values, Branching::refutation})
          for (int threads : {1, 3})
            // the frame search's branch and bound, and the default (the search that learns,
            // which does not use `branching`: once)
            for (auto use : {Learning::off, Learning::automatic}) {
              if (use == Learning::automatic && b == Branching::values) continue;
              SearchOptions o;
              o.propagation = prop;
              o.var_order = order;
              o.branching = b;
              o.threads = threads;
              o.learning.use = use;
              std::vector<std::int64_t> reported;
              const Result r = search(p.model, o, [&](const Solution& s) {
                CHECK(is_solution(p.model, s.values()));
                reported.push_back(s[p.goal.var]);
                return true;
              });
              INFO("round " << round << " propagation " << int(prop) << " order " << int(order)
                            << " branching " << int(b) << " threads " << threads << " learning "
                            << int(use));
              REQUIRE(r.complete());
              REQUIRE(r.objective == expected);
              REQUIRE(r.optimal() == expected.has_value());
              // anytime: each report strictly better than the one before, the last the optimum
              for (std::size_t k = 1; k < reported.size(); ++k)
                REQUIRE((p.goal.maximize ? reported[k] > reported[k - 1]
                                         : reported[k] < reported[k - 1]));
              if (expected) REQUIRE(reported.back() == *expected);
              REQUIRE(reported.size() == r.stats.solutions);
            }
  }
  CHECK(feasible > test_scale::scaled(80));
}

TEST_CASE("optima are the same for every number of threads, limits give the best so far",
          "[optimise][threads]") {
  // Golomb ruler of 6 marks: optimum 17
  Model m;
  const int n = 6, len = 40;
  const std::vector<Var> mark = m.add_vars(n, 0, len, "m");
  fix(m, mark[0], 0);
  std::vector<Var> diffs;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      if (j == i + 1) less(m, mark[std::size_t(i)], mark[std::size_t(j)]);
      const Var d = m.add_var(1, len);
      const std::vector<int> a{1, -1, -1};
      linear(m, a, std::vector<Var>{mark[std::size_t(j)], mark[std::size_t(i)], d}, Rel::eq, 0);
      diffs.push_back(d);
    }
  all_different(m, diffs);
  m.minimize(mark.back());
  for (int threads : {1, 2, 4}) {
    SearchOptions o;
    o.threads = threads;
    Result r;
    const auto best = solve_best(m, o, &r);
    REQUIRE(best);
    CHECK((*best)[mark.back()] == 17);
    CHECK(r.objective == 17);
    CHECK(r.optimal());
    CHECK(is_solution(m, best->values()));
    // a node limit stops it early: the best so far, not proven
    o.limits.max_nodes = 5;
    const auto early = solve_best(m, o, &r);
    CHECK(r.stop == StopReason::node_limit);
    CHECK(!r.optimal());
    if (early) CHECK(r.objective == (*early)[mark.back()]);
  }
  // count() ignores the objective; the iterator reports improving solutions
  Search it(m);
  std::int64_t last = INT64_MAX;
  while (auto s = it.next()) {
    CHECK((*s)[mark.back()] < last);
    last = (*s)[mark.back()];
  }
  CHECK(last == 17);
  CHECK(it.result().optimal());
}

TEST_CASE("maximising a view and an infeasible model", "[optimise]") {
  Model m;
  const Var x = m.add_var(0, 9), y = m.add_var(0, 9);
  const std::vector<int> a{3, 5};
  linear(m, a, std::vector<Var>{x, y}, Rel::le, 23);
  const Var z = m.add_var(0, 30);
  const std::vector<int> b{2, 1, -1};
  linear(m, b, std::vector<Var>{x, y, z}, Rel::eq, 0);  // z = 2x + y
  m.maximize(z);                                        // 3x + 5y <= 23: x = 7, y = 0 gives 14
  Result r;
  const auto best = solve_best(m, {}, &r);
  REQUIRE(best);
  CHECK(r.objective == 14);
  CHECK(r.optimal());
  m.minimize(-z + 30);  // the same goal through a view
  CHECK(solve_best(m, {}, &r));
  CHECK(r.objective == 16);
  CHECK(count(m).stats.solutions == 25);  // every solution of the constraints
  compare(m, x, Rel::gt, 9);
  CHECK(!solve_best(m, {}, &r));
  CHECK(r.complete());
  CHECK(!r.objective);
}
