// The classic counts that take a second or more (label `slow`: Release runs only).
#include <catch2/catch.hpp>

#include <solve/exact_cover_io.hpp>
#include "count_file.hpp"

namespace {

std::uint64_t count(const char* file, solve::ItemChoice choice, int threads = 1) {
  return testing::count_file(file, solve::CoverEngine::automatic, choice, threads);
}

}  // namespace

TEST_CASE("6x10 pentominoes: 9356, and 2339 with X in one quadrant", "[dlx][classic][slow]") {
  CHECK(count("pentomino-6x10-all.dlx", solve::ItemChoice::first) == 9356);
  CHECK(count("pentomino-6x10-sym.dlx", solve::ItemChoice::mrv) == 2339);
  CHECK(count("pentomino-6x10-sym.dlx", solve::ItemChoice::first, 2) == 2339);
}

TEST_CASE("6x10 pentominoes with X in one quadrant: the first-item rule's look-ahead at X",
          "[dlx][classic][scarce][slow]") {
  const auto p = solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) +
                                              "/exact-cover/pentomino-6x10-sym.dlx");
  solve::CoverOptions o;
  o.engine = solve::CoverEngine::bitset;
  o.item_choice = solve::ItemChoice::first;
  const auto watched = solve::count(p, o);
  CHECK(watched.stats.solutions == 2339);
  CHECK(watched.stats.nodes == 2616134);
  o.scarce_lookahead = false;
  const auto plain = solve::count(p, o);
  CHECK(plain.stats.solutions == 2339);
  CHECK(plain.stats.nodes == 20073791);
}

TEST_CASE("13 queens: 73712", "[dlx][classic][slow]") {
  CHECK(count("queens-13.dlx", solve::ItemChoice::mrv, 2) == 73712);
}

TEST_CASE("MacMahon triangles, abc pinned (colours): 163872", "[dlx][classic][slow]") {
  CHECK(count("macmahon-hexagon-abc11.dlx", solve::ItemChoice::mrv, 2) == 163872);
}

TEST_CASE("5x8 box, any 8 pentominoes, by Algorithm M as dlx3 reads it: 13632",
          "[dlx][classic][mcc][slow]") {
  CHECK(testing::count_file("pentomino-5x8-choose8-mcc.dlx", solve::CoverEngine::dlx,
                            solve::ItemChoice::mrv) == 13632);
}

TEST_CASE("memoised counts: 6x10 and 5x12 pentominoes, 13 queens", "[dlx][classic][memo][slow]") {
  const auto automatic = solve::CoverEngine::automatic;
  CHECK(testing::count_file("pentomino-6x10-all.dlx", automatic, solve::ItemChoice::first, 1,
                            true) == 9356);
  CHECK(testing::count_file("pentomino-5x12.dlx", automatic, solve::ItemChoice::first, 1, true) ==
        4040);
  CHECK(testing::count_file("pentomino-5x12.dlx", automatic, solve::ItemChoice::first) == 4040);
  CHECK(testing::count_file("queens-13.dlx", automatic, solve::ItemChoice::mrv, 1, true) == 73712);
}

TEST_CASE("sparse sets: the shipped counts that take seconds", "[dlx][sparse][classic][slow]") {
  using testing::count_file;
  const auto sparse = solve::CoverEngine::sparse;
  const auto mrv = solve::ItemChoice::mrv, first = solve::ItemChoice::first;
  CHECK(count_file("queens-12.dlx", sparse, first) == 14200);
  CHECK(count_file("sudoku-ai-escargot.dlx", sparse, first) == 1);
  for (auto choice : {mrv, first})
    CHECK(count_file("sudoku-hard-bruteforce.dlx", sparse, choice) == 1);
}
