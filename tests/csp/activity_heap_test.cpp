// The learning search's order of variables by activity (csp/activity_heap.hpp) against a
// scan: random bumps, assignments by level and backjumps, the top is always the most active
// unassigned variable (ties: the smaller id).
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "csp/activity_heap.hpp"
#include "test_scale.hpp"

using solve::detail::csp::ActivityHeap;

TEST_CASE("the activity heap's top is the most active unassigned variable") {
  std::mt19937 rng(24);
  for (int round = 0; round < test_scale::rounds(200); ++round) {
    const int n = 1 + int(rng() % 40);
    ActivityHeap heap(n);
    std::vector<int> level_of(std::size_t(n), -1);  // -1: unassigned
    int level = 0;
    for (int step = 0; step < 300; ++step) {
      const unsigned what = rng() % 10;
      if (what < 4) {
        heap.bump(int(rng() % unsigned(n)), double(rng() % 5));
      } else if (what < 7) {  // a decision level assigns a few variables
        ++level;
        for (int k = int(rng() % 3); k >= 0; --k) {
          const int v = int(rng() % unsigned(n));
          if (level_of[std::size_t(v)] < 0) level_of[std::size_t(v)] = level;
        }
      } else if (what < 9 && level > 0) {  // backjump
        level = int(rng() % unsigned(level));
        for (int& l : level_of)
          if (l > level) l = -1;
        heap.backjump(level);
      } else {
        heap.rescale(0.5);
      }
      int best = -1;
      for (int v = 0; v < n; ++v)
        if (level_of[std::size_t(v)] < 0 && (best < 0 || heap.activity(v) > heap.activity(best)))
          best = v;
      REQUIRE(heap.top(level, [&](int v) { return level_of[std::size_t(v)] >= 0; }) == best);
    }
  }
}
