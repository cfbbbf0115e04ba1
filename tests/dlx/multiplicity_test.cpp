// Multiplicities (Knuth's MCC, Algorithm M): dancing links against brute force on random small
// problems with bounds lo:hi, with and without colours, both item choices, one and several
// threads; 0:1 items on every engine; the bitset engine refusing. (structure_test.cpp checks
// that Algorithm M restores its lists.)
#include <catch2/catch.hpp>

#include <solve/error.hpp>
#include "exact_cover/shape.hpp"
#include "random_instances.hpp"
#include "test_scale.hpp"

namespace {

/// Every engine that takes p, both item choices, 1 and 3 threads: the brute-force solutions,
/// and the same nodes for every thread count.
void check_against_brute_force(const testing::RandomSpec& spec, std::uint32_t seed, int instances) {
  std::mt19937 rng(seed);
  int solved = 0;  // instances with a solution: the test is not about empty answers
  instances = test_scale::rounds(instances);  // the sanitizer legs: the first share of them
  for (int k = 0; k < instances; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    const auto expected = testing::brute_force(p);
    solved += !expected.empty();
    for (auto engine :
         {solve::CoverEngine::automatic, solve::CoverEngine::dlx, solve::CoverEngine::bitset}) {
      if (engine == solve::CoverEngine::bitset &&
          (p.has_colours() || solve::detail::cover::needs_multiplicities(p)))
        continue;
      for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
        std::uint64_t nodes = 0;
        for (int threads : {1, 3}) {
          solve::CoverOptions o;
          o.engine = engine;
          o.item_choice = choice;
          o.threads = threads;
          INFO("instance " << k << " engine " << int(engine) << " choice " << int(choice)
                           << " threads " << threads);
          auto [found, r] = testing::all_solutions(p, o);
          REQUIRE(found == expected);
          REQUIRE(r.complete());
          REQUIRE(r.count == solve::BigCount(expected.size()));
          if (threads == 1) nodes = r.stats.nodes;
          REQUIRE(r.stats.nodes == nodes);
          for (const auto& s : found) REQUIRE(solve::is_solution(p, s));
        }
      }
    }
  }
  REQUIRE(solved >= instances / 4);
}

}  // namespace

TEST_CASE("multiplicities: Algorithm M finds the brute-force solutions",
          "[dlx][mcc][differential]") {
  check_against_brute_force({.max_primary = 6, .max_secondary = 3, .max_options = 13, .max_hi = 3},
                            31, 300);
  check_against_brute_force(
      {.max_primary = 4, .max_secondary = 2, .max_options = 14, .planted = 2, .max_hi = 4}, 32,
      100);
}

TEST_CASE("multiplicities with colours", "[dlx][mcc][differential]") {
  check_against_brute_force(
      {.max_primary = 5, .max_secondary = 3, .max_options = 13, .colours = 2, .max_hi = 3}, 33,
      250);
}

TEST_CASE("0:1 items: every engine, read as Knuth's dlx3 reads them", "[dlx][mcc][differential]") {
  check_against_brute_force(
      {.max_primary = 7, .max_secondary = 2, .max_options = 14, .zero_one = true}, 34, 250);
  check_against_brute_force(
      {.max_primary = 6, .max_secondary = 3, .max_options = 13, .colours = 2, .zero_one = true}, 35,
      100);
}

TEST_CASE("an option of 0:1 items only may be chosen on its own", "[dlx][mcc]") {
  solve::ExactCover p;
  const int a = p.add_primary("a"), b = p.add_primary("b", 0, 1), x = p.add_secondary("x");
  p.add_option({a});
  p.add_option({b});  // chosen or not: two solutions
  p.add_option({x});  // no primary item: never chosen
  REQUIRE(solve::detail::cover::needs_multiplicities(p));
  for (auto engine : {solve::CoverEngine::automatic, solve::CoverEngine::dlx}) {
    solve::CoverOptions o;
    o.engine = engine;
    REQUIRE(solve::count(p, o).stats.solutions == 2);
  }
  solve::CoverOptions bits;
  bits.engine = solve::CoverEngine::bitset;
  REQUIRE_THROWS_AS(solve::count(p, bits), solve::ModelError);
}

TEST_CASE("bounds are checked as items are added", "[dlx][mcc]") {
  solve::ExactCover p;
  REQUIRE_THROWS_AS(p.add_primary("a", 2, 1), solve::ModelError);
  REQUIRE_THROWS_AS(p.add_primary("b", -1, 1), solve::ModelError);
  REQUIRE_THROWS_AS(p.add_primary("c", 0, 0), solve::ModelError);
  REQUIRE_FALSE(p.has_multiplicities());
  const int d = p.add_primary("d", 2, 3);
  REQUIRE(p.is_primary(d));
  REQUIRE(p.bounds(d) == solve::ItemBounds{2, 3});
  REQUIRE(p.has_multiplicities());
  REQUIRE(p.bounds(p.add_secondary("x")) == solve::ItemBounds{0, 1});
}

TEST_CASE("item d twice or thrice: the multisets counted once each", "[dlx][mcc]") {
  // Options {d}, {d e}, {d}, {e}: d covered 2..3 times, e once.
  solve::ExactCover p;
  const int d = p.add_primary("d", 2, 3), e = p.add_primary("e");
  p.add_option({d});
  p.add_option({d, e});
  p.add_option({d});
  p.add_option({e});
  // {0,2,3} {0,1} {1,2} {0,1,2}
  REQUIRE(testing::brute_force(p).size() == 4);
  REQUIRE(solve::count(p).stats.solutions == 4);
  REQUIRE_FALSE(solve::is_solution(p, std::vector<int>{0, 0, 3}));  // an option twice
  REQUIRE(solve::is_solution(p, std::vector<int>{0, 2, 3}));
}
