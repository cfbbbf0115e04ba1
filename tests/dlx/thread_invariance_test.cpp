// Thread invariance of both exact-cover engines: on random problems (with and without colours,
// with a prune hook or not), the solutions and the statistics of a complete search are those
// of brute force and of one thread, for 1, 2, 3, 4 and 7 threads and both item choices.
// (The CSP half has its own in tests/csp/thread_invariance_test.cpp.)
#include <catch2/catch.hpp>

#include "random_instances.hpp"

TEST_CASE("both engines give the same solutions and figures on 1, 2, 3, 4 and 7 threads", "[dlx][threads]") {
  std::mt19937 rng(707);
  int with_solutions = 0, runs = 0;
  for (int round = 0; round < 40; ++round) {
    testing::RandomSpec spec{.max_primary = 9, .max_secondary = 3, .max_options = 14,
                             .colours = round % 2 ? 2 : 0, .planted = 2};
    const solve::ExactCover p = testing::random_problem(rng, spec);
    auto expected = testing::brute_force(p);
    // Every third round a prune hook that bans one option (a pure function, as asked).
    const int banned = round % 3 == 0 ? round % p.num_options() : -1;
    std::erase_if(expected, [&](const std::vector<int>& s) {
      return std::find(s.begin(), s.end(), banned) != s.end();
    });
    with_solutions += !expected.empty();
    for (auto engine : {solve::CoverEngine::dlx, solve::CoverEngine::bitset}) {
      if (engine == solve::CoverEngine::bitset && p.has_colours()) continue;
      for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
        solve::CoverOptions o;
        o.engine = engine;
        o.item_choice = choice;
        if (banned >= 0) o.prune = [banned](std::span<const int> chosen) { return chosen.back() != banned; };
        solve::CoverResult one;
        for (int threads : {1, 2, 3, 4, 7}) {
          o.threads = threads;
          INFO("round " << round << " engine " << int(engine) << " choice " << int(choice) << " threads "
                        << threads);
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
  CHECK(with_solutions > 20);
  CHECK(runs > 400);
}
