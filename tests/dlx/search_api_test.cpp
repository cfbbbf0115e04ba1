// The public search API: first solution, limits, cancel, callback stop, prune and trace hooks,
// progress, thread-count invariance, and model errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <vector>

#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>
#include "random_instances.hpp"

namespace {

solve::ExactCover queens(const char* file) {
  return solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/" + file);
}

const solve::CoverEngine engines[] = {solve::CoverEngine::dlx, solve::CoverEngine::bitset};

}  // namespace

TEST_CASE("the small example of the header", "[dlx][api]") {
  solve::ExactCover p;
  const int a = p.add_primary("a"), b = p.add_primary("b"), c = p.add_primary("c");
  p.add_option({a, b});
  p.add_option({c});
  p.add_option({a, b, c});
  p.add_option({b, c});
  for (auto engine : engines) {
    solve::CoverOptions o;
    o.engine = engine;
    REQUIRE(solve::count(p, o).stats.solutions == 2);
    auto first = solve::solve_first(p, o);
    REQUIRE(first);
    REQUIRE(solve::is_solution(p, *first));
  }
  REQUIRE_FALSE(solve::is_solution(p, std::vector<int>{0, 3}));
  REQUIRE_FALSE(solve::is_solution(p, std::vector<int>{1}));
}

TEST_CASE("no solution: nullopt and a complete search", "[dlx][api]") {
  solve::ExactCover p;
  const int a = p.add_primary(), b = p.add_primary(), c = p.add_primary();
  p.add_option({a, b});
  p.add_option({b, c});
  for (auto engine : engines) {
    solve::CoverOptions o;
    o.engine = engine;
    solve::Result r;
    REQUIRE_FALSE(solve::solve_first(p, o, &r));
    REQUIRE(r.complete());
  }
}

TEST_CASE("limits stop the search and say why", "[dlx][api]") {
  const auto p = queens("queens-8.dlx");
  for (auto engine : engines) {
    for (int threads : {1, 2}) {
      solve::CoverOptions o;
      o.engine = engine;
      o.threads = threads;
      o.limits.max_solutions = 5;
      auto r = solve::count(p, o);
      REQUIRE(r.stop == solve::StopReason::solution_limit);
      REQUIRE(r.stats.solutions == 5);

      o.limits.max_solutions = 0;
      std::atomic<bool> cancel{true};
      o.limits.cancel = &cancel;
      r = solve::count(p, o);
      REQUIRE(r.stop == solve::StopReason::cancelled);
      REQUIRE(r.stats.solutions == 0);

      o.limits.cancel = nullptr;
      int calls = 0;
      r = solve::search(p, o, [&](std::span<const int>) { return ++calls < 3; });
      REQUIRE(r.stop == solve::StopReason::by_callback);
      REQUIRE(calls == 3);
      REQUIRE(r.stats.solutions == 3);
    }
    solve::CoverOptions o;
    o.engine = engine;
    o.limits.max_nodes = 100;
    auto r = solve::count(p, o);
    REQUIRE(r.stop == solve::StopReason::node_limit);
    REQUIRE(r.stats.nodes == 100);  // exact with one thread
  }
}

TEST_CASE("counts and statistics do not depend on the number of threads", "[dlx][threads]") {
  std::vector<solve::ExactCover> problems = {queens("queens-8.dlx"),
                                             queens("sudoku-ai-escargot.dlx")};
  std::mt19937 rng(31);
  testing::RandomSpec spec{
      .max_primary = 16, .max_secondary = 4, .max_options = 60, .colours = 2, .planted = 3};
  for (int k = 0; k < 10; ++k) problems.push_back(testing::random_problem(rng, spec));
  for (const auto& p : problems) {
    for (auto engine : engines) {
      if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
      for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
        solve::CoverOptions o;
        o.engine = engine;
        o.item_choice = choice;
        const auto one = solve::count(p, o);
        for (int threads : {2, 3, 4, 7}) {
          o.threads = threads;
          const auto many = solve::count(p, o);
          REQUIRE(many.complete());
          REQUIRE(many.stats.solutions == one.stats.solutions);
          REQUIRE(many.stats.nodes == one.stats.nodes);
          REQUIRE(many.stats.updates == one.stats.updates);
          REQUIRE(many.stats.max_depth == one.stats.max_depth);
        }
      }
    }
  }
}

TEST_CASE("the prune hook removes exactly the subtrees it rejects", "[dlx][api]") {
  std::mt19937 rng(17);
  testing::RandomSpec spec{
      .max_primary = 7, .max_secondary = 2, .max_options = 12, .colours = 2, .planted = 1};
  for (int k = 0; k < 60; ++k) {
    const auto p = testing::random_problem(rng, spec);
    const int banned = k % p.num_options();
    auto expected = testing::brute_force(p);
    std::erase_if(expected, [&](const std::vector<int>& s) {
      return std::find(s.begin(), s.end(), banned) != s.end();
    });
    for (auto engine : engines) {
      if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
      solve::CoverOptions o;
      o.engine = engine;
      o.prune = [&](std::span<const int> chosen) { return chosen.back() != banned; };
      auto [found, r] = testing::all_solutions(p, o);
      REQUIRE(found == expected);
    }
  }
}

// stenen derives "positions examined" as nodes minus the nodes its hook rejected: with 4
// threads the hook was also called on dry runs and the difference underflowed.
TEST_CASE("the prune hook is called once per node, for every number of threads",
          "[dlx][api][threads]") {
  std::mt19937 rng(23);
  testing::RandomSpec spec{
      .max_primary = 14, .max_secondary = 3, .max_options = 50, .colours = 2, .planted = 3};
  for (int k = 0; k < 12; ++k) {
    const auto p = testing::random_problem(rng, spec);
    for (auto engine : engines) {
      if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
      for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
        std::uint64_t expected_nodes = 0, expected_solutions = 0;
        for (int threads : {1, 2, 3, 4, 7}) {
          std::atomic<std::uint64_t> calls{0}, rejected{0};
          solve::CoverOptions o;
          o.engine = engine;
          o.item_choice = choice;
          o.threads = threads;
          o.prune = [&](std::span<const int> chosen) {
            ++calls;
            const bool ok = chosen.back() % 5 != 1;
            rejected += !ok;
            return ok;
          };
          const auto r = solve::count(p, o);
          INFO("problem " << k << " threads " << threads);
          REQUIRE(r.complete());
          REQUIRE(calls == r.stats.nodes);
          REQUIRE(rejected <= r.stats.nodes);
          if (threads == 1) {
            expected_nodes = r.stats.nodes;
            expected_solutions = r.stats.solutions;
          }
          REQUIRE(r.stats.nodes == expected_nodes);
          REQUIRE(r.stats.solutions == expected_solutions);
        }
      }
    }
  }
}

TEST_CASE("the trace hook sees balanced choices and every solution", "[dlx][api]") {
  const auto p = queens("queens-8.dlx");
  for (auto engine : engines) {
    solve::CoverOptions o;
    o.engine = engine;
    o.threads = 4;  // the trace forces one thread
    int depth = 0, solutions = 0, chooses = 0;
    bool ok = true;
    o.trace = [&](const solve::CoverTraceEvent& e) {
      using K = solve::CoverTraceEvent::Kind;
      if (e.kind == K::choose) {
        ok = ok && e.depth == depth + 1 && e.option >= 0;
        ++depth;
        ++chooses;
      } else if (e.kind == K::backtrack) {
        ok = ok && e.depth == depth;
        --depth;
      } else {
        ok = ok && e.depth == depth;
        ++solutions;
      }
    };
    const auto r = solve::count(p, o);
    REQUIRE(ok);
    REQUIRE(depth == 0);
    REQUIRE(solutions == 92);
    REQUIRE(std::uint64_t(chooses) == r.stats.nodes);
  }
}

TEST_CASE("the progress hook reports fractions between 0 and 1", "[dlx][api]") {
  const auto p = queens("sudoku-ai-escargot.dlx");
  for (auto engine : engines) {
    solve::CoverOptions o;
    o.engine = engine;
    o.item_choice = solve::ItemChoice::first;  // 18884 nodes: a poll every 1024
    o.progress_seconds = 0;                    // every poll
    std::vector<solve::Progress> seen;
    o.progress = [&](const solve::Progress& pr) { seen.push_back(pr); };
    solve::count(p, o);
    REQUIRE(!seen.empty());
    for (std::size_t k = 0; k < seen.size(); ++k) {
      REQUIRE(seen[k].done >= 0);
      REQUIRE(seen[k].done <= 1);
      if (k > 0) REQUIRE(seen[k].solutions >= seen[k - 1].solutions);
    }
  }
}

TEST_CASE("the progress hook of a pool reports fractions between 0 and 1", "[dlx][api][threads]") {
  const auto p = queens("queens-12.dlx");  // 211715 nodes with MRV, 696250 with the first item
  for (auto engine : engines)
    for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
      solve::CoverOptions o;
      o.engine = engine;
      o.item_choice = choice;
      o.threads = 2;
      o.progress_seconds = 0;  // every 10 ms
      std::vector<solve::Progress> seen;
      o.progress = [&](const solve::Progress& pr) { seen.push_back(pr); };
      const auto r = solve::count(p, o);
      REQUIRE(r.stats.solutions == 14200);
      for (const auto& pr : seen) {
        REQUIRE(pr.done >= 0);
        REQUIRE(pr.done <= 1);
        REQUIRE(pr.solutions <= 14200);
      }
    }
}

TEST_CASE("models are checked as they are built", "[dlx][api]") {
  solve::ExactCover p;
  const int a = p.add_primary("a");
  const int x = p.add_secondary("x");
  REQUIRE_THROWS_AS(p.add_primary("a"), solve::ModelError);
  REQUIRE_THROWS_AS(p.add_option(std::initializer_list<int>{}), solve::ModelError);
  REQUIRE_THROWS_AS(p.add_option({a, 7}), solve::ModelError);
  REQUIRE_THROWS_AS(p.add_option({a, a}), solve::ModelError);
  const int red = p.colour("red");
  REQUIRE(p.colour("red") == red);
  REQUIRE_THROWS_AS(p.add_option({solve::ItemColour{a, red}}), solve::ModelError);
  REQUIRE_THROWS_AS(p.add_option({solve::ItemColour{x, red + 1}}), solve::ModelError);
  REQUIRE_THROWS_AS(p.add_primary("b", 3, 2), solve::ModelError);
  REQUIRE(p.add_option({solve::ItemColour{a, 0}, solve::ItemColour{x, red}}) == 0);
  REQUIRE(p.has_colours());
  solve::CoverOptions o;
  o.engine = solve::CoverEngine::bitset;
  REQUIRE_THROWS_AS(solve::count(p, o), solve::ModelError);
  o.engine = solve::CoverEngine::automatic;  // falls back to dancing links
  REQUIRE(solve::count(p, o).stats.solutions == 1);
}

TEST_CASE("the position prune hook sees the items of the options chosen, on every engine",
          "[dlx][api][threads]") {
  std::mt19937 rng(29);
  for (int k = 0; k < 14; ++k) {
    testing::RandomSpec spec{
        .max_primary = 70, .max_secondary = 6, .max_options = 60, .colours = 0, .planted = 3};
    auto p = testing::random_problem(rng, spec);
    // The last ones padded to four words of items (the bitset engine's widest masks).
    while (k >= 10 && p.num_items() < 200) p.add_secondary();
    const auto words = std::size_t(p.num_items() + 63) / 64;
    // The reference: the plain hook, rejecting the same nodes.
    solve::CoverOptions plain;
    plain.prune = [](std::span<const int> chosen) { return chosen.back() % 7 != 3; };
    const auto expected = solve::count(p, plain);
    for (auto engine :
         {solve::CoverEngine::dlx, solve::CoverEngine::bitset, solve::CoverEngine::sparse}) {
      for (int threads : {1, 3}) {
        std::atomic<std::uint64_t> calls{0}, wrong{0};
        solve::CoverOptions o;
        o.engine = engine;
        o.threads = threads;
        o.prune_position = [&](const solve::CoverPosition& at) {
          ++calls;
          std::vector<std::uint64_t> covered(words);
          for (int opt : at.chosen)
            for (const solve::ItemColour& ic : p.option(opt))
              covered[std::size_t(ic.item) / 64] |= std::uint64_t(1) << (ic.item % 64);
          wrong +=
              !std::equal(covered.begin(), covered.end(), at.covered.begin(), at.covered.end());
          return at.chosen.back() % 7 != 3;
        };
        const auto r = solve::count(p, o);
        INFO("problem " << k << " engine " << int(engine) << " threads " << threads);
        REQUIRE(r.complete());
        CHECK(wrong == 0);
        CHECK(calls == r.stats.nodes);
        CHECK(r.stats.nodes == expected.stats.nodes);
        CHECK(r.stats.solutions == expected.stats.solutions);
      }
    }
  }
  // One hook or the other.
  solve::CoverOptions both;
  both.prune = [](std::span<const int>) { return true; };
  both.prune_position = [](const solve::CoverPosition&) { return true; };
  CHECK_THROWS_AS(solve::count(queens("queens-8.dlx"), both), solve::ModelError);
  // The memo refuses it as it refuses prune (its counts would depend on the path).
  solve::CoverOptions memo;
  memo.memo = true;
  memo.prune_position = [](const solve::CoverPosition&) { return true; };
  CHECK_THROWS_AS(solve::count(queens("queens-8.dlx"), memo), solve::ModelError);
}
