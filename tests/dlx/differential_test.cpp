// Both engines, both item-choice rules and the automatic plan, one and several threads,
// against brute force on random small exact-cover and XCC problems.
#include <catch2/catch.hpp>

#include "random_instances.hpp"
#include "test_scale.hpp"

namespace {

void check_against_brute_force(int colours, std::uint32_t seed, int instances) {
  std::mt19937 rng(seed);
  testing::RandomSpec spec;
  spec.colours = colours;
  // The sanitizer legs run the first share of the instances (test_scale.hpp).
  for (int k = 0; k < test_scale::rounds(instances); ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    const auto expected = testing::brute_force(p);
    std::uint64_t nodes[3] = {0, 0, 0};  // per item choice, the DLX figure
    for (auto engine :
         {solve::CoverEngine::dlx, solve::CoverEngine::bitset, solve::CoverEngine::automatic}) {
      if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
      for (auto choice :
           {solve::ItemChoice::mrv, solve::ItemChoice::first, solve::ItemChoice::automatic}) {
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
          REQUIRE(r.stats.solutions == expected.size());
          // Same choice rule, same tree: the engines agree on the node count (the automatic
          // plan takes one of the rules: its count is the one of that rule).
          const solve::ItemChoice rule = solve::plan(p, o).item_choice;
          REQUIRE(rule != solve::ItemChoice::automatic);
          auto& n = nodes[int(rule)];
          if (n == 0) n = r.stats.nodes + 1;
          REQUIRE(r.stats.nodes + 1 == n);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("exact cover: every engine finds the brute-force solutions", "[dlx][differential]") {
  check_against_brute_force(0, 12345, 250);
}

TEST_CASE("XCC with colours: dancing links finds the brute-force solutions",
          "[dlx][differential]") {
  check_against_brute_force(2, 777, 200);
  check_against_brute_force(3, 4242, 100);
}

TEST_CASE("the engines agree on larger random problems", "[dlx][differential]") {
  std::mt19937 rng(99);
  testing::RandomSpec spec{
      .max_primary = 20, .max_secondary = 5, .max_options = 50, .colours = 0, .planted = 3};
  for (int k = 0; k < 12; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    solve::CoverOptions dlx, bits;
    dlx.engine = solve::CoverEngine::dlx;
    bits.engine = solve::CoverEngine::bitset;
    dlx.item_choice = bits.item_choice = solve::ItemChoice::mrv;  // one rule: one tree
    auto [a, ra] = testing::all_solutions(p, dlx);
    auto [b, rb] = testing::all_solutions(p, bits);
    REQUIRE(a == b);
    REQUIRE(ra.stats.nodes == rb.stats.nodes);
    REQUIRE(
        std::all_of(a.begin(), a.end(), [&](const auto& s) { return solve::is_solution(p, s); }));
  }
}
