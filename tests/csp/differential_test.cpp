// Random small CSPs: every propagation level x variable order x value order x branching must
// find exactly the solutions that brute-force enumeration finds. The brute force evaluates a
// plain description of the constraints, independently of the propagators.
#include <catch2/catch.hpp>

#include "random_model.hpp"
#include "test_scale.hpp"

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;

namespace {

struct Spec {
  enum Kind { all_diff, less_t, less_eq_t, not_eq_t, eq_t, fix_t, table_t } kind;
  std::vector<int> vars;
  std::vector<std::vector<int>> tuples;    // table; fix: {{value}}
  std::vector<std::pair<int, int>> views;  // per position: (a, c), the constraint sees a*x + c
};

struct Group {  // a branch group (Model::branch)
  std::vector<int> vars;
  VarOrder var;
  ValOrder val;
};

struct Instance {
  std::vector<std::vector<int>> domains;
  std::vector<Spec> specs;
  std::vector<Group> groups;
};

bool holds(const Spec& c, const std::vector<int>& a) {
  auto v = [&](std::size_t k) {
    return c.views[k].first * a[std::size_t(c.vars[k])] + c.views[k].second;
  };
  switch (c.kind) {
    case Spec::all_diff:
      for (std::size_t i = 0; i < c.vars.size(); ++i)
        for (std::size_t j = i + 1; j < c.vars.size(); ++j)
          if (v(i) == v(j)) return false;
      return true;
    case Spec::less_t: return v(0) < v(1);
    case Spec::less_eq_t: return v(0) <= v(1);
    case Spec::not_eq_t: return v(0) != v(1);
    case Spec::eq_t: return v(0) == v(1);
    case Spec::fix_t: return v(0) == c.tuples[0][0];
    case Spec::table_t: {
      std::vector<int> t;
      for (std::size_t k = 0; k < c.vars.size(); ++k) t.push_back(v(k));
      return std::find(c.tuples.begin(), c.tuples.end(), t) != c.tuples.end();
    }
  }
  return false;
}

std::set<std::vector<int>> brute_force(const Instance& in) {
  return random_model::solutions(in.domains, [&](const std::vector<int>& a) {
    return std::all_of(in.specs.begin(), in.specs.end(),
                       [&](const Spec& c) { return holds(c, a); });
  });
}

Instance random_instance(random_model::Random& r) {
  auto pick = [&](int lo, int hi) { return r.pick(lo, hi); };
  Instance in;
  const int n = pick(2, 6);
  for (int i = 0; i < n; ++i) {
    std::vector<int> d;
    const int base = pick(-2, 1);
    for (int v = base; v < base + 6; ++v)
      if (pick(0, 3) > 0) d.push_back(v);
    if (d.empty()) d.push_back(base);
    in.domains.push_back(d);
  }
  const int nc = pick(1, 5);
  for (int k = 0; k < nc; ++k) {
    Spec c{static_cast<Spec::Kind>(pick(0, 6)), {}, {}, {}};
    auto two = [&] {
      const int x = pick(0, n - 1);
      int y = pick(0, n - 1);
      if (y == x) y = (x + 1) % n;
      return std::vector<int>{x, y};
    };
    switch (c.kind) {
      case Spec::all_diff: {
        std::vector<int> all(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) all[std::size_t(i)] = i;
        std::shuffle(all.begin(), all.end(), r.rng);
        all.resize(std::size_t(pick(2, n)));
        c.vars = all;
        break;
      }
      case Spec::fix_t:
        c.vars = {pick(0, n - 1)};
        c.tuples = {{pick(-2, 6)}};
        break;
      case Spec::table_t: {
        c.vars = two();
        if (n > 2 && pick(0, 1)) {
          int z = pick(0, n - 1);
          if (std::find(c.vars.begin(), c.vars.end(), z) == c.vars.end()) c.vars.push_back(z);
        }
        const int nt = pick(0, 12);
        for (int t = 0; t < nt; ++t) {
          std::vector<int> tup;
          for (std::size_t k = 0; k < c.vars.size(); ++k) tup.push_back(pick(-2, 6));
          c.tuples.push_back(tup);
        }
        break;
      }
      default: c.vars = two();
    }
    // a third of the constraints see views (x + c, a * x) of their variables
    const bool views = pick(0, 2) == 0;
    for (std::size_t k = 0; k < c.vars.size(); ++k) {
      const int a = views ? std::array<int, 5>{-2, -1, 1, 1, 2}[std::size_t(pick(0, 4))] : 1;
      c.views.emplace_back(a, views ? pick(-3, 3) : 0);
    }
    in.specs.push_back(c);
  }
  // a third of the instances decide some variables first, in orders of their own
  for (int g = pick(0, 2) == 0 ? pick(1, 2) : 0; g > 0; --g) {
    Group grp{{}, static_cast<VarOrder>(pick(0, 7)), static_cast<ValOrder>(pick(0, 3))};
    for (int i = 0; i < n; ++i)
      if (pick(0, 1)) grp.vars.push_back(i);
    in.groups.push_back(grp);
  }
  return in;
}

Model build(const Instance& in) {
  Model m;
  const std::vector<Var> xs = random_model::add_vars(m, in.domains);
  for (const Spec& c : in.specs) {
    std::vector<Var> vs;
    for (std::size_t k = 0; k < c.vars.size(); ++k)
      vs.push_back(c.views[k].first * xs[std::size_t(c.vars[k])] + c.views[k].second);
    switch (c.kind) {
      case Spec::all_diff: all_different(m, vs); break;
      case Spec::less_t: less(m, vs[0], vs[1]); break;
      case Spec::less_eq_t: less_equal(m, vs[0], vs[1]); break;
      case Spec::not_eq_t: not_equal(m, vs[0], vs[1]); break;
      case Spec::eq_t: equal(m, vs[0], vs[1]); break;
      case Spec::fix_t: fix(m, vs[0], c.tuples[0][0]); break;
      case Spec::table_t: table(m, vs, c.tuples); break;
    }
  }
  for (const Group& g : in.groups) {
    std::vector<Var> vs;
    for (int i : g.vars) vs.push_back(xs[std::size_t(i)]);
    m.branch(vs, g.var, g.val);
  }
  return m;
}

}  // namespace

TEST_CASE("every setting finds exactly the brute-force solutions", "[differential]") {
  random_model::Random rng(20261122);
  int with_solutions = 0, without = 0;
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    const Instance in = random_instance(rng);
    const auto expected = brute_force(in);
    (expected.empty() ? without : with_solutions)++;
    const Model m = build(in);
    for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
      for (auto v : {VarOrder::input, VarOrder::mrv, VarOrder::mrv_degree, VarOrder::dom_wdeg})
        for (auto val : {ValOrder::ascending, ValOrder::descending, ValOrder::random})
          for (auto b : {Branching::values, Branching::refutation}) {
            SearchOptions o;
            o.propagation = p;
            o.var_order = v;
            o.val_order = val;
            o.branching = b;
            o.seed = std::uint64_t(round) + 1;
            Result r;
            std::uint64_t found = 0;
            const auto got = random_model::search_all(m, o, &r, &found);
            INFO("round " << round << " propagation " << int(p) << " var " << int(v) << " val "
                          << int(val) << " branching " << int(b));
            REQUIRE(r.complete());
            REQUIRE(found == got.size());  // no solution twice
            REQUIRE(got == expected);
            REQUIRE(r.stats.solutions == expected.size());
          }
  }
  // the generator must produce both kinds, or the test proves little
  CHECK(with_solutions > test_scale::scaled(50));
  CHECK(without > test_scale::scaled(20));
}

TEST_CASE("counts are the same for every number of threads", "[differential][threads]") {
  random_model::Random rng(4242);
  for (int round = 0; round < test_scale::rounds(60); ++round) {
    const Instance in = random_instance(rng);
    const auto expected = brute_force(in);
    const Model m = build(in);
    for (auto p : {Propagation::forward, Propagation::domain})
      for (auto b : {Branching::values, Branching::refutation})
        for (int threads : {2, 3, 4}) {
          SearchOptions o;
          o.propagation = p;
          o.branching = b;
          o.threads = threads;
          Result r;
          const auto got = random_model::search_all(m, o, &r);
          INFO("round " << round << " threads " << threads);
          REQUIRE(r.complete());
          REQUIRE(got == expected);
          REQUIRE(count(m, o).stats.solutions == expected.size());
        }
  }
}
