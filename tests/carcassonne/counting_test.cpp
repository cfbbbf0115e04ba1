// libsolve features written for carcassonne: among, global_cardinality (counting.hpp), lex
// (ordering.hpp), skip_equivalent_states (symmetry.hpp), binary_table (binary_table.hpp),
// against enumeration of every assignment on small random models.
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include <solve/binary_table.hpp>
#include <solve/constraints.hpp>
#include <solve/counting.hpp>
#include <solve/error.hpp>
#include <solve/ordering.hpp>
#include <solve/search.hpp>
#include <solve/symmetry.hpp>

namespace {

using Check = std::function<bool(const std::vector<int>&)>;

/// Number of assignments of the model's initial domains that `ok` accepts.
std::uint64_t enumerate(const solve::Model& m, const Check& ok) {
  std::vector<int> values(std::size_t(m.num_vars()));
  std::uint64_t n = 0;
  std::function<void(int)> rec = [&](int i) {
    if (i == m.num_vars()) {
      n += ok(values);
      return;
    }
    for (int v : m.initial_domain(solve::Var{i})) {
      values[std::size_t(i)] = v;
      rec(i + 1);
    }
  };
  rec(0);
  return n;
}

std::vector<solve::Var> random_vars(solve::Model& m, std::mt19937& rng, int n) {
  std::vector<solve::Var> xs;
  for (int i = 0; i < n; ++i) {
    std::vector<int> dom;
    for (int v = 0; v <= 4; ++v)
      if (rng() % 3) dom.push_back(v);
    if (dom.empty()) dom.push_back(int(rng() % 5));
    xs.push_back(m.add_var(dom));
  }
  return xs;
}

void check_all_levels(const solve::Model& m, const Check& ok) {
  const std::uint64_t expected = enumerate(m, ok);
  for (auto level : {solve::Propagation::none, solve::Propagation::forward, solve::Propagation::arc,
                     solve::Propagation::domain}) {
    solve::SearchOptions o;
    o.propagation = level;
    const auto r = solve::count(m, o);
    CHECK(r.complete());
    CHECK(r.stats.solutions == expected);
    // Every solution found satisfies the check.
    solve::search(m, o, [&](const solve::Solution& s) {
      CHECK(ok(s.values()));
      return true;
    });
  }
}

int in_set(const std::vector<int>& values, const std::vector<solve::Var>& xs,
           const std::vector<int>& set) {
  int n = 0;
  for (solve::Var x : xs) n += std::count(set.begin(), set.end(), values[std::size_t(x.id)]) > 0;
  return n;
}

}  // namespace

TEST_CASE("among counts values of a set", "[csp][counting]") {
  std::mt19937 rng(5);
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    solve::Model m;
    const auto xs = random_vars(m, rng, 2 + round % 4);
    std::vector<int> set;
    for (int v = 0; v <= 4; ++v)
      if (rng() % 2) set.push_back(v);
    if (set.empty()) set.push_back(2);
    const int lo = int(rng() % 3), hi = lo + int(rng() % 3);
    solve::among(m, xs, set, lo, hi);
    if (round % 3 == 0) solve::not_equal(m, xs[0], xs[1]);
    INFO("round " << round);
    check_all_levels(m, [&](const std::vector<int>& v) {
      const int n = in_set(v, xs, set);
      return n >= lo && n <= hi && (round % 3 != 0 || v[0] != v[1]);
    });
  }
}

TEST_CASE("global cardinality over value groups", "[csp][counting]") {
  std::mt19937 rng(6);
  for (int round = 0; round < test_scale::rounds(80); ++round) {
    solve::Model m;
    const auto xs = random_vars(m, rng, 3 + round % 3);
    const std::vector<solve::ValueCount> groups = {
        {{0, 1}, 1, 2}, {{2}, 0, 1}, {{3, 4}, 0, int(rng() % 3)}};
    solve::global_cardinality(m, xs, groups);
    INFO("round " << round);
    check_all_levels(m, [&](const std::vector<int>& v) {
      return std::all_of(groups.begin(), groups.end(), [&](const solve::ValueCount& g) {
        const int n = in_set(v, xs, g.values);
        return n >= g.lo && n <= g.hi;
      });
    });
  }
}

TEST_CASE("lexicographic order of two sequences", "[csp][ordering]") {
  std::mt19937 rng(7);
  for (int round = 0; round < test_scale::rounds(120); ++round) {
    solve::Model m;
    const int n = 1 + round % 3;
    const auto xs = random_vars(m, rng, n);
    const auto ys = random_vars(m, rng, n);
    const bool strict = round % 2 == 1;
    if (strict) solve::lex_less(m, xs, ys);
    else solve::lex_less_equal(m, xs, ys);
    INFO("round " << round);
    check_all_levels(m, [&](const std::vector<int>& v) {
      std::vector<int> a, b;
      for (int i = 0; i < n; ++i) {
        a.push_back(v[std::size_t(xs[std::size_t(i)].id)]);
        b.push_back(v[std::size_t(ys[std::size_t(i)].id)]);
      }
      return strict ? a < b : a <= b;
    });
  }
}

TEST_CASE("counting and ordering reject malformed posts", "[csp][counting]") {
  solve::Model m;
  const auto xs = m.add_vars(3, 0, 2);
  CHECK_THROWS_AS(solve::among(m, xs, std::vector<int>{1}, 2, 1), solve::ModelError);
  CHECK_THROWS_AS(solve::among(m, xs, std::vector<int>{}, 0, 1), solve::ModelError);
  CHECK_THROWS_AS(solve::lex_less(m, xs, std::vector<solve::Var>{xs[0]}), solve::ModelError);
}

TEST_CASE("among forces the rest once a bound is reached", "[csp][counting]") {
  // Four variables over {0, 1}, exactly two ones, two already fixed to 1: the rest must be 0.
  solve::Model m;
  const auto xs = m.add_vars(4, 0, 1);
  solve::among(m, xs, std::vector<int>{1}, 2, 2);
  solve::fix(m, xs[0], 1);
  solve::fix(m, xs[1], 1);
  solve::SearchOptions o;
  o.propagation = solve::Propagation::arc;
  solve::Result r;
  const auto s = solve::solve_first(m, o, &r);
  REQUIRE(s);
  CHECK((*s)[xs[2]] == 0);
  CHECK((*s)[xs[3]] == 0);
  CHECK(r.stats.failures == 0);
  CHECK(r.stats.nodes == 0);  // solved by propagation alone
}

TEST_CASE("skip_equivalent_states counts classes of interchangeable variables", "[csp][symmetry]") {
  // k identical items on m places: k! assignments per set of places; one class per set.
  for (int k = 1; k <= 4; ++k)
    for (int m = k; m <= 6; ++m) {
      solve::Model model;
      const auto xs = model.add_vars(k, 0, m - 1);
      solve::all_different(model, xs);
      solve::skip_equivalent_states(model, xs,
                                    [](std::span<const int> v, std::vector<std::uint32_t>& key) {
                                      key.assign(v.begin(), v.end());
                                      std::sort(key.begin(), key.end());
                                    });
      std::uint64_t classes = 1;  // C(m, k)
      for (int i = 0; i < k; ++i) classes = classes * std::uint64_t(m - i) / std::uint64_t(i + 1);
      for (auto order : {solve::VarOrder::input, solve::VarOrder::mrv}) {
        solve::SearchOptions o;
        o.var_order = order;
        INFO("k " << k << " m " << m);
        std::set<std::vector<int>> seen;
        const auto r = solve::search(model, o, [&](const solve::Solution& s) {
          auto v = s.values();
          std::sort(v.begin(), v.end());
          CHECK(seen.insert(v).second);  // never the same class twice
          return true;
        });
        CHECK(r.stats.solutions == classes);
        CHECK(seen.size() == classes);
      }
    }
}

TEST_CASE("skip_equivalent_states with a memory bound forgets but stays sound", "[csp][symmetry]") {
  // max_bytes: the older half of the states is dropped when the newer half is full. Every
  // class is still found (nothing is pruned wrongly); some may be found again.
  for (std::size_t max_bytes : {std::size_t(1), std::size_t(600), std::size_t(1) << 20}) {
    const int k = 4, m = 7;
    solve::Model model;
    const auto xs = model.add_vars(k, 0, m - 1);
    solve::all_different(model, xs);
    solve::skip_equivalent_states(
        model, xs,
        [](std::span<const int> v, std::vector<std::uint32_t>& key) {
          key.assign(v.begin(), v.end());
          std::sort(key.begin(), key.end());
        },
        max_bytes);
    std::set<std::vector<int>> classes;
    const auto r = solve::search(model, {}, [&](const solve::Solution& s) {
      auto v = s.values();
      std::sort(v.begin(), v.end());
      classes.insert(v);
      return true;
    });
    INFO("max_bytes " << max_bytes);
    CHECK(classes.size() == 35);  // C(7, 4)
    CHECK(r.stats.solutions >= 35);
    CHECK(r.stats.solutions <= 840);                    // 7 * 6 * 5 * 4 assignments
    if (max_bytes == 1) CHECK(r.stats.solutions > 35);  // it did forget
    if (max_bytes == std::size_t(1) << 20) CHECK(r.stats.solutions == 35);  // room for all
  }
}

TEST_CASE("binary_table allows exactly its pairs", "[csp][table]") {
  std::mt19937 rng(8);
  for (int round = 0; round < test_scale::rounds(120); ++round) {
    solve::Model m;
    const auto xs = random_vars(m, rng, 3 + round % 2);
    // A chain of random relations, with values beyond the domains in some pairs.
    std::vector<std::vector<std::pair<int, int>>> rels;
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
      std::vector<std::pair<int, int>> pairs;
      for (int a = -1; a <= 5; ++a)
        for (int b = -1; b <= 5; ++b)
          if (rng() % 3 == 0) pairs.push_back({a, b});
      solve::binary_table(m, xs[i], xs[i + 1], pairs);
      rels.push_back(pairs);
    }
    INFO("round " << round);
    check_all_levels(m, [&](const std::vector<int>& v) {
      for (std::size_t i = 0; i < rels.size(); ++i) {
        const std::pair<int, int> p{v[std::size_t(xs[i].id)], v[std::size_t(xs[i + 1].id)]};
        if (std::find(rels[i].begin(), rels[i].end(), p) == rels[i].end()) return false;
      }
      return true;
    });
  }
}
