// Restarts, activity, phase saving, LNS and the portfolio (SearchOptions::restart, ::lns,
// ::phase_saving, VarOrder::activity): on random optimisation models they find and prove the
// brute-force optimum, every solution reported is a solution and beats the one before, for
// 1 to 4 threads; Luby's sequence; a seeded run on one thread repeats itself; count() and an
// every-solution search ignore restarts.
#include <catch2/catch.hpp>

#include "random_model.hpp"
#include "test_scale.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include <solve/solve.hpp>

#include "csp/restart_limit.hpp"

using namespace solve;

namespace {

/// A random optimisation model: x_i in small domains, linear sums <= c, x_i != x_j, and an
/// objective on a weighted sum (a variable of its own) or on one variable.
struct Problem {
  Model model;
  std::vector<Var> xs;
  Var goal;
  bool maximize = false;
  std::vector<random_model::Values> domains;
  std::vector<std::vector<int>> coefs;  // linear rows: sum coefs[k][i] * x_i <= rhs[k]
  std::vector<int> rhs;
  std::vector<std::pair<int, int>> different;
  std::vector<int> weights;  // objective weights of x (the goal variable is the last)
};

Problem random_problem(random_model::Random& r) {
  Problem p;
  const int n = r.pick(3, 6);
  for (int i = 0; i < n; ++i) p.domains.push_back(r.domain(-2, 3));
  p.xs = random_model::add_vars(p.model, p.domains);
  for (int k = r.pick(1, 3); k > 0; --k) {
    std::vector<int> a;
    for (int i = 0; i < n; ++i) a.push_back(r.pick(-2, 2));
    p.coefs.push_back(a);
    p.rhs.push_back(r.pick(-3, 5));
    linear(p.model, a, p.xs, Rel::le, p.rhs.back());
  }
  for (int k = r.pick(0, 3); k > 0; --k) {
    const int i = r.pick(0, n - 1), j = (i + 1 + r.pick(0, n - 2)) % n;
    p.different.emplace_back(i, j);
    not_equal(p.model, p.xs[std::size_t(i)], p.xs[std::size_t(j)]);
  }
  // goal = sum w_i x_i, a variable of its own (not branched on by input order first)
  int lo = 0, hi = 0;
  for (int i = 0; i < n; ++i) {
    p.weights.push_back(r.pick(-3, 3));
    const int w = p.weights.back();
    lo += w * (w > 0 ? p.domains[std::size_t(i)].front() : p.domains[std::size_t(i)].back());
    hi += w * (w > 0 ? p.domains[std::size_t(i)].back() : p.domains[std::size_t(i)].front());
  }
  p.goal = p.model.add_var(lo, hi);
  std::vector<int> a = p.weights;
  a.push_back(-1);
  std::vector<Var> scope = p.xs;
  scope.push_back(p.goal);
  linear(p.model, a, scope, Rel::eq, 0);
  p.maximize = r.pick(0, 1);
  if (p.maximize) p.model.maximize(p.goal);
  else p.model.minimize(p.goal);
  return p;
}

/// The optimum by enumeration, or nullopt when the model has no solution.
std::optional<std::int64_t> brute_force(const Problem& p) {
  std::optional<std::int64_t> best;
  random_model::for_each_assignment(p.domains, [&](const random_model::Values& x) {
    for (std::size_t k = 0; k < p.coefs.size(); ++k) {
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < x.size(); ++i) sum += p.coefs[k][i] * x[i];
      if (sum > p.rhs[k]) return;
    }
    for (auto [i, j] : p.different)
      if (x[std::size_t(i)] == x[std::size_t(j)]) return;
    std::int64_t v = 0;
    for (std::size_t i = 0; i < x.size(); ++i) v += p.weights[i] * x[i];
    if (!best || (p.maximize ? v > *best : v < *best)) best = v;
  });
  return best;
}

/// The settings under test: each restart policy, activity, phase saving, LNS with tiny limits
/// (so that restarts and neighbourhoods happen on models this small).
std::vector<SearchOptions> settings() {
  std::vector<SearchOptions> out;
  SearchOptions luby;
  luby.restart = {RestartPolicy::Kind::luby, 1, 1.5};
  out.push_back(luby);
  SearchOptions geometric;
  geometric.restart = {RestartPolicy::Kind::geometric, 2, 1.3};
  geometric.var_order = VarOrder::activity;
  geometric.phase_saving = true;
  out.push_back(geometric);
  SearchOptions lns;
  lns.lns = {true, 2, 0.3, 4};
  lns.phase_saving = true;
  out.push_back(lns);
  SearchOptions both = lns;
  both.restart = {RestartPolicy::Kind::luby, 2, 1.5};
  both.var_order = VarOrder::activity;
  both.lns.full_every = 3;
  both.propagation = Propagation::forward;
  out.push_back(both);
  // the frame search's options: the search that learns, an optimum's default, ignores some
  for (SearchOptions& o : out) o.learning.use = Learning::off;
  return out;
}

}  // namespace

TEST_CASE("Luby's sequence", "[restarts]") {
  const std::vector<std::uint64_t> expected{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1};
  for (std::size_t i = 0; i < expected.size(); ++i) CHECK(luby(i + 1) == expected[i]);
  CHECK(luby(31) == 16);
  CHECK(luby(63) == 32);
  CHECK(luby(64) == 1);
}

TEST_CASE("geometric limits: a factor below 1 or NaN grows nothing, and past 2^64 is no limit",
          "[restarts]") {
  using detail::csp::restart_limit;
  using Kind = RestartPolicy::Kind;
  CHECK(restart_limit({Kind::geometric, 100, 2.0}, 3) == 800);
  for (const double f : {0.5, -3.0, std::nan("")}) {
    INFO(f);
    CHECK(restart_limit({Kind::geometric, 100, f}, 0) == 100);
    CHECK(restart_limit({Kind::geometric, 100, f}, 40) == 100);
  }
  CHECK(restart_limit({Kind::geometric, 100, 1e6}, 10) == UINT64_MAX);
  CHECK(restart_limit({Kind::geometric, 100, std::numeric_limits<double>::infinity()}, 2) ==
        UINT64_MAX);
}

TEST_CASE("restarts, activity, phase saving, LNS and the portfolio find and prove the optimum",
          "[restarts][threads]") {
  random_model::Random rng(2311);
  int feasible = 0, restarted = 0, neighbourhoods = 0;
  for (int round = 0; round < test_scale::rounds(120); ++round) {
    const Problem p = random_problem(rng);
    const auto expected = brute_force(p);
    feasible += expected.has_value();
    int setting = 0;
    for (SearchOptions o : settings()) {
      ++setting;
      for (int threads = 1; threads <= 4; ++threads) {
        o.threads = threads;
        o.seed = std::uint64_t(round + 1);
        std::vector<std::int64_t> reported;
        const Result r = search(p.model, o, [&](const Solution& s) {
          CHECK(is_solution(p.model, s.values()));
          reported.push_back(s[p.goal]);
          return true;
        });
        INFO("round " << round << " setting " << setting << " threads " << threads);
        REQUIRE(r.complete());
        REQUIRE(r.objective == expected);
        for (std::size_t k = 1; k < reported.size(); ++k)
          REQUIRE((p.maximize ? reported[k] > reported[k - 1] : reported[k] < reported[k - 1]));
        if (expected) REQUIRE(reported.back() == *expected);
        REQUIRE(reported.size() == r.stats.solutions);
        restarted += r.stats.restarts > 0;
        neighbourhoods += r.stats.neighbourhoods > 0;
      }
    }
  }
  CHECK(feasible > test_scale::scaled(40));
  // the limits are small enough that restarts and neighbourhoods happen
  CHECK(restarted > test_scale::scaled(20));
  CHECK(neighbourhoods > test_scale::scaled(20));
}

TEST_CASE("a first solution with restarts is a solution, and none is a proof", "[restarts]") {
  random_model::Random rng(99);
  for (int round = 0; round < test_scale::rounds(100); ++round) {
    const Problem p = random_problem(rng);
    const bool feasible = brute_force(p).has_value();
    for (int threads : {1, 3}) {
      SearchOptions o;
      o.restart = {RestartPolicy::Kind::luby, 1, 1.5};
      o.phase_saving = true;
      o.threads = threads;
      Result r;
      const auto s = solve_first(p.model, o, &r);
      INFO("round " << round << " threads " << threads);
      REQUIRE(bool(s) == feasible);
      if (s) CHECK(is_solution(p.model, s->values()));
      else CHECK(r.complete());
    }
  }
}

TEST_CASE("a seeded run on one thread repeats itself", "[restarts]") {
  // 9 queens with an objective: enough failures for restarts and neighbourhoods
  Model m;
  const int n = 9;
  const std::vector<Var> q = m.add_vars(n, 0, n - 1, "q");
  all_different(m, q);
  std::vector<Var> up, down;
  for (int i = 0; i < n; ++i) {
    up.push_back(q[std::size_t(i)] + i);
    down.push_back(q[std::size_t(i)] - i);
  }
  all_different(m, up);
  all_different(m, down);
  const Var cost = m.add_var(0, 2 * n * n);
  std::vector<int> a;
  for (int i = 0; i < n; ++i) a.push_back(i % 3 + 1);
  a.push_back(-1);
  std::vector<Var> scope = q;
  scope.push_back(cost);
  linear(m, a, scope, Rel::eq, 0);
  m.minimize(cost);
  SearchOptions o;
  o.propagation = Propagation::forward;
  o.restart = {RestartPolicy::Kind::luby, 1, 1.5};
  o.lns = {true, 3, 0.3, 8};
  o.phase_saving = true;
  o.var_order = VarOrder::activity;
  o.seed = 42;
  o.learning.use = Learning::off;  // the frame search's restarts (an optimum learns by default)
  SearchOptions plain;
  Result rp;
  solve_best(m, plain, &rp);
  REQUIRE(rp.optimal());
  const auto run = [&](const SearchOptions& with) {
    std::vector<std::vector<int>> sols;
    const Result r = search(m, with, [&](const Solution& s) {
      sols.push_back(s.values());
      return true;
    });
    return std::make_pair(sols, r);
  };
  SearchOptions restarts_only = o;
  restarts_only.lns.enabled = false;
  for (const SearchOptions& with : {o, restarts_only}) {
    const auto [first, r1] = run(with);
    const auto [second, r2] = run(with);
    INFO("LNS " << with.lns.enabled);
    CHECK(first == second);
    CHECK(r1.stats.nodes == r2.stats.nodes);
    CHECK(r1.stats.failures == r2.stats.failures);
    CHECK(r1.stats.restarts == r2.stats.restarts);
    CHECK(r1.stats.neighbourhoods == r2.stats.neighbourhoods);
    CHECK((with.lns.enabled ? r1.stats.neighbourhoods : r1.stats.restarts) > 0);
    CHECK(r1.optimal());
    CHECK(r1.objective == rp.objective);
  }
}

TEST_CASE("count() and an every-solution search ignore restarts", "[restarts]") {
  Model m;
  const std::vector<Var> q = m.add_vars(7, 0, 6, "q");
  all_different(m, q);
  std::vector<Var> up, down;
  for (int i = 0; i < 7; ++i) {
    up.push_back(q[std::size_t(i)] + i);
    down.push_back(q[std::size_t(i)] - i);
  }
  all_different(m, up);
  all_different(m, down);
  SearchOptions o;
  o.restart = {RestartPolicy::Kind::constant, 1, 1};
  for (int threads : {1, 2}) {
    o.threads = threads;
    const Result c = count(m, o);
    CHECK(c.stats.solutions == 40);
    CHECK(c.stats.restarts == 0);
    Result r;
    CHECK(random_model::search_all(m, o, &r).size() == 40);
    CHECK(r.stats.restarts == 0);
  }
}
