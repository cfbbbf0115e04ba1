// The classic counts that take well under a second in a Release build (the others are in
// scripts/bench exact-cover and in dlx_slow_test).
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

TEST_CASE("domino tilings, memoised: 8x8, 10x10, 12x12", "[dlx][classic][memo]") {
  const auto automatic = solve::CoverEngine::automatic;
  CHECK(count_file("domino-8x8.dlx", automatic, mrv, 1, true) == 12988816);
  CHECK(count_file("domino-10x10.dlx", automatic, mrv, 1, true) == 258584046368);
  CHECK(count_file("domino-12x12.dlx", automatic, first, 1, true) == 53060477521960000);
  CHECK(count_file("domino-12x12.dlx", dlx, mrv, 1, true) == 53060477521960000);
}

TEST_CASE("pentominoes in a 3x20 box: 8, memoised or not", "[dlx][classic][memo]") {
  CHECK(count_file("pentomino-3x20.dlx", bitset, first) == 8);
  CHECK(count_file("pentomino-3x20.dlx", bitset, first, 1, true) == 8);
  CHECK(count_file("pentomino-3x20.dlx", dlx, mrv, 1, true) == 8);
}
