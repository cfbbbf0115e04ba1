// The automatic plan (engine and item choice from Knuth's random-path estimate of the tree):
// it never changes a count, it is the same every time, and it tells the rules apart where one
// is clearly worse.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include <solve/exact_cover_io.hpp>
#include "exact_cover/tree_probe.hpp"
#include "random_instances.hpp"
#include "test_scale.hpp"

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
    testing::RandomSpec spec{.max_primary = 22,
                             .max_secondary = 6,
                             .max_options = 110,
                             .colours = colours,
                             .planted = 4};
    for (int k = 0; k < test_scale::rounds(8); ++k) {
      const solve::ExactCover p = testing::random_problem(rng, spec);
      const solve::CoverPlan plan = solve::plan(p);
      probed += plan.probed;
      INFO("colours " << colours << " instance " << k);
      REQUIRE(plan.item_choice != solve::ItemChoice::automatic);
      REQUIRE(plan.engine != solve::CoverEngine::automatic);
      const solve::Result automatic = solve::count(p);
      const solve::Result threaded =
          solve::count(p, with(solve::CoverEngine::automatic, solve::ItemChoice::automatic, 3));
      REQUIRE(threaded.stats.solutions == automatic.stats.solutions);
      REQUIRE(threaded.stats.nodes == automatic.stats.nodes);
      // What ran is the plan (or, when its memo trial finished the count, a memoised count).
      REQUIRE(automatic.plan);
      REQUIRE(automatic.plan->memo == (automatic.memo.lookups > 0));
      if (!automatic.plan->memo) {
        CHECK(automatic.plan->engine == plan.engine);
        CHECK(automatic.plan->item_choice == plan.item_choice);
      }
      for (auto engine :
           {solve::CoverEngine::dlx, solve::CoverEngine::bitset, solve::CoverEngine::sparse})
        for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
          if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
          const solve::Result r = solve::count(p, with(engine, choice));
          REQUIRE(r.stats.solutions == automatic.stats.solutions);
          // The plan runs one of these settings: the same tree.
          if (engine == plan.engine && choice == plan.item_choice && !automatic.plan->memo)
            REQUIRE(r.stats.nodes == automatic.stats.nodes);
        }
    }
  }
  // Sizes are random: a quarter of them are big enough to probe.
  CHECK(probed >= test_scale::scaled(4));
}

TEST_CASE("the automatic plan counts the shipped files as the explicit settings", "[dlx][plan]") {
  // The sanitizer legs (SOLVE_TEST_SCALE below 1) count the three files that take milliseconds.
  const bool all_files = test_scale::scale() == 1;
  for (const char* file : {"queens-8.dlx", "sudoku-ai-escargot.dlx", "pentomino-3x20.dlx",
                           "queens-12.dlx", "pentomino-5x8-choose8-mcc.dlx"}) {
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
  const auto a = estimate_tree(p, solve::ItemChoice::mrv),
             b = estimate_tree(p, solve::ItemChoice::mrv);
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
  CHECK(solve::plan(shipped("pentomino-3x20.dlx"),
                    with(solve::CoverEngine::dlx, solve::ItemChoice::automatic))
            .engine == solve::CoverEngine::dlx);
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
  solve::CoverOptions position_pruned;  // the hook shown the covered items: the same plan
  position_pruned.prune_position = [](const solve::CoverPosition&) { return true; };
  CHECK(solve::plan(p, position_pruned).item_choice == solve::ItemChoice::mrv);
  CHECK_FALSE(solve::plan(p, position_pruned).probed);
  // Named settings are kept as they are.
  const solve::CoverPlan named =
      solve::plan(p, with(solve::CoverEngine::dlx, solve::ItemChoice::first));
  CHECK(named.engine == solve::CoverEngine::dlx);
  CHECK(named.item_choice == solve::ItemChoice::first);
}

TEST_CASE("the plan is complete: Algorithm M, the scarce look-ahead, in Result::plan",
          "[dlx][plan]") {
  const solve::ExactCover mcc = shipped("pentomino-5x8-choose8-mcc.dlx");
  const solve::CoverPlan named =
      solve::plan(mcc, with(solve::CoverEngine::dlx, solve::ItemChoice::first));
  CHECK(named.multiplicities);          // dancing links named read bounds as dlx3 does
  CHECK_FALSE(named.scarce_lookahead);  // not watched under Algorithm M
  const solve::CoverPlan automatic = solve::plan(mcc);
  CHECK_FALSE(automatic.multiplicities);  // its 0:1 items act as secondary ones
  const solve::ExactCover pent = shipped("pentomino-3x20.dlx");
  solve::CoverOptions o = with(solve::CoverEngine::dlx, solve::ItemChoice::first);
  CHECK(solve::plan(pent, o).scarce_lookahead);
  o.scarce_lookahead = false;
  CHECK_FALSE(solve::plan(pent, o).scarce_lookahead);
  // The Result says what ran, as solve::plan said beforehand.
  const solve::Result r = solve::count(pent);
  REQUIRE(r.plan);
  CHECK(r.plan->engine == solve::plan(pent).engine);
  CHECK(r.plan->item_choice == solve::plan(pent).item_choice);
  CHECK(r.plan->estimated_nodes == solve::plan(pent).estimated_nodes);
  CHECK(r.plan->estimated_nodes > 0);
}

TEST_CASE(
    "count() tries the memo first where the plain tree is long, and keeps it when it finishes",
    "[dlx][plan][memo]") {
  // Domino tilings of 8x8: 10^7 plain nodes estimated; the memo counts them in a few thousand.
  const solve::ExactCover dominoes = shipped("domino-8x8.dlx");
  const solve::CoverPlan plan = solve::plan(dominoes, {}, true);
  CHECK(plan.memo_trial_nodes > 0);
  CHECK(solve::plan(dominoes).memo_trial_nodes == 0);  // search() and solve_first() never memoise
  const solve::Result r = solve::count(dominoes);
  CHECK(r.count == solve::BigCount(12988816));
  REQUIRE(r.plan);
  CHECK(r.plan->memo);
  CHECK(r.stats.nodes <= plan.memo_trial_nodes);
  // Queens: the memo does not finish in its share; the plain count runs, as without the trial.
  const solve::ExactCover queens = shipped("queens-12.dlx");
  REQUIRE(solve::plan(queens, {}, true).memo_trial_nodes > 0);
  const solve::Result q = solve::count(queens);
  solve::CoverOptions no_trial;
  no_trial.memo_trial = false;
  CHECK(solve::plan(queens, no_trial, true).memo_trial_nodes == 0);
  const solve::Result plain = solve::count(queens, no_trial);
  CHECK(q.count == solve::BigCount(14200));
  REQUIRE(q.plan);
  CHECK_FALSE(q.plan->memo);
  CHECK(q.memo.lookups == 0);
  CHECK(q.stats.nodes == plain.stats.nodes);
  // Never with a prune hook, a trace, a solution limit, or a small tree.
  solve::CoverOptions pruned;
  pruned.prune = [](std::span<const int>) { return true; };
  CHECK(solve::plan(dominoes, pruned, true).memo_trial_nodes == 0);
  solve::CoverOptions limited;
  limited.limits.max_solutions = 5;
  CHECK(solve::plan(dominoes, limited, true).memo_trial_nodes == 0);
  CHECK(solve::plan(shipped("queens-8.dlx"), {}, true).memo_trial_nodes == 0);
  // A node limit of the caller's below the trial's stops the trial as it would the count.
  solve::CoverOptions few;
  few.limits.max_nodes = 100;
  const solve::Result cut = solve::count(dominoes, few);
  CHECK(cut.stop == solve::StopReason::node_limit);
}

TEST_CASE("the probe leaves out the bitset engine's tests without changing the tree figures",
          "[dlx][plan]") {
  // The MRV scan without the tests is the cheap one; everything else must be the same walk.
  using solve::detail::cover::TreeProbe;
  for (const char* file : {"queens-12.dlx", "pentomino-3x20.dlx", "sudoku-ai-escargot.dlx"}) {
    INFO(file);
    TreeProbe probe(shipped(file));
    for (auto rule : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
      solve::detail::cover::ProbeOptions with_tests, without;
      with_tests.max_steps = without.max_steps = 2e4;
      without.tests = false;
      const auto a = probe.estimate(rule, with_tests), b = probe.estimate(rule, without);
      CHECK(a.paths == b.paths);
      CHECK(a.nodes == b.nodes);
      CHECK(a.updates == b.updates);
      CHECK(a.scans == b.scans);
      CHECK(a.steps == b.steps);
      CHECK(b.tests <= a.tests);  // only the chosen items' lists: a lower bound
    }
  }
}

TEST_CASE("the plan per shape: small trees dancing links, pentominoes bitset, colours sparse sets",
          "[dlx][plan]") {
  // Knuth's estimate with the first look sized by the problem (issue 11): the sudokus' MRV
  // trees (64 and 1 378 nodes) are small, and a handful of first-item paths must not talk the
  // plan out of MRV (sudoku-ai-escargot: 944 nodes estimated for 18 884).
  for (const char* file : {"sudoku-hard-bruteforce.dlx", "sudoku-ai-escargot.dlx"}) {
    INFO(file);
    const solve::CoverPlan plan = solve::plan(shipped(file));
    CHECK(plan.probed);
    CHECK(plan.engine == solve::CoverEngine::dlx);
    CHECK(plan.item_choice == solve::ItemChoice::mrv);
  }
  // queens-8 (128 pairs) is worth a short look: the bitset engine with the first-item rule
  // takes 0.4 M instructions fewer than dancing links with MRV.
  const solve::CoverPlan queens = solve::plan(shipped("queens-8.dlx"));
  CHECK(queens.probed);
  CHECK(queens.engine == solve::CoverEngine::bitset);
  // The pentomino boards: the first-item rule on bitsets, 10-30 times cheaper than MRV on any
  // engine; 5 MRV paths put pentomino-6x10-sym at 7 562 nodes (892 247): the plan looks longer.
  for (const char* file : {"pentomino-6x10-sym.dlx", "pentomino-5x12.dlx"}) {
    INFO(file);
    const solve::CoverPlan plan = solve::plan(shipped(file));
    CHECK(plan.engine == solve::CoverEngine::bitset);
    CHECK(plan.item_choice == solve::ItemChoice::first);
  }
  // Colours: dancing links or sparse sets; sparse sets take 0.89 of the instructions.
  const solve::ExactCover macmahon = shipped("macmahon-hexagon-abc11.dlx");
  const solve::CoverPlan coloured = solve::plan(macmahon);
  CHECK(coloured.engine == solve::CoverEngine::sparse);
  CHECK(coloured.item_choice == solve::ItemChoice::mrv);
  // The same plan for every thread count, every time (counts and node figures reproducible).
  for (int threads : {1, 2, 4}) {
    const solve::CoverPlan again = solve::plan(
        macmahon, with(solve::CoverEngine::automatic, solve::ItemChoice::automatic, threads));
    CHECK(again.engine == coloured.engine);
    CHECK(again.item_choice == coloured.item_choice);
  }
  // With the engine named, the choice for it; sparse sets named get the plan's choice too.
  CHECK(solve::plan(macmahon, with(solve::CoverEngine::dlx, solve::ItemChoice::automatic)).engine ==
        solve::CoverEngine::dlx);
  CHECK(solve::plan(shipped("pentomino-3x20.dlx"),
                    with(solve::CoverEngine::sparse, solve::ItemChoice::automatic))
            .item_choice == solve::ItemChoice::first);
}

TEST_CASE("one probe path down a deep tree of many items stops at the step cap", "[dlx][plan]") {
  // 30 000 items in 10 000 disjoint options of three: an MRV path is 10 000 levels, each a
  // scan of the open items, about 1.5 * 10^8 steps uncut (a file of 10 times as many items
  // kept the default plan busy 24 s for a search of 0.3 s).
  solve::ExactCover p;
  const int n = 30'000;
  for (int i = 0; i < n; ++i) p.add_primary("i" + std::to_string(i));
  for (int i = 0; i < n; i += 3) p.add_option({i, i + 1, i + 2});
  solve::detail::cover::ProbeOptions options;
  options.max_steps = 1e4;
  options.max_path_steps = 1e6;
  const auto mrv = solve::detail::cover::estimate_tree(p, solve::ItemChoice::mrv, options);
  CHECK(mrv.paths == 1);
  CHECK(mrv.steps >= options.max_path_steps);
  CHECK(mrv.steps <=
        options.max_path_steps + 2 * n);  // the cut comes after the scan that passes it
  CHECK(mrv.nodes < n / 3);               // a part of the one path
  // The first-item path is short (one step a level): it is not cut.
  const auto first = solve::detail::cover::estimate_tree(p, solve::ItemChoice::first, options);
  CHECK(first.nodes == n / 3);
}
