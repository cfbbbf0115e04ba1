// The automatic plan (engine and item choice from Knuth's random-path estimate of the tree):
// it never changes a count, it is the same every time, and it tells the rules apart where one
// is clearly worse.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "exact_cover/tree_probe.hpp"
#include "test_scale.hpp"
#include "random_instances.hpp"
#include "solve/exact_cover_io.hpp"

namespace {

using testing::with;

solve::ExactCover shipped(const char* file) {
  return solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/" + file);
}

}  // namespace

TEST_CASE("the automatic plan counts as every explicit engine and choice", "[dlx][plan][threads]") {
  // Big enough that the plan probes (200 or more option entries on primary items).
  std::mt19937 rng(2026);
  int probed = 0;
  for (int colours : {0, 2}) {
    testing::RandomSpec spec{.max_primary = 22, .max_secondary = 6, .max_options = 110, .colours = colours, .planted = 4};
    for (int k = 0; k < 8; ++k) {
      const solve::ExactCover p = testing::random_problem(rng, spec);
      const solve::CoverPlan plan = solve::plan(p);
      probed += plan.probed;
      INFO("colours " << colours << " instance " << k);
      REQUIRE(plan.item_choice != solve::ItemChoice::automatic);
      REQUIRE(plan.engine != solve::CoverEngine::automatic);
      const solve::Result automatic = solve::count(p);
      const solve::Result threaded = solve::count(p, with(solve::CoverEngine::automatic, solve::ItemChoice::automatic, 3));
      REQUIRE(threaded.stats.solutions == automatic.stats.solutions);
      REQUIRE(threaded.stats.nodes == automatic.stats.nodes);
      for (auto engine : {solve::CoverEngine::dlx, solve::CoverEngine::bitset})
        for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
          if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
          const solve::Result r = solve::count(p, with(engine, choice));
          REQUIRE(r.stats.solutions == automatic.stats.solutions);
          // The plan runs one of these settings: the same tree.
          if (engine == plan.engine && choice == plan.item_choice) REQUIRE(r.stats.nodes == automatic.stats.nodes);
        }
    }
  }
  CHECK(probed >= 4);  // sizes are random: a quarter of them are big enough to probe
}

TEST_CASE("the automatic plan counts the shipped files as the explicit settings", "[dlx][plan]") {
  // The sanitizer legs (SOLVE_TEST_SCALE below 1) count the three files that take milliseconds.
  const bool all_files = test_scale::scale() == 1;
  for (const char* file : {"queens-8.dlx", "sudoku-ai-escargot.dlx", "pentomino-3x20.dlx", "queens-12.dlx",
                           "pentomino-5x8-choose8-mcc.dlx"}) {
    if (!all_files && std::string_view(file).starts_with("queens-12")) break;
    INFO(file);
    const solve::ExactCover p = shipped(file);
    const solve::Result automatic = solve::count(p);
    REQUIRE(automatic.complete());
    for (auto engine : {solve::CoverEngine::dlx, solve::CoverEngine::bitset})
      for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
        if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
        CHECK(solve::count(p, with(engine, choice)).stats.solutions == automatic.stats.solutions);
      }
  }
}

TEST_CASE("the tree estimate is deterministic and close on a known tree", "[dlx][plan]") {
  using solve::detail::cover::estimate_tree;
  const solve::ExactCover p = shipped("queens-12.dlx");
  const auto a = estimate_tree(p, solve::ItemChoice::mrv), b = estimate_tree(p, solve::ItemChoice::mrv);
  CHECK(a.nodes == b.nodes);
  CHECK(a.updates == b.updates);
  CHECK(a.paths == b.paths);
  // The searches count 211715 (MRV) and 696250 (first) nodes: an estimate within a factor 2.
  CHECK(a.nodes > 211715 / 2.0);
  CHECK(a.nodes < 211715 * 2.0);
  const auto f = estimate_tree(p, solve::ItemChoice::first);
  CHECK(f.nodes > 696250 / 2.0);
  CHECK(f.nodes < 696250 * 2.0);
  CHECK(f.scans == 0);
}

TEST_CASE("the plan takes the first-item rule where MRV is clearly worse", "[dlx][plan]") {
  // pentomino-3x20: first item 71190 nodes and 0.4M mask tests on the bitset engine, MRV 10
  // times the tests (and dancing links 25-55 times the updates).
  const solve::CoverPlan plan = solve::plan(shipped("pentomino-3x20.dlx"));
  CHECK(plan.probed);
  CHECK(plan.item_choice == solve::ItemChoice::first);
  CHECK(plan.engine == solve::CoverEngine::bitset);
  // With the engine named, the choice for that engine.
  CHECK(solve::plan(shipped("pentomino-3x20.dlx"), with(solve::CoverEngine::dlx, solve::ItemChoice::automatic)).engine ==
        solve::CoverEngine::dlx);
}

TEST_CASE("the plan takes MRV where the first-item rule is clearly worse", "[dlx][plan]") {
  // sudoku-hard-bruteforce: MRV 64 nodes, the first-item rule 69 million.
  const solve::ExactCover p = shipped("sudoku-hard-bruteforce.dlx");
  const solve::CoverPlan plan = solve::plan(p);
  CHECK(plan.probed);
  CHECK(plan.item_choice == solve::ItemChoice::mrv);
  // The bitset engine builds MRV lists of every option for 32 patterns: dancing links.
  CHECK(plan.engine == solve::CoverEngine::dlx);
  const auto mrv = solve::detail::cover::estimate_tree(p, solve::ItemChoice::mrv);
  const auto first = solve::detail::cover::estimate_tree(p, solve::ItemChoice::first);
  CHECK(mrv.nodes * 1000 < first.nodes);
}

TEST_CASE("memoised counts, prune hooks and multiplicities keep the fixed plan", "[dlx][plan]") {
  const solve::ExactCover p = shipped("pentomino-3x20.dlx");
  solve::CoverOptions memo;
  memo.memo = true;
  CHECK(solve::plan(p, memo).item_choice == solve::ItemChoice::first);  // frontier order
  CHECK_FALSE(solve::plan(p, memo).probed);
  solve::CoverOptions pruned;
  pruned.prune = [](std::span<const int>) { return true; };
  CHECK(solve::plan(p, pruned).item_choice == solve::ItemChoice::mrv);
  CHECK_FALSE(solve::plan(p, pruned).probed);
  // Named settings are kept as they are.
  const solve::CoverPlan named = solve::plan(p, with(solve::CoverEngine::dlx, solve::ItemChoice::first));
  CHECK(named.engine == solve::CoverEngine::dlx);
  CHECK(named.item_choice == solve::ItemChoice::first);
}
