// The progress hook of an exact-cover search on 1 to 4 threads and every engine: on a uniform
// tree (every item has the same number of options, each covering that item alone, so every
// leaf is a solution) `done` never decreases, keeps near the share of solutions found, and
// ends at 1 (tests/common/progress_check.hpp).
#include <catch2/catch.hpp>

#include "progress_check.hpp"

#include <solve/exact_cover.hpp>

TEST_CASE("done() of an exact-cover search never decreases, follows the tree and ends at 1",
          "[progress][threads]") {
  constexpr int items = 8, options = 6;  // 6^8 = 1 679 616 solutions
  const std::uint64_t total = 1'679'616;
  solve::ExactCover p;
  for (int i = 0; i < items; ++i) {
    const int item = p.add_primary();
    for (int k = 0; k < options; ++k) p.add_option({item, p.add_secondary()});
  }
  for (auto engine :
       {solve::CoverEngine::dlx, solve::CoverEngine::sparse, solve::CoverEngine::bitset})
    for (int threads = 1; threads <= 4; ++threads) {
      INFO("engine " << int(engine) << ", " << threads << " threads");
      progress_check::Reports reports;
      solve::CoverOptions o;
      o.engine = engine;
      o.threads = threads;
      o.progress = reports.hook();
      o.progress_seconds = 0.01;
      const solve::Result r = solve::count(p, o);
      REQUIRE(r.complete());
      REQUIRE(r.stats.solutions == total);
      progress_check::check(reports.seen, total);
    }
}
