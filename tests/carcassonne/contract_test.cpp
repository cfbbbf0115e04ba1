// The propagator contract (tests/common/propagator_contract.hpp) over carcassonne's own
// constraint of the biggest-square model, edges_match: on random tables of oriented tiles and
// random domains (with holes, and through x + c views), at the root a second run prunes
// nothing, no solution loses a value, and at arc and domain the domains are the brute-force
// GAC fixpoint (it revises both sides through the edge kinds: arc consistency).
#include <catch2/catch.hpp>

#include "propagator_contract.hpp"
#include "random_model.hpp"
#include "test_scale.hpp"

#include "edge_match.hpp"

using namespace carcassonne;

TEST_CASE("edges_match keeps the propagator contract at the root: arc consistency",
          "[carcassonne][contract]") {
  random_model::Random r(2511);
  int satisfiable = 0;
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    const int first = r.pick(0, 3), values = r.pick(2, 12);
    std::vector<Tile> edges;
    for (int v = 0; v < values; ++v) {
      Tile t;
      for (Edge& e : t.edges) e = Edge(r.pick(0, 2));
      edges.push_back(t);
    }
    const auto table = std::make_shared<const ValueEdges>(first, edges);
    const int side = r.pick(0, 3), shift = r.pick(0, 1) ? 0 : r.pick(1, 3);
    // a ranges over values of the table through the view x + shift
    const std::vector<random_model::Values> domains{
        r.domain(first - shift, first + values - 1 - shift), r.domain(first, first + values - 1)};
    const auto edge = [&](int value, int s) { return edges[std::size_t(value - first)][s]; };
    const auto post = [&](solve::Model& m, const std::vector<solve::Var>& xs) {
      m.post(edges_match(xs[0] + shift, xs[1], side, table));
    };
    const auto holds = [&](const random_model::Values& a) {
      return edge(a[0] + shift, side) == edge(a[1], opposite(side));
    };
    satisfiable += !random_model::solutions(domains, holds).empty();
    const auto outcome = contract::run_contract("edges_match", domains, post, holds);
    for (std::size_t l = 0; l < outcome.size(); ++l) {
      const contract::Outcome& o = outcome[l];
      INFO(o.what << "; side " << side << ", view + " << shift);
      REQUIRE_FALSE(o.lost);
      REQUIRE(o.idempotent);
      if (contract::levels[l] == solve::Propagation::arc ||
          contract::levels[l] == solve::Propagation::domain)
        REQUIRE(o.strength == contract::Strength::domain);
    }
  }
  CHECK(satisfiable > test_scale::scaled(50));
}
