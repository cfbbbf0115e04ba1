// The classic counts that take well under a second in a Release build (the others are in
// scripts/bench-exact-cover and in dlx_slow_test).
#include <catch2/catch.hpp>

#include "count_file.hpp"

namespace {

using testing::count_file;
constexpr auto dlx = solve::CoverEngine::dlx;
constexpr auto bitset = solve::CoverEngine::bitset;
constexpr auto mrv = solve::ItemChoice::mrv;
constexpr auto first = solve::ItemChoice::first;

}  // namespace

TEST_CASE("8 queens: 92", "[dlx][classic]") {
  CHECK(count_file("queens-8.dlx", dlx, mrv) == 92);
  CHECK(count_file("queens-8.dlx", bitset, mrv) == 92);
  CHECK(count_file("queens-8.dlx", bitset, first) == 92);
}

TEST_CASE("12 queens: 14200", "[dlx][classic]") {
  CHECK(count_file("queens-12.dlx", dlx, mrv) == 14200);
  CHECK(count_file("queens-12.dlx", bitset, first) == 14200);
}

TEST_CASE("sudoku: one solution each", "[dlx][classic]") {
  for (const char* f : {"sudoku-ai-escargot.dlx", "sudoku-hard-bruteforce.dlx"}) {
    CHECK(count_file(f, dlx, mrv) == 1);
    CHECK(count_file(f, bitset, mrv) == 1);
  }
}

TEST_CASE("5x8 box, any 8 pentominoes (0:1 bounds): 13632", "[dlx][classic]") {
  CHECK(count_file("pentomino-5x8-choose8-mcc.dlx", bitset, first) == 13632);
}
