// The classic counts that take a second or more (label `slow`: Release runs only).
#include <catch2/catch.hpp>

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

TEST_CASE("13 queens: 73712", "[dlx][classic][slow]") {
  CHECK(count("queens-13.dlx", solve::ItemChoice::mrv, 2) == 73712);
}

TEST_CASE("MacMahon triangles, abc pinned (colours): 163872", "[dlx][classic][slow]") {
  CHECK(count("macmahon-hexagon-abc11.dlx", solve::ItemChoice::mrv, 2) == 163872);
}
