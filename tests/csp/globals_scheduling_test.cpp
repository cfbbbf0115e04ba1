// cumulative and disjunctive (solve/scheduling.hpp) against their decompositions, written here
// from the definitions: cumulative as "at each time point of the horizon, the usages of the
// tasks running then add up to at most the capacity", disjunctive as "every pair of tasks is
// ordered, s_i + d_i <= s_j or s_j + d_j <= s_i". Small random instances (3-6 tasks, horizon
// <= 12, some durations, usages and capacities variable) must have the same solutions at
// forward, arc and domain with 1 and 4 threads; then check(), hand cases with known pruning
// and the propagator contract.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <solve/solve.hpp>

#include "propagator_contract.hpp"
#include "random_model.hpp"
#include "test_scale.hpp"

namespace {

using namespace solve;
using random_model::Random;
using random_model::Values;

/// One instance: the domains of starts, durations (and usages, capacity for cumulative).
struct Tasks {
  std::size_t n = 0;
  std::vector<Values> domains;  // s[0..n), d[0..n), then r[0..n) and b for cumulative
  std::string what() const { return contract::show(domains); }
};

/// A domain of up to `most` values of lo..hi, or one value.
Values small_domain(Random& r, int lo, int hi, int most) {
  Values d = r.domain(lo, hi);
  while (int(d.size()) > most) d.erase(d.begin() + r.pick(0, int(d.size()) - 1));
  return d;
}

/// Starts within 0..8, durations 0..4 (most of them fixed), horizon <= 12. The product of
/// the domain sizes stays small enough to enumerate.
Tasks random_tasks(Random& r, bool with_usage) {
  Tasks t;
  t.n = std::size_t(r.pick(3, 6));
  const int width = t.n <= 4 ? 5 : 3;
  for (std::size_t i = 0; i < t.n; ++i) {
    const int lo = r.pick(0, 8 - width);
    t.domains.push_back(small_domain(r, lo, lo + width, width));
  }
  int variable = r.pick(0, 2);  // durations or usages left open
  auto value = [&](int lo, int hi) {
    if (variable > 0 && r.pick(0, 2) == 0) {
      --variable;
      return small_domain(r, lo, hi, 3);
    }
    return Values{r.pick(lo, hi)};
  };
  for (std::size_t i = 0; i < t.n; ++i) t.domains.push_back(value(r.pick(0, 1), 4));
  if (with_usage) {
    for (std::size_t i = 0; i < t.n; ++i) t.domains.push_back(value(0, 3));
    t.domains.push_back(r.pick(0, 2) == 0 ? small_domain(r, 0, 4, 3) : Values{r.pick(1, 4)});
  }
  return t;
}

bool cumulative_holds(std::size_t n, const Values& a) {
  const int b = a[3 * n];
  if (n == 0) return true;  // MiniZinc: no task, no condition on the capacity
  for (std::size_t i = 0; i < n; ++i)
    if (a[n + i] < 0 || a[2 * n + i] < 0) return false;
  for (int t = -30; t <= 30; ++t) {  // beyond every start + duration of the draws (views too)
    int load = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (a[i] <= t && t < a[i] + a[n + i]) load += a[2 * n + i];
    if (load > b) return false;
  }
  return b >= 0;
}

bool disjunctive_holds(std::size_t n, const Values& a, ZeroDuration zero) {
  for (std::size_t i = 0; i < n; ++i) {
    if (a[n + i] < 0) return false;
    for (std::size_t j = i + 1; j < n; ++j) {
      if (zero == ZeroDuration::free && (a[n + i] == 0 || a[n + j] == 0)) continue;
      if (!(a[i] + a[n + i] <= a[j] || a[j] + a[n + j] <= a[i])) return false;
    }
  }
  return true;
}

std::span<const Var> part(const std::vector<Var>& xs, std::size_t from, std::size_t n) {
  return std::span<const Var>(xs).subspan(from, n);
}

void post_cumulative(Model& m, const std::vector<Var>& xs, std::size_t n) {
  cumulative(m, part(xs, 0, n), part(xs, n, n), part(xs, 2 * n, n), xs[3 * n]);
}

/// Every solution the searches find, at each level and thread count, is the brute force's.
template <class Post, class Holds>
void agree(const Tasks& t, Post&& post, Holds&& holds, std::uint32_t seed) {
  const std::set<Values> expected = random_model::solutions(t.domains, holds);
  Model m;
  post(m, random_model::add_vars(m, t.domains));
  for (auto p : {Propagation::forward, Propagation::arc, Propagation::domain})
    for (int threads : {1, 4}) {
      SearchOptions o;
      o.propagation = p;
      o.threads = threads;
      o.var_order = seed % 2 ? VarOrder::dom_wdeg : VarOrder::input;
      o.val_order = seed % 3 ? ValOrder::ascending : ValOrder::random;
      o.seed = seed;
      Result r;
      const std::set<Values> got = random_model::search_all(m, o, &r);
      INFO(t.what() << " propagation " << int(p) << " threads " << threads);
      REQUIRE(r.complete());
      REQUIRE(got == expected);
      REQUIRE(r.stats.solutions == expected.size());
    }
}

}  // namespace

TEST_CASE("cumulative has the solutions of its time-point decomposition",
          "[globals][scheduling][threads]") {
  Random r(2311);
  int satisfiable = 0;
  for (int round = 0; round < test_scale::rounds(320); ++round) {
    const Tasks t = random_tasks(r, true);
    const std::size_t n = t.n;
    const auto holds = [n](const Values& a) { return cumulative_holds(n, a); };
    satisfiable += !random_model::solutions(t.domains, holds).empty();
    agree(t, [n](Model& m, const std::vector<Var>& xs) { post_cumulative(m, xs, n); }, holds,
          std::uint32_t(round));
  }
  CHECK(satisfiable >= test_scale::scaled(100));
}

TEST_CASE("disjunctive has the solutions of its pairwise decomposition",
          "[globals][scheduling][threads]") {
  Random r(2312);
  int satisfiable = 0;
  for (int round = 0; round < test_scale::rounds(320); ++round) {
    const Tasks t = random_tasks(r, false);
    const std::size_t n = t.n;
    const ZeroDuration zero = round % 3 == 2 ? ZeroDuration::free : ZeroDuration::strict;
    const auto holds = [n, zero](const Values& a) { return disjunctive_holds(n, a, zero); };
    satisfiable += !random_model::solutions(t.domains, holds).empty();
    agree(t,
          [n, zero](Model& m, const std::vector<Var>& xs) {
            disjunctive(m, part(xs, 0, n), part(xs, n, n), zero);
          },
          holds, std::uint32_t(round));
  }
  CHECK(satisfiable >= test_scale::scaled(100));
}

TEST_CASE("scheduling over views and shared variables has the decomposition's solutions",
          "[globals][scheduling]") {
  // starts, durations and usages as views a * x + c of a few variables, one variable in
  // several roles (a start that is also another task's duration, say), negative values
  Random r(2315);
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    const std::size_t k = std::size_t(r.pick(2, 5));
    std::vector<Values> domains;
    for (std::size_t i = 0; i < k; ++i) domains.push_back(small_domain(r, -3, 5, 4));
    const std::size_t n = std::size_t(r.pick(2, 4));
    std::vector<std::pair<std::size_t, std::pair<int, int>>> views;  // variable, (a, c)
    for (std::size_t i = 0; i < 3 * n + 1; ++i) views.push_back({r.var(k), r.view()});
    const auto value = [views](const Values& a, std::size_t i) {
      return views[i].second.first * a[views[i].first] + views[i].second.second;
    };
    const auto task_values = [n, value](const Values& a) {
      Values t;
      for (std::size_t i = 0; i < 3 * n + 1; ++i) t.push_back(value(a, i));
      return t;
    };
    const auto viewed = [views](const std::vector<Var>& xs) {
      std::vector<Var> out;
      for (const auto& [x, ac] : views) out.push_back(ac.first * xs[x] + ac.second);
      return out;
    };
    Tasks t;
    t.n = k;
    t.domains = domains;
    if (round % 2 == 0) {
      agree(t, [n, viewed](Model& m, const std::vector<Var>& xs) {
            post_cumulative(m, viewed(xs), n);
          },
          [n, task_values](const Values& a) { return cumulative_holds(n, task_values(a)); },
          std::uint32_t(round));
    } else {
      const ZeroDuration zero = round % 4 == 1 ? ZeroDuration::strict : ZeroDuration::free;
      agree(t, [n, viewed, zero](Model& m, const std::vector<Var>& xs) {
            const std::vector<Var> v = viewed(xs);
            disjunctive(m, part(v, 0, n), part(v, n, n), zero);
          },
          [n, task_values, zero](const Values& a) {
            return disjunctive_holds(n, task_values(a), zero);
          },
          std::uint32_t(round));
    }
  }
}

TEST_CASE("cumulative and disjunctive check() decide as their decompositions",
          "[globals][scheduling]") {
  Random r(2313);
  for (int round = 0; round < test_scale::rounds(2000); ++round) {
    const std::size_t n = std::size_t(r.pick(0, 5));
    Values a;
    for (std::size_t i = 0; i < 3 * n + 1; ++i) a.push_back(r.pick(i < n ? 0 : -1, 5));
    Model m;
    std::vector<Var> xs;
    for (int v : a) xs.push_back(m.add_var(v, v));
    post_cumulative(m, xs, n);
    INFO(contract::show({a}));
    CHECK(m.constraints().back()->check(a) == cumulative_holds(n, a));
    for (ZeroDuration zero : {ZeroDuration::strict, ZeroDuration::free}) {
      Model u;
      std::vector<Var> ys;
      for (std::size_t i = 0; i < 2 * n; ++i) ys.push_back(u.add_var(a[i], a[i]));
      disjunctive(u, part(ys, 0, n), part(ys, n, n), zero);
      const Values sd(a.begin(), a.begin() + std::ptrdiff_t(2 * n));
      CHECK(u.constraints().back()->check(sd) == disjunctive_holds(n, sd, zero));
    }
  }
}

TEST_CASE("scheduling hand cases: the pruning at the root", "[globals][scheduling]") {
  SECTION("disjunctive: a task that cannot end before b's latest start goes after b") {
    // b runs within [2, 8) for 5, so surely over [3, 7): a (5 long) cannot fit before it
    const std::vector<Values> domains = {random_model::range(0, 10), {2, 3}, {5}, {5}};
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    disjunctive(m, part(xs, 0, 2), part(xs, 2, 2));
    const auto got = contract::root_domains(m, Propagation::arc);
    REQUIRE(got);
    CHECK((*got)[0] == random_model::range(7, 10));
  }
  SECTION("disjunctive: edge finding puts a task after a set it cannot join") {
    // A and B must both end by 7 and need 5 together; C (4 long) before or between them
    // would push one of them past 7, so C follows both: it starts at 5 at the earliest.
    const std::vector<Values> domains = {random_model::range(0, 4), random_model::range(0, 4),
                                         random_model::range(0, 20), {2}, {3}, {4}};
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    disjunctive(m, part(xs, 0, 3), part(xs, 3, 3));
    const auto got = contract::root_domains(m, Propagation::arc);
    REQUIRE(got);
    CHECK((*got)[2].front() == 5);
  }
  SECTION("cumulative: a task cannot run beside a full compulsory part") {
    // t0 surely uses 2 of 2 over [0, 4): t1 (usage 1, 2 long) starts at 4 at the earliest
    const std::vector<Values> domains = {{0}, random_model::range(0, 6), {4}, {2}, {2}, {1}, {2}};
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    post_cumulative(m, xs, 2);
    const auto got = contract::root_domains(m, Propagation::arc);
    REQUIRE(got);
    CHECK((*got)[1] == random_model::range(4, 6));
  }
  SECTION("cumulative: the capacity rises to the peak of the compulsory parts") {
    const std::vector<Values> domains = {{1}, {0, 1}, {3}, {3}, {2}, {3}, random_model::range(0, 9)};
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    post_cumulative(m, xs, 2);
    const auto got = contract::root_domains(m, Propagation::arc);
    REQUIRE(got);
    CHECK((*got)[6].front() == 5);  // both surely run over [1, 3)
  }
  SECTION("cumulative: edge-finding detection where time-tabling sees no compulsory part") {
    // a and b (2 long, usage 2, start 0..2) fill capacity 2 over [0, 4) between them: c
    // (1 long, usage 2) cannot end by 4, so it starts at 4 at the earliest
    const std::vector<Values> domains = {random_model::range(0, 2), random_model::range(0, 2),
                                         random_model::range(0, 9), {2}, {2}, {1}, {2}, {2},
                                         {2}, {2}};
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    post_cumulative(m, xs, 3);
    const auto got = contract::root_domains(m, Propagation::arc);
    REQUIRE(got);
    CHECK((*got)[2] == random_model::range(4, 9));
  }
  SECTION("cumulative: an energy overload fails at the root") {
    // three tasks 2 long, usage 2, all within [0, 4) on capacity 2: 12 > 8
    const std::vector<Values> domains = {{0, 1, 2}, {0, 1, 2}, {0, 1, 2}, {2}, {2}, {2},
                                         {2},       {2},       {2},       {2}};
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    post_cumulative(m, xs, 3);
    CHECK_FALSE(contract::root_domains(m, Propagation::arc));
  }
  SECTION("disjunctive: three jobs of 2, 3 and 4 on a machine with a horizon of 9") {
    Model m;
    const std::vector<Var> s = m.add_vars(3, 0, 9);
    const std::vector<Var> d = {m.add_var(2, 2), m.add_var(3, 3), m.add_var(4, 4)};
    disjunctive(m, s, d);
    const std::vector<Var> ends = {s[0] + 2, s[1] + 3, s[2] + 4};
    for (const Var e : ends) less_equal(m, e, m.add_var(9, 9));
    CHECK(count(m).stats.solutions == 6);  // one schedule per order, no slack
  }
}

TEST_CASE("cumulative and disjunctive keep the propagator contract at the root",
          "[globals][scheduling][contract]") {
  Random r(2314);
  for (int round = 0; round < test_scale::rounds(200); ++round) {
    const bool cumul = round % 2 == 0;
    const Tasks t = random_tasks(r, cumul);
    const std::size_t n = t.n;
    std::vector<contract::Outcome> out;
    if (cumul)
      out = contract::run_contract(
          "cumulative", t.domains,
          [n](Model& m, const std::vector<Var>& xs) { post_cumulative(m, xs, n); },
          [n](const Values& a) { return cumulative_holds(n, a); });
    else
      out = contract::run_contract(
          "disjunctive", t.domains,
          [n](Model& m, const std::vector<Var>& xs) {
            disjunctive(m, part(xs, 0, n), part(xs, n, n));
          },
          [n](const Values& a) { return disjunctive_holds(n, a, ZeroDuration::strict); });
    for (const contract::Outcome& o : out) {
      INFO(o.what);
      CHECK_FALSE(o.lost);
      CHECK(o.idempotent);
    }
  }
}

TEST_CASE("scheduling post functions reject mismatched arrays", "[globals][scheduling]") {
  Model m;
  const std::vector<Var> s = m.add_vars(3, 0, 5), d = m.add_vars(2, 1, 2);
  CHECK_THROWS_AS(disjunctive(m, s, d), ModelError);
  CHECK_THROWS_AS(cumulative(m, s, s, d, s[0]), ModelError);
  Model other;
  const Var foreign = other.add_var(0, 1);
  CHECK_THROWS_AS(cumulative(m, s, s, s, foreign), ModelError);
}
