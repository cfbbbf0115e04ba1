// Orientations as the statement numbers them, coinciding orientations, congruent stones.
#include <algorithm>
#include <catch2/catch.hpp>

#include "puzzle.hpp"

using namespace stenen;

namespace {
Puzzle load(const char* name) { return read_puzzle(std::string(SOLVE_PUZZLES_DIR) + "/" + name); }
using Pic = std::vector<std::string>;
}  // namespace

TEST_CASE("orientations are numbered as in the statement", "[stenen][shape]") {
  const Puzzle p = load("stenen/stenen1.in");
  const Stone& one = p.stones[0];  // X.. / XXX
  CHECK(one.orientation[0].picture() == Pic{"#..", "###"});
  CHECK(one.orientation[1].picture() == Pic{"##", "#.", "#."});  // a quarter turn clockwise
  CHECK(one.orientation[2].picture() == Pic{"###", "..#"});
  CHECK(one.orientation[3].picture() == Pic{".#", ".#", "##"});  // (0,3,1,3) in Figure 4
  CHECK(one.orientation[4].picture() == Pic{"###", "#.."});      // upside down
  CHECK(one.orientation[5].picture() == Pic{"##", ".#", ".#"});
  CHECK(one.orientation[6].picture() == Pic{"..#", "###"});
  CHECK(one.orientation[7].picture() == Pic{"#.", "#.", "##"});
  for (int o = 0; o < num_orientations; ++o) CHECK(one.distinct(o));
}

TEST_CASE("coinciding orientations are kept once", "[stenen][shape]") {
  const Puzzle p = load("stenen/stenen1.in");
  const Stone& three = p.stones[2];  // the S tetromino: 0 and 2 coincide (the statement's example)
  CHECK(three.same_as[2] == 0);
  CHECK(three.same_as[3] == 1);
  CHECK(three.same_as[6] == 4);
  CHECK((three.distinct(0) && three.distinct(1) && three.distinct(4) && three.distinct(5)));
  const Stone& bar = p.stones[3];  // XXXX
  CHECK(std::count_if(bar.same_as.begin(), bar.same_as.end(), [](int s) { return s == 0; }) == 4);

  // The twelve pentominoes have 63 distinct orientations: 1 (X) + 2 (I) + 4x5 + 8x6.
  const Puzzle pent = load("stenen/stenen2.in");
  std::vector<int> counts;
  for (const Stone& s : pent.stones) {
    int n = 0;
    for (int o = 0; o < num_orientations; ++o) n += s.distinct(o);
    counts.push_back(n);
  }
  std::sort(counts.begin(), counts.end());
  CHECK(counts == std::vector<int>{1, 2, 4, 4, 4, 4, 4, 8, 8, 8, 8, 8});
}

TEST_CASE("congruent stones form classes", "[stenen][shape]") {
  const Puzzle p = load("stenen/stenen1.in");
  CHECK(congruence_classes(p.stones) == std::vector<int>{0, 0, 2, 3, 3});
  const Puzzle pent = load("stenen/stenen2.in");
  const auto cls = congruence_classes(pent.stones);
  for (std::size_t i = 0; i < cls.size(); ++i) CHECK(cls[i] == int(i));
}

TEST_CASE("connectivity of cells", "[stenen][shape]") {
  CHECK(connected(Shape{2, 2, {{0, 0}, {0, 1}, {1, 1}}}));
  CHECK_FALSE(connected(Shape{2, 2, {{0, 0}, {1, 1}}}));
  CHECK_FALSE(connected(Shape{}));
  // A ring is one part; a bottom row with two lone corners above it is three.
  CHECK(part_sizes(Shape{3, 3, {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}}) ==
        std::vector<int>{8});
  CHECK(part_sizes(Shape{3, 3, {{0, 0}, {0, 2}, {2, 0}, {2, 1}, {2, 2}}}) ==
        std::vector<int>{3, 1, 1});
}
