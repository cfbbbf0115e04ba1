#pragma once
// Counting the solutions of a shipped problem (puzzles/exact-cover/FILE).
#include <catch2/catch.hpp>

#include <string>

#include <solve/exact_cover_io.hpp>

namespace testing {

inline std::uint64_t count_file(const char* file, solve::CoverEngine engine,
                                solve::ItemChoice choice, int threads = 1, bool memo = false) {
  const auto p =
      solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/" + file);
  solve::CoverOptions o;
  o.engine = engine;
  o.item_choice = choice;
  o.threads = threads;
  o.memo = memo;
  const auto r = solve::count(p, o);
  REQUIRE(r.complete());
  return r.stats.solutions;
}

}  // namespace testing
