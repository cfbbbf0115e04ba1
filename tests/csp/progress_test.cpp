// The progress hook of a CSP search on 1 to 4 threads: on a uniform tree (no constraints, every
// leaf a solution) `done` never decreases, keeps near the share of solutions found, and ends
// at 1 (tests/common/progress_check.hpp).
#include <catch2/catch.hpp>

#include "progress_check.hpp"

#include <solve/solve.hpp>

using namespace solve;

TEST_CASE("done() never decreases, follows the tree and ends at 1, on 1 to 4 threads",
          "[progress][threads]") {
  Model m;
  m.add_vars(8, 0, 5);  // 6^8 = 1 679 616 leaves
  const std::uint64_t total = 1'679'616;
  for (int threads = 1; threads <= 4; ++threads)
    for (auto b : {Branching::values, Branching::refutation}) {
      INFO(threads << " threads, branching " << int(b));
      progress_check::Reports reports;
      SearchOptions o;
      o.threads = threads;
      o.branching = b;
      o.var_order = VarOrder::input;
      o.progress = reports.hook();
      o.progress_seconds = 0.01;
      const Result r = count(m, o);
      REQUIRE(r.complete());
      REQUIRE(r.stats.solutions == total);
      progress_check::check(reports.seen, total);
    }
}
