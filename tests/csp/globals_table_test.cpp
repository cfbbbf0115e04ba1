// table as compact-table: every solution equals brute force over the tuples (the old Table's
// meaning: the scope's values form one of the tuples), on random instances with views,
// a variable named twice, duplicated tuples and two tables sharing variables (so that the
// trailed set of valid tuples is undone and redone across the search), at forward, arc and
// domain, with 1 and 4 threads; the reversible words of the store (Space::save_word).
#include <catch2/catch.hpp>

#include "random_model.hpp"
#include "test_scale.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include <solve/solve.hpp>

#include "csp/store.hpp"

using namespace solve;
using random_model::Random;
using random_model::Values;

namespace {

struct TableSpec {
  std::vector<std::size_t> at;            // model variables of the scope (repeats allowed)
  std::vector<std::pair<int, int>> view;  // per position: a * x + c
  std::vector<Values> tuples;
  std::vector<Var> vars(const std::vector<Var>& xs) const {
    std::vector<Var> out;
    for (std::size_t k = 0; k < at.size(); ++k)
      out.push_back(view[k].first * xs[at[k]] + view[k].second);
    return out;
  }
  bool holds(const Values& a) const {
    Values t;
    for (std::size_t k = 0; k < at.size(); ++k)
      t.push_back(view[k].first * a[at[k]] + view[k].second);
    return std::find(tuples.begin(), tuples.end(), t) != tuples.end();
  }
};

TableSpec draw(Random& r, std::size_t nvars) {
  TableSpec s;
  const int arity = r.pick(1, 5);
  for (int k = 0; k < arity; ++k) {
    s.at.push_back(r.var(nvars));
    s.view.push_back(r.view());
  }
  for (int t = r.pick(0, 40); t > 0; --t) {
    if (!s.tuples.empty() && r.pick(0, 5) == 0) {  // a duplicate
      s.tuples.push_back(s.tuples[std::size_t(r.pick(0, int(s.tuples.size()) - 1))]);
      continue;
    }
    Values tuple;
    for (int k = 0; k < arity; ++k) tuple.push_back(r.pick(-4, 5));
    s.tuples.push_back(tuple);
  }
  return s;
}

}  // namespace

TEST_CASE("table: every solution equals brute force over the tuples", "[table][threads]") {
  Random r(2305);
  int with_solutions = 0;
  for (int round = 0; round < test_scale::rounds(400); ++round) {
    const std::size_t nvars = std::size_t(r.pick(2, 5));
    std::vector<Values> domains;
    for (std::size_t i = 0; i < nvars; ++i) domains.push_back(r.domain(-3, 3));
    std::vector<TableSpec> specs{draw(r, nvars)};
    if (r.pick(0, 1)) specs.push_back(draw(r, nvars));
    const std::set<Values> expected = random_model::solutions(domains, [&](const Values& a) {
      return std::all_of(specs.begin(), specs.end(),
                         [&](const TableSpec& s) { return s.holds(a); });
    });
    with_solutions += !expected.empty();
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    for (const TableSpec& s : specs) table(m, s.vars(xs), s.tuples);
    for (Propagation p : {Propagation::forward, Propagation::arc, Propagation::domain})
      for (int threads : {1, 4}) {
        INFO("round " << round << " level " << int(p) << " threads " << threads);
        SearchOptions o;
        o.propagation = p;
        o.threads = threads;
        REQUIRE(random_model::search_all(m, o) == expected);
      }
  }
  CHECK(with_solutions >= test_scale::scaled(60));
}

TEST_CASE("table: a bigger table counts as brute force does", "[table]") {
  Random r(2306);
  std::vector<Values> tuples;
  for (int t = 0; t < 3000; ++t) {
    Values tuple;
    for (int k = 0; k < 5; ++k) tuple.push_back(r.pick(0, 5));
    tuples.push_back(tuple);
  }
  const std::set<Values> distinct(tuples.begin(), tuples.end());
  Model m;
  const std::vector<Var> xs = m.add_vars(5, 0, 5);
  table(m, xs, tuples);
  all_different(m, std::vector<Var>{xs[0], xs[1], xs[2]});
  std::size_t expected = 0;
  for (const Values& t : distinct) expected += t[0] != t[1] && t[0] != t[2] && t[1] != t[2];
  CHECK(random_model::search_all(m, SearchOptions{}).size() == expected);
}

TEST_CASE("table: a table of many distinct values (sparse supports) counts as brute force does",
          "[table][threads]") {
  // x0 takes nearly as many values as there are tuples: the supports are kept sparse, and
  // the valid tuples shrink below a value's words (the other way of meeting them)
  Random r(2307);
  std::vector<Values> tuples;
  for (int t = 0; t < 3000; ++t)
    tuples.push_back({r.pick(0, 9999), r.pick(0, 4), r.pick(0, 4), r.pick(0, 4)});
  const std::set<Values> distinct(tuples.begin(), tuples.end());
  std::size_t expected = 0;
  for (const Values& t : distinct) expected += t[1] < t[2] && t[2] != t[3] && t[0] % 3 != 0;
  Model m;
  const Var x0 = m.add_var(0, 9999);
  const std::vector<Var> xs{x0, m.add_var(0, 4), m.add_var(0, 4), m.add_var(0, 4)};
  table(m, xs, tuples);
  less(m, xs[1], xs[2]);
  not_equal(m, xs[2], xs[3]);
  Values not_multiples;
  for (int v = 0; v < 10000; ++v)
    if (v % 3 == 0) not_multiples.push_back(v);
  not_in_set(m, x0, not_multiples);
  for (Propagation p : {Propagation::arc, Propagation::domain})
    for (int threads : {1, 4}) {
      INFO("level " << int(p) << " threads " << threads);
      SearchOptions o;
      o.propagation = p;
      o.threads = threads;
      o.var_order = VarOrder::input;  // x0 first: the table shrinks to a few tuples at once
      CHECK(random_model::search_all(m, o).size() == expected);
      o.var_order = VarOrder::mrv;
      CHECK(random_model::search_all(m, o).size() == expected);
    }
}

TEST_CASE("the store restores a propagator's saved words on backtracking", "[table]") {
  detail::csp::Store s;
  std::uint64_t word = 1, stamp = 0, other = 7, other_stamp = 0;
  s.save_word(word, stamp);  // at the root: never undone
  word = 2;
  s.push_level();
  s.save_word(word, stamp);
  word = 3;
  s.save_word(word, stamp);  // saved once per level: the second call keeps 2
  word = 4;
  s.push_level();
  s.save_word(other, other_stamp);
  other = 8;
  s.pop_level();
  CHECK(other == 7);
  CHECK(word == 4);
  s.save_word(word, stamp);  // a new epoch on the same level: saved again, 4
  word = 5;
  s.pop_level();
  CHECK(word == 2);
  detail::csp::Store t;
  CHECK(t.id() != s.id());
  CHECK(t.id() != 0);
}
