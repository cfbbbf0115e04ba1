// circuit, subcircuit and inverse (solve/graph.hpp): every solution of the native propagators
// equals brute force (circuit, subcircuit: every assignment of n <= 6 successor variables with
// random holes in their domains) or the pairwise decomposition (inverse: f[i] == j <=>
// g[j] == i as binary tables), at forward, arc and domain, with 1 and 4 threads; check(),
// hand cases with known counts, and the propagator contract at the root.
#include <catch2/catch.hpp>

#include "propagator_contract.hpp"
#include "random_graph.hpp"
#include "random_model.hpp"
#include "test_scale.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;
using random_model::Random;
using random_model::Values;
using namespace graphs;

namespace {

// ---- the search side ----

constexpr Propagation kLevels[] = {Propagation::forward, Propagation::arc, Propagation::domain};

std::set<Values> solve_all(const Model& m, Propagation p, int threads) {
  SearchOptions o;
  o.propagation = p;
  o.threads = threads;
  return random_model::search_all(m, o);
}

template <class Post, class Holds>
int compare_with_brute_force(const char* what, Random& r, int rounds, bool self, Post post,
                             Holds holds) {
  int with_solutions = 0;
  for (int round = 0; round < test_scale::rounds(rounds); ++round) {
    const Successors s(r, r.pick(1, 6), self);
    const auto ok = [&](const Values& a) { return holds(s.seen(a), s.base); };
    const std::set<Values> expected = random_model::solutions(s.domains, ok);
    with_solutions += !expected.empty();
    Model m;
    post(m, s.vars(random_model::add_vars(m, s.domains)), s.base);
    for (Propagation p : kLevels)
      for (int threads : {1, 4}) {
        INFO(what << " round " << round << " level " << int(p) << " threads " << threads);
        REQUIRE(solve_all(m, p, threads) == expected);
      }
  }
  return with_solutions;
}

}  // namespace

TEST_CASE("circuit: every solution equals brute force", "[graph][threads]") {
  Random r(2301);
  const int found = compare_with_brute_force(
      "circuit", r, 300, false,
      [](Model& m, const std::vector<Var>& xs, int base) { circuit(m, xs, base); }, is_circuit);
  CHECK(found >= test_scale::scaled(30));
}

TEST_CASE("subcircuit: every solution equals brute force", "[graph][threads]") {
  Random r(2302);
  const int found = compare_with_brute_force(
      "subcircuit", r, 300, true,
      [](Model& m, const std::vector<Var>& xs, int base) { subcircuit(m, xs, base); },
      is_subcircuit);
  CHECK(found >= test_scale::scaled(100));
}

TEST_CASE("inverse: every solution equals the pairwise decomposition's", "[graph][threads]") {
  Random r(2303);
  int with_solutions = 0;
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    const std::size_t nf = std::size_t(r.pick(0, 4));
    const std::size_t ng = r.pick(0, 7) == 0 ? std::size_t(r.pick(0, 4)) : nf;
    const int base_f = r.pick(-1, 1), base_g = r.pick(-1, 1);
    std::vector<Values> domains;
    for (std::size_t i = 0; i < nf; ++i) domains.push_back(r.domain(base_g - 1, base_g + int(ng)));
    for (std::size_t j = 0; j < ng; ++j) domains.push_back(r.domain(base_f - 1, base_f + int(nf)));
    Model native, pairwise;
    const std::vector<Var> xs = random_model::add_vars(native, domains);
    inverse(native, std::span(xs).first(nf), std::span(xs).subspan(nf), base_f, base_g);
    // the decomposition: ranges, and f[i] == base_g + j <=> g[j] == base_f + i as a table
    const std::vector<Var> ys = random_model::add_vars(pairwise, domains);
    for (std::size_t i = 0; i < nf; ++i)
      in_set(pairwise, ys[i], random_model::range(base_g, base_g + int(ng) - 1));
    for (std::size_t j = 0; j < ng; ++j)
      in_set(pairwise, ys[nf + j], random_model::range(base_f, base_f + int(nf) - 1));
    for (std::size_t i = 0; i < nf; ++i)
      for (std::size_t j = 0; j < ng; ++j) {
        std::vector<std::pair<int, int>> pairs;
        for (int a : domains[i])
          for (int b : domains[nf + j])
            if ((a == base_g + int(j)) == (b == base_f + int(i))) pairs.emplace_back(a, b);
        binary_table(pairwise, ys[i], ys[nf + j], pairs);
      }
    const std::set<Values> expected = solve_all(pairwise, Propagation::arc, 1);
    if (nf + ng <= 6)  // the decomposition is right: brute force agrees
      REQUIRE(expected == random_model::solutions(domains, [&](const Values& a) {
                return is_inverse(a, nf, base_f, base_g);
              }));
    with_solutions += !expected.empty();
    for (Propagation p : kLevels)
      for (int threads : {1, 4}) {
        INFO("inverse round " << round << " level " << int(p) << " threads " << threads);
        REQUIRE(solve_all(native, p, threads) == expected);
      }
  }
  CHECK(with_solutions >= test_scale::scaled(30));
}

TEST_CASE("inverse(f, f): the involutions, as brute force finds them", "[graph][threads]") {
  // MiniZinc's p1f posts inverse(ra, ra): every variable is in both arrays
  Random r(2308);
  int with_solutions = 0;
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    const int n = r.pick(1, 5), base = r.pick(-1, 1);
    std::vector<Values> domains;
    for (int i = 0; i < n; ++i) domains.push_back(r.domain(base - 1, base + n));
    const std::set<Values> expected = random_model::solutions(domains, [&](const Values& a) {
      Values twice = a;
      twice.insert(twice.end(), a.begin(), a.end());
      return is_inverse(twice, a.size(), base, base);
    });
    with_solutions += !expected.empty();
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, domains);
    inverse(m, xs, xs, base, base);
    for (Propagation p : kLevels)
      for (int threads : {1, 4}) {
        INFO("round " << round << " level " << int(p) << " threads " << threads);
        REQUIRE(solve_all(m, p, threads) == expected);
      }
  }
  CHECK(with_solutions >= test_scale::scaled(30));
}

TEST_CASE("graph globals: check() decides complete assignments", "[graph]") {
  Model m;
  const std::vector<Var> xs = m.add_vars(4, 0, 5);
  circuit(m, xs, 1);
  subcircuit(m, xs, 1);
  inverse(m, std::span(xs).first(2), std::span(xs).subspan(2), 1, 1);
  const auto find = [&](std::string_view name) -> const Constraint& {
    for (const auto& k : m.constraints())
      if (k->name() == name) return *k;
    throw std::logic_error("no constraint named " + std::string(name));
  };
  const Constraint& circ = find("circuit");
  CHECK(circ.check(std::vector<int>{2, 3, 4, 1}));
  CHECK(circ.check(std::vector<int>{3, 4, 2, 1}));        // 1 -> 3 -> 2 -> 4 -> 1
  CHECK_FALSE(circ.check(std::vector<int>{2, 1, 4, 3}));  // two sub-tours
  CHECK_FALSE(circ.check(std::vector<int>{1, 3, 4, 2}));  // a self loop
  CHECK_FALSE(circ.check(std::vector<int>{2, 3, 4, 5}));  // out of range
  const Constraint& sub = find("subcircuit");
  CHECK(sub.check(std::vector<int>{1, 2, 3, 4}));  // every node out
  CHECK(sub.check(std::vector<int>{3, 2, 1, 4}));  // 1 <-> 3
  CHECK(sub.check(std::vector<int>{2, 3, 4, 1}));
  CHECK_FALSE(sub.check(std::vector<int>{2, 1, 4, 3}));  // two cycles
  CHECK_FALSE(sub.check(std::vector<int>{2, 2, 3, 4}));  // 1 -> 2, 2 out
  CHECK_FALSE(sub.check(std::vector<int>{0, 2, 3, 4}));
  const Constraint& inv = find("inverse");
  CHECK(inv.check(std::vector<int>{2, 1, 2, 1}));
  CHECK(inv.check(std::vector<int>{1, 2, 1, 2}));
  CHECK_FALSE(inv.check(std::vector<int>{1, 2, 2, 1}));
  CHECK_FALSE(inv.check(std::vector<int>{1, 1, 1, 2}));
}

TEST_CASE("graph globals: hand cases with known counts", "[graph]") {
  const auto count = [](int n, auto post) {
    Model m;
    const std::vector<Var> xs = m.add_vars(n, 1, n);
    post(m, xs);
    return solve_all(m, Propagation::domain, 1).size();
  };
  // (n - 1)! Hamiltonian cycles on the complete digraph
  CHECK(count(6, [](Model& m, const std::vector<Var>& xs) { circuit(m, xs, 1); }) == 120);
  CHECK(count(1, [](Model& m, const std::vector<Var>& xs) { circuit(m, xs, 1); }) == 1);
  // subcircuits of K4: 1 empty + sum over k >= 2 of C(4, k) (k - 1)! = 1 + 6 + 8 + 6 = 21
  CHECK(count(4, [](Model& m, const std::vector<Var>& xs) { subcircuit(m, xs, 1); }) == 21);
  // inverse of 4 values: the 24 permutations
  CHECK(count(8, [](Model& m, const std::vector<Var>& xs) {
          inverse(m, std::span(xs).first(4), std::span(xs).subspan(4), 1, 1);
        }) == 24);
  Model m;  // the sub-tours 1 <-> 2 and 3 <-> 4 are refused: one circuit is left
  const std::vector<Var> xs{m.add_var(std::vector<int>{2}), m.add_var(std::vector<int>{1, 3}),
                            m.add_var(std::vector<int>{4}), m.add_var(std::vector<int>{1, 3})};
  circuit(m, xs, 1);
  CHECK(solve_all(m, Propagation::arc, 1) == std::set<Values>{{2, 3, 4, 1}});
  CHECK_THROWS_AS(circuit(m, std::vector<Var>{xs[0], xs[0]}, 1), ModelError);
}

TEST_CASE("graph globals keep the propagator contract at the root", "[graph][contract]") {
  Random r(2304);
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    const int n = r.pick(2, 5);
    std::vector<Values> domains;
    for (int i = 0; i < n; ++i) domains.push_back(r.domain(1, n));
    std::vector<contract::Outcome> outcomes;
    for (int kind = 0; kind < 3; ++kind) {
      const auto post = [=](Model& m, const std::vector<Var>& xs) {
        if (kind == 0) circuit(m, xs, 1);
        if (kind == 1) subcircuit(m, xs, 1);
        if (kind == 2)
          inverse(m, std::span(xs).first(std::size_t(n) / 2),
                  std::span(xs).subspan(std::size_t(n) / 2), 1, 1);
      };
      const auto holds = [=](const Values& a) {
        if (kind == 0) return is_circuit(a, 1);
        if (kind == 1) return is_subcircuit(a, 1);
        return is_inverse(a, std::size_t(n) / 2, 1, 1);
      };
      for (const contract::Outcome& o : contract::run_contract("graph", domains, post, holds)) {
        INFO(o.what);
        REQUIRE_FALSE(o.lost);
        REQUIRE(o.idempotent);
      }
    }
  }
}
