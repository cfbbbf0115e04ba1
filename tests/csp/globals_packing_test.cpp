// diffn, diffn_nonstrict and their k-dimensional forms (solve/packing.hpp) against brute
// force: small random placements of 2 or 3 rectangles (2 to 4 boxes in 1 and 3 dimensions;
// positions with holes, sizes from -1 to 3, views now and then); every search (each
// propagation level, both branchings, 1 and 4 threads) must deliver exactly the assignments
// where every pair is apart by one of the relations (MiniZinc's decomposition, written out
// here), and the propagator keeps its contract.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <solve/solve.hpp>

#include "globals_agree.hpp"
#include "propagator_contract.hpp"
#include "random_boxes.hpp"
#include "random_model.hpp"
#include "test_scale.hpp"

using namespace solve;
using random_model::Random;
using random_model::Values;
using namespace boxes;

namespace {

void post(Model& m, const std::vector<Var>& vs, bool strict) {
  const std::size_t n = vs.size() / 4;
  const std::span<const Var> all(vs);
  if (strict) diffn(m, all.subspan(0, n), all.subspan(n, n), all.subspan(2 * n, n), all.subspan(3 * n, n));
  else diffn_nonstrict(m, all.subspan(0, n), all.subspan(n, n), all.subspan(2 * n, n), all.subspan(3 * n, n));
}

bool round_agrees(Random& r, std::initializer_list<int> threads) {
  const bool strict = r.pick(0, 2) > 0;
  const int n = r.pick(2, 3);
  const std::vector<Values> domains = random_rectangles(r, n);
  // views on the positions now and then: x + c (the holds below sees the same)
  std::vector<int> shift(domains.size(), 0);
  for (int k = 0; k < 2 * n; ++k)
    if (r.pick(0, 5) == 0) shift[std::size_t(k)] = r.pick(-1, 1);
  auto values = [&](const Values& a) {
    Values v = a;
    for (std::size_t k = 0; k < v.size(); ++k) v[k] += shift[k];
    return v;
  };
  const auto expected =
      random_model::solutions(domains, [&](const Values& a) { return apart(values(a), strict); });
  Model m;
  std::vector<Var> xs = random_model::add_vars(m, domains);
  for (std::size_t k = 0; k < xs.size(); ++k) xs[k] = xs[k] + shift[k];
  post(m, xs, strict);
  globals_test::agree(m, expected, threads, (strict ? "diffn " : "diffn_nonstrict ") + contract::show(domains));
  return !expected.empty();
}

}  // namespace

TEST_CASE("diffn: every search gives the non-overlapping placements",
          "[globals][packing][differential]") {
  Random r(2330);
  int with = 0, without = 0;
  for (int round = 0; round < test_scale::rounds(400); ++round) {
    INFO("round " << round);
    (round_agrees(r, {1}) ? with : without)++;
  }
  CHECK(with > test_scale::scaled(100));
  CHECK(without > test_scale::scaled(10));
}

TEST_CASE("diffn: the same with 4 threads", "[globals][packing][differential][threads]") {
  Random r(2331);
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    INFO("round " << round);
    round_agrees(r, {4});
  }
}

namespace {

/// Rectangles that all cross one line of one axis (fixed there, positive sides sharing a
/// point), open on the other: diffn posts a unary resource on the other axis. Sides on the
/// open axis from -1 (then diffn keeps its own propagator) to 2, positions 0..4.
bool one_line_round(Random& r) {
  const bool strict = r.pick(0, 2) > 0;
  const std::size_t n = std::size_t(r.pick(2, 4));
  const std::size_t line = std::size_t(r.pick(0, 1));  // the axis where they are fixed
  std::vector<Values> d(4 * n);
  const int point = r.pick(1, 3);
  for (std::size_t i = 0; i < n; ++i) {
    const int below = r.pick(0, 1), side = below + r.pick(1, 2);  // [point - below, + side)
    d[line * n + i] = {point - below};
    d[(2 + line) * n + i] = {side};
    d[(1 - line) * n + i] = r.pick(0, 3) ? r.domain(0, 4) : Values{r.pick(0, 4)};
    const int lo = r.pick(0, 12) ? r.pick(0, 2) : -1;
    d[(3 - line) * n + i] = r.pick(0, 1) ? Values{lo} : Values{lo, lo + 1};
  }
  const auto expected = random_model::solutions(d, [&](const Values& a) { return apart(a, strict); });
  Model m;
  const std::vector<Var> xs = random_model::add_vars(m, d);
  post(m, xs, strict);
  bool negative = false;
  for (std::size_t i = 0; i < n; ++i) negative = negative || d[(3 - line) * n + i].front() < 0;
  REQUIRE(m.num_constraints() == 1);
  CHECK(m.constraints()[0]->name() ==
        (negative ? (strict ? "diffn" : "diffn_nonstrict") : "disjunctive"));
  globals_test::agree(m, expected, {1, 4}, (strict ? "diffn " : "diffn_nonstrict ") + contract::show(d));
  return !negative;
}

}  // namespace

TEST_CASE("diffn: rectangles that all cross one line are a unary resource",
          "[globals][packing][differential]") {
  Random r(2338);
  int unary = 0;
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    INFO("round " << round);
    unary += one_line_round(r);
  }
  CHECK(unary > test_scale::scaled(150));
}

namespace {

/// One random diffn_k instance (k = 1 with 3 boxes, or k = 3 with 2), checked.
bool round_k_agrees(Random& r, std::initializer_list<int> threads) {
  const bool strict = r.pick(0, 2) > 0;
  const std::size_t k = r.pick(0, 1) ? 1 : 3, n = k == 1 ? std::size_t(r.pick(2, 4)) : 2;
  std::vector<Values> domains;
  for (std::size_t c = 0; c < n * k; ++c) domains.push_back(r.domain(0, k == 1 ? 5 : 2));
  for (std::size_t c = 0; c < n * k; ++c) {
    const int lo = r.pick(0, 9) ? r.pick(0, 3) : -1;
    domains.push_back(r.pick(0, 1) ? Values{lo} : Values{lo, lo + 1});
  }
  const auto expected = random_model::solutions(
      domains, [&](const Values& a) { return apart_k(a, n, k, strict); });
  Model m;
  const std::vector<Var> xs = random_model::add_vars(m, domains);
  std::vector<std::vector<Var>> origins(n), sizes(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < k; ++a) {
      origins[i].push_back(xs[i * k + a]);
      sizes[i].push_back(xs[(n + i) * k + a]);
    }
  if (strict) diffn_k(m, origins, sizes);
  else diffn_nonstrict_k(m, origins, sizes);
  globals_test::agree(m, expected, threads,
                      std::string(strict ? "diffn_k " : "diffn_nonstrict_k ") + "k=" +
                          std::to_string(k) + " " + contract::show(domains));
  return !expected.empty();
}

}  // namespace

TEST_CASE("diffn_k: boxes in 1 and 3 dimensions against brute force",
          "[globals][packing][differential]") {
  Random r(2333);
  int with = 0;
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    INFO("round " << round);
    with += round_k_agrees(r, {1});
  }
  CHECK(with > test_scale::scaled(60));
}

TEST_CASE("diffn_k: the same with 4 threads", "[globals][packing][differential][threads]") {
  Random r(2334);
  for (int round = 0; round < test_scale::rounds(300); ++round) {
    INFO("round " << round);
    round_k_agrees(r, {4});
  }
}

TEST_CASE("diffn keeps the propagator contract", "[globals][packing][contract]") {
  Random r(2332);
  for (int round = 0; round < test_scale::rounds(200); ++round) {
    const bool strict = round % 3 != 0;
    const std::vector<Values> domains = random_rectangles(r, r.pick(2, 3));
    const auto outcomes = contract::run_contract(
        strict ? "diffn" : "diffn_nonstrict", domains,
        [&](Model& m, const std::vector<Var>& xs) { post(m, xs, strict); },
        [&](const Values& v) { return apart(v, strict); });
    for (const contract::Outcome& o : outcomes) {
      INFO(o.what);
      REQUIRE(!o.lost);
      REQUIRE(o.idempotent);
    }
  }
}

TEST_CASE("diffn: hand cases with known answers", "[globals][packing]") {
  // boxes of 3x2, 1x2 and 4x2 in a 4x4 square: the 4x2 box takes a half, the two others the
  // other half side by side in either order: 2 halves x 2 orders
  Model m;
  const std::vector<Var> x{m.add_var(0, 1), m.add_var(0, 3), m.add_var(0, 0)},
      y{m.add_var(0, 2), m.add_var(0, 2), m.add_var(0, 2)},
      w{m.add_var(3, 3), m.add_var(1, 1), m.add_var(4, 4)},
      h{m.add_var(2, 2), m.add_var(2, 2), m.add_var(2, 2)};
  diffn(m, x, y, w, h);
  CHECK(count(m, {}).stats.solutions == 4);
  // four 2x2 squares do not fit a 3x3 box: the projections fail at the root, no search
  Model packed;
  std::vector<Var> px, py, side;
  for (int i = 0; i < 4; ++i) {
    px.push_back(packed.add_var(0, 1));
    py.push_back(packed.add_var(0, 1));
    side.push_back(packed.add_var(2, 2));
  }
  diffn(packed, px, py, side, side);
  SearchOptions o;
  o.propagation = Propagation::arc;
  const Result r = count(packed, o);
  CHECK(r.stats.solutions == 0);
  CHECK(r.stats.nodes <= 1);
  // a zero-width rectangle inside another: forbidden by diffn, allowed by diffn_nonstrict
  for (const bool strict : {true, false}) {
    Model z;
    const std::vector<Var> zx{z.add_var(0, 0), z.add_var(1, 1)}, zy{z.add_var(0, 0), z.add_var(0, 0)},
        zw{z.add_var(3, 3), z.add_var(0, 0)}, zh{z.add_var(3, 3), z.add_var(1, 1)};
    if (strict) diffn(z, zx, zy, zw, zh);
    else diffn_nonstrict(z, zx, zy, zw, zh);
    CHECK(count(z, {}).stats.solutions == (strict ? 0u : 1u));
  }
  CHECK_THROWS_AS(diffn(m, x, y, w, std::vector<Var>{h[0]}), ModelError);
  // three unit cubes in a 1x1x3 column: 3! orders
  Model cubes;
  std::vector<std::vector<Var>> at, unit;
  for (int i = 0; i < 3; ++i) {
    at.push_back({cubes.add_var(0, 0), cubes.add_var(0, 0), cubes.add_var(0, 2)});
    unit.push_back({cubes.add_var(1, 1), cubes.add_var(1, 1), cubes.add_var(1, 1)});
  }
  diffn_k(cubes, at, unit);
  CHECK(count(cubes, {}).stats.solutions == 6);
  CHECK_THROWS_AS(diffn_k(cubes, at, std::vector<std::vector<Var>>{unit[0]}), ModelError);
  at[1].pop_back();
  CHECK_THROWS_AS(diffn_k(cubes, at, unit), ModelError);
}
