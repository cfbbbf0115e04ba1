// Thread invariance of both exact-cover engines: on random problems (with and without colours,
// with a prune hook or not), the solutions and the statistics of a complete search are those
// of brute force and of one thread, for 1, 2, 3, 4 and 7 threads and both item choices; the
// same for Algorithm M (multiplicities), whose levels end with a "no more options" branch that
// workers share like any other alternative.
// (The CSP half has its own in tests/csp/thread_invariance_test.cpp.)
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <algorithm>
#include <set>

#include "random_instances.hpp"

namespace {

/// The brute-force solutions of p that a prune hook banning option `banned` leaves (-1: all).
std::set<std::vector<int>> solutions_without(const solve::ExactCover& p, int banned) {
  auto s = testing::brute_force(p);
  std::erase_if(s, [&](const std::vector<int>& x) {
    return std::find(x.begin(), x.end(), banned) != x.end();
  });
  return s;
}

}  // namespace

TEST_CASE("both engines give the same solutions and figures on 1, 2, 3, 4 and 7 threads",
          "[dlx][threads]") {
  std::mt19937 rng(707);
  int with_solutions = 0, runs = 0;
  for (int round = 0; round < test_scale::rounds(40); ++round) {
    testing::RandomSpec spec{.max_primary = 9,
                             .max_secondary = 3,
                             .max_options = 14,
                             .colours = round % 2 ? 2 : 0,
                             .planted = 2};
    const solve::ExactCover p = testing::random_problem(rng, spec);
    // Every third round a prune hook that bans one option (a pure function, as asked).
    const int banned = round % 3 == 0 ? round % p.num_options() : -1;
    const auto expected = solutions_without(p, banned);
    with_solutions += !expected.empty();
    for (auto engine : {solve::CoverEngine::dlx, solve::CoverEngine::bitset}) {
      if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
      for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
        solve::CoverOptions o;
        o.engine = engine;
        o.item_choice = choice;
        if (banned >= 0)
          o.prune = [banned](std::span<const int> chosen) { return chosen.back() != banned; };
        solve::Result one;
        for (int threads : {1, 2, 3, 4, 7}) {
          o.threads = threads;
          INFO("round " << round << " engine " << int(engine) << " choice " << int(choice)
                        << " threads " << threads);
          auto [found, r] = testing::all_solutions(p, o);
          REQUIRE(r.complete());
          REQUIRE(found == expected);
          const auto counted = solve::count(p, o);
          REQUIRE(counted.stats.solutions == expected.size());
          if (threads == 1) one = counted;
          REQUIRE(counted.stats.nodes == one.stats.nodes);
          REQUIRE(counted.stats.updates == one.stats.updates);
          ++runs;
        }
      }
    }
  }
  CHECK(with_solutions > test_scale::scaled(20));
  CHECK(runs > test_scale::scaled(400));
}

namespace {

/// Algorithm M on p for 1..4 threads: the count (and the solutions, when `expected` is given)
/// and the node and update counts of one thread. Returns how many runs had more than one
/// worker searching (so work was really given away).
int check_mcc_threads(const solve::ExactCover& p, const std::set<std::vector<int>>* expected,
                      int banned) {
  int shared = 0;
  for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
    solve::CoverOptions o;
    o.engine = solve::CoverEngine::dlx;  // Algorithm M whenever there are bounds
    o.item_choice = choice;
    if (banned >= 0)
      o.prune = [banned](std::span<const int> chosen) { return chosen.back() != banned; };
    solve::Result one;
    for (int threads : {1, 2, 3, 4}) {
      o.threads = threads;
      INFO("choice " << int(choice) << " threads " << threads);
      const auto counted = solve::count(p, o);
      REQUIRE(counted.complete());
      if (threads == 1) one = counted;
      REQUIRE(counted.count == one.count);
      REQUIRE(counted.stats.nodes == one.stats.nodes);
      REQUIRE(counted.stats.updates == one.stats.updates);
      REQUIRE(counted.stats.max_depth == one.stats.max_depth);
      shared += std::count_if(counted.busy_seconds.begin(), counted.busy_seconds.end(),
                              [](double b) { return b > 0; }) > 1;
      if (!expected) continue;
      REQUIRE(counted.stats.solutions == expected->size());
      auto [found, r] = testing::all_solutions(p, o);
      REQUIRE(r.complete());
      REQUIRE(found == *expected);
      REQUIRE(r.stats.nodes == one.stats.nodes);
    }
  }
  return shared;
}

}  // namespace

TEST_CASE("Algorithm M gives the same solutions and figures on 1, 2, 3 and 4 threads",
          "[dlx][mcc][threads]") {
  std::mt19937 rng(808);
  int with_solutions = 0;
  for (int round = 0; round < test_scale::rounds(60); ++round) {
    testing::RandomSpec spec{.max_primary = 6,
                             .max_secondary = 3,
                             .max_options = 14,
                             .colours = round % 3 == 2 ? 2 : 0,
                             .planted = 1 + round % 2,
                             .max_hi = 3};
    const solve::ExactCover p = testing::random_problem(rng, spec);
    const int banned = round % 4 == 0 ? round % p.num_options() : -1;
    const auto expected = solutions_without(p, banned);
    with_solutions += !expected.empty();
    INFO("round " << round);
    check_mcc_threads(p, &expected, banned);
  }
  CHECK(with_solutions > test_scale::scaled(30));
}

TEST_CASE("Algorithm M on trees big enough to share: counts and figures of one thread",
          "[dlx][mcc][threads]") {
  // Beyond brute force: some thousands of nodes, so idle workers take part of the tree (the
  // levels handed over hold tweaked options and "no more options" branches).
  std::mt19937 rng(809);
  int shared = 0;
  for (int round = 0; round < 12; ++round) {
    testing::RandomSpec spec{.max_primary = 9,
                             .max_secondary = 3,
                             .max_options = 70,
                             .colours = round % 2 ? 2 : 0,
                             .planted = 3,
                             .max_hi = 3};
    const solve::ExactCover p = testing::random_problem(rng, spec);
    INFO("round " << round);
    shared += check_mcc_threads(p, nullptr, -1);
  }
  CHECK(shared > 0);
}
