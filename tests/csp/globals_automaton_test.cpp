// regular and cost_regular (solve/automaton.hpp) against brute force: many small random
// automata (deterministic or not, symbols with gaps, views and repeated variables in the
// word) and domains; every search (each propagation level, both branchings, 1 and 4 threads)
// must deliver exactly the assignments whose word the automaton accepts, found here by
// running the automaton's transitions on each assignment (code of its own, not the library's).
// regular is also checked against the table of all accepted words, and both go through the
// propagator contract (idempotent, no solution lost; regular domain consistent).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <solve/solve.hpp>

#include "globals_agree.hpp"
#include "propagator_contract.hpp"
#include "random_automaton.hpp"
#include "random_model.hpp"
#include "test_scale.hpp"

using namespace solve;
using globals_test::agree;
using random_model::Random;
using random_model::Values;
using namespace automata;

namespace {

/// One random regular instance, checked; returns whether it had solutions.
bool regular_round(Random& r, std::initializer_list<int> threads) {
  const Automaton a = random_automaton(r, false);
  const std::size_t nvars = std::size_t(r.pick(1, 4));
  std::vector<Values> domains;
  for (std::size_t i = 0; i < nvars; ++i) domains.push_back(r.domain(-2, 3));
  const Word w = random_word(r, nvars, r.pick(1, 5));
  const std::string what = describe(a) + describe(w);
  const auto expected = random_model::solutions(
      domains, [&](const Values& v) { return !path_costs(a, {}, w.values(v)).empty(); });
  Model m;
  const std::vector<Var> xs = random_model::add_vars(m, domains);
  regular(m, w.vars(xs), a);
  agree(m, expected, threads, what);
  // the decomposition: the table of every accepted word over the (view) domains
  Model t;
  const std::vector<Var> ts = random_model::add_vars(t, domains);
  std::set<Values> words;
  for (const Values& v : expected) words.insert(w.values(v));
  if (!words.empty()) {
    table(t, w.vars(ts), std::vector<std::vector<int>>(words.begin(), words.end()));
    SearchOptions o;
    o.propagation = Propagation::domain;
    CHECK(random_model::search_all(t, o) == expected);
  }
  return !expected.empty();
}

}  // namespace

TEST_CASE("regular: every search gives the accepted words", "[globals][automaton][differential]") {
  Random r(2323);
  int with = 0, without = 0;
  for (int round = 0; round < test_scale::rounds(400); ++round) {
    INFO("round " << round);
    (regular_round(r, {1}) ? with : without)++;
  }
  CHECK(with > test_scale::scaled(100));
  CHECK(without > test_scale::scaled(20));
}

TEST_CASE("regular: the same with 4 threads", "[globals][automaton][differential][threads]") {
  Random r(2324);
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    INFO("round " << round);
    regular_round(r, {4});
  }
}

namespace {

/// One random cost_regular instance (a deterministic automaton, costs -3..5, total a
/// variable or a view of one), checked.
bool cost_regular_round(Random& r, std::initializer_list<int> threads) {
  const Automaton a = random_automaton(r, true);
  std::vector<std::int64_t> costs;
  for (std::size_t k = 0; k < a.transitions.size(); ++k) costs.push_back(r.pick(-3, 5));
  const std::size_t nvars = std::size_t(r.pick(1, 4));
  std::vector<Values> domains;
  for (std::size_t i = 0; i < nvars; ++i) domains.push_back(r.domain(-2, 3));
  const Word w = random_word(r, nvars, r.pick(0, 4));
  domains.push_back(r.domain(-6, 12));  // the total
  const std::pair<int, int> tv = r.pick(0, 4) ? std::pair{1, 0} : std::pair{-1, r.pick(0, 3)};
  const std::string what = describe(a);
  const auto expected = random_model::solutions(domains, [&](const Values& v) {
    return path_costs(a, costs, w.values(v)).count(tv.first * v.back() + tv.second) > 0;
  });
  Model m;
  const std::vector<Var> xs = random_model::add_vars(m, domains);
  cost_regular(m, w.vars(xs), a, costs, tv.first * xs.back() + tv.second);
  agree(m, expected, threads, what);
  return !expected.empty();
}

}  // namespace

TEST_CASE("cost_regular: every search gives the accepted words with their cost",
          "[globals][automaton][differential]") {
  Random r(2325);
  int with = 0, without = 0;
  for (int round = 0; round < test_scale::rounds(400); ++round) {
    INFO("round " << round);
    (cost_regular_round(r, {1}) ? with : without)++;
  }
  CHECK(with > test_scale::scaled(60));
  CHECK(without > test_scale::scaled(20));
}

TEST_CASE("cost_regular: the same with 4 threads", "[globals][automaton][differential][threads]") {
  Random r(2326);
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    INFO("round " << round);
    cost_regular_round(r, {4});
  }
}

TEST_CASE("regular and cost_regular keep the propagator contract",
          "[globals][automaton][contract]") {
  Random r(2327);
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    r.fresh = true;
    r.used = 0;
    const bool cost = round % 2 == 1;
    const Automaton a = random_automaton(r, cost);
    std::vector<std::int64_t> costs;
    for (std::size_t k = 0; k < a.transitions.size(); ++k) costs.push_back(r.pick(-2, 4));
    const int length = r.pick(1, 4);
    std::vector<Values> domains;
    for (int i = 0; i < length; ++i) domains.push_back(r.domain(-2, 3));
    if (cost) domains.push_back(r.domain(-4, 10));
    const auto outcomes = contract::run_contract(
        (cost ? "cost_regular " : "regular ") + describe(a), domains,
        [&](Model& m, const std::vector<Var>& xs) {
          if (!cost) return regular(m, xs, a);
          const std::vector<Var> word(xs.begin(), xs.end() - 1);
          cost_regular(m, word, a, costs, xs.back());
        },
        [&](const Values& v) {
          if (!cost) return !path_costs(a, {}, v).empty();
          return path_costs(a, costs, Values(v.begin(), v.end() - 1)).count(v.back()) > 0;
        });
    for (std::size_t level = 0; level < outcomes.size(); ++level) {
      const contract::Outcome& o = outcomes[level];
      INFO(o.what);
      REQUIRE(!o.lost);
      REQUIRE(o.idempotent);
      // regular is domain consistent from arc up (cost_regular only on the word's values
      // when its total is free: not asserted)
      if (!cost && level >= 2) REQUIRE(o.strength == contract::Strength::domain);
    }
  }
}

TEST_CASE("regular: a nonogram row and known counts", "[globals][automaton]") {
  // clue "2 1": whites, two blacks, at least one white, one black, whites
  const Automaton a = Automaton::dfa(6, {0, 1}, {1, 2, 0, 3, 4, 0, 4, 5, 6, 0, 6, 0}, 1, {5, 6});
  CHECK(a.deterministic());
  CHECK(a.accepts(std::vector<int>{1, 1, 0, 1, 0, 0}));
  CHECK_FALSE(a.accepts(std::vector<int>{1, 1, 1, 0, 1, 0}));
  CHECK_FALSE(a.accepts(std::vector<int>{1, 1, 0, 0, 0, 0}));
  Model m;
  const std::vector<Var> row = m.add_vars(6, 0, 1);
  regular(m, row, a);
  CHECK(count(m, {}).stats.solutions == 6);
  // the cell after the 2 is always white when the row has only 4 cells: 1 1 0 1
  Model small;
  const std::vector<Var> four = small.add_vars(4, 0, 1);
  regular(small, four, a);
  const auto only = random_model::search_all(small, {});
  CHECK(only == std::set<Values>{{1, 1, 0, 1}});
}

TEST_CASE("cost_regular: the cheapest word's cost bounds the total", "[globals][automaton]") {
  // any word over {0, 1}; a 1 costs 3, a 0 costs 1; three letters: totals 3, 5, 7, 9
  const Automaton a = Automaton::dfa(1, {0, 1}, {1, 1}, 1, {1});
  const std::vector<std::int64_t> costs{1, 3};
  Model m;
  const std::vector<Var> xs = m.add_vars(3, 0, 1);
  const Var total = m.add_var(0, 20);
  cost_regular(m, xs, a, costs, total);
  std::set<int> totals;
  search(m, {}, [&](const Solution& s) {
    totals.insert(s[total]);
    return true;
  });
  CHECK(totals == std::set<int>{3, 5, 7, 9});
}

TEST_CASE("automaton constraints reject malformed automata", "[globals][automaton]") {
  Model m;
  const std::vector<Var> xs = m.add_vars(2, 0, 1);
  CHECK_THROWS_AS(Automaton::dfa(2, {0, 1}, {1, 2, 3}, 1, {1}), ModelError);     // 3 entries
  CHECK_THROWS_AS(Automaton::dfa(2, {0, 1}, {1, 2, 3, 0}, 1, {1}), ModelError);  // state 3
  Automaton bad = Automaton::dfa(2, {0, 1}, {1, 2, 2, 0}, 1, {3});
  CHECK_THROWS_AS(regular(m, xs, bad), ModelError);  // final state 3
  Automaton nfa = Automaton::dfa(2, {0, 1}, {1, 2, 2, 0}, 1, {2});
  nfa.transitions.push_back({1, 0, 2});
  CHECK_NOTHROW(regular(m, xs, nfa));
  CHECK_THROWS_AS(cost_regular(m, xs, nfa, std::vector<std::int64_t>(4, 1), m.add_var(0, 9)),
                  ModelError);  // not deterministic
  const Automaton dfa = Automaton::dfa(2, {0, 1}, {1, 2, 2, 0}, 1, {2});
  CHECK_THROWS_AS(cost_regular(m, xs, dfa, std::vector<std::int64_t>(2, 1), m.add_var(0, 9)),
                  ModelError);  // 2 costs for 3 transitions
}
