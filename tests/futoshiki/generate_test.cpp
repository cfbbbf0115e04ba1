// The generator: every puzzle unique (libsolve counts its solutions), graded exactly at the
// level asked, minimal for it, and the same for a seed everywhere.
#include <catch2/catch.hpp>

#include <string>

#include <solve/error.hpp>

#include "candidates.hpp"
#include "generate.hpp"
#include "grade.hpp"
#include "levels_common.hpp"
#include "test_scale.hpp"

using futoshiki::Difficulty;
using futoshiki::Puzzle;
using futoshiki::Relation;

namespace {

// Every clue of p taken away in turn: the level's deductions no longer solve what is left.
bool minimal(Puzzle p, Difficulty level) {
  for (int& g : p.givens) {
    if (!g) continue;
    const int kept = g;
    g = 0;
    const bool still = futoshiki::solved_at(p, level);
    g = kept;
    if (still) return false;
  }
  for (auto* signs : {&p.right, &p.down})
    for (Relation& r : *signs) {
      if (r == Relation::none) continue;
      const Relation kept = r;
      r = Relation::none;
      const bool still = futoshiki::solved_at(p, level);
      r = kept;
      if (still) return false;
    }
  return true;
}

}  // namespace

TEST_CASE("generate: 1000 puzzles per level, 4x4 and 5x5, unique and graded exactly", "[slow]") {
  const int rounds = test_scale::rounds(500);
  for (const Difficulty level : futoshiki::all_difficulties)
    for (int size = 4; size <= 5; ++size)
      for (int seed = 0; seed < rounds; ++seed) {
        INFO(size << "x" << size << " " << futoshiki::to_string(level) << " seed " << seed);
        const Puzzle p = futoshiki::generate(size, level, std::uint64_t(seed));
        REQUIRE(p.n == size);
        REQUIRE(futoshiki::test::solutions_up_to_two(p) == 1);  // libsolve's proof
        const futoshiki::Grade g = futoshiki::grade(p);
        REQUIRE(g.level);
        REQUIRE(*g.level == level);
        if (level != Difficulty::easy)
          REQUIRE_FALSE(futoshiki::solved_at(p, Difficulty(int(level) - 1)));
      }
}

TEST_CASE(
    "generate: minimal, no clue can go without needing harder reasoning or losing uniqueness") {
  const int rounds = test_scale::rounds(50);
  for (const Difficulty level : futoshiki::all_difficulties)
    for (int seed = 0; seed < rounds; ++seed) {
      const int size = 4 + seed % 4;
      INFO(size << "x" << size << " " << futoshiki::to_string(level) << " seed " << seed);
      CHECK(minimal(futoshiki::generate(size, level, std::uint64_t(seed)), level));
    }
}

TEST_CASE("generate: a seed gives the same puzzle, on every machine") {
  // the generator's own random numbers (random.hpp): these texts are the same everywhere
  const std::string hard_5_42 =
      "0 3 0 0 0\n0 0 0 0 3\n0 0 0 0 2\n0 0 0 0 0\n0 0 0 0 0\n\n"
      "0 0 0 <\n0 0 > 0\n0 0 0 0\n0 0 0 0\n0 0 > 0\n\n"
      "0 0 v 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 ^ 0\n";
  CHECK(futoshiki::format_puzzle(futoshiki::generate(5, Difficulty::hard, 42)) == hard_5_42);
  for (const Difficulty level : futoshiki::all_difficulties) {
    const std::string once = futoshiki::format_puzzle(futoshiki::generate(7, level, 7));
    CHECK(futoshiki::format_puzzle(futoshiki::generate(7, level, 7)) == once);
    CHECK(futoshiki::format_puzzle(futoshiki::generate(7, level, 8)) != once);
  }
}

TEST_CASE("generate: the text reads back as the same puzzle, and sizes out of range are refused") {
  const Puzzle p = futoshiki::generate(9, Difficulty::tricky, 3);
  const Puzzle back = futoshiki::parse_puzzle(futoshiki::format_puzzle(p), "generated");
  CHECK(back.givens == p.givens);
  CHECK(back.right == p.right);
  CHECK(back.down == p.down);
  CHECK_THROWS_AS(futoshiki::generate(2, Difficulty::easy, 1), solve::InputError);
  CHECK_THROWS_AS(futoshiki::generate(futoshiki::max_generated_size + 1, Difficulty::easy, 1),
                  solve::InputError);
  std::atomic<bool> cancel{true};
  Puzzle untouched;
  CHECK_FALSE(futoshiki::generate(9, Difficulty::extreme, 1, &cancel, &untouched));
  CHECK(untouched.n == 0);
}
