// Hints: hand cases for each kind of deduction, wrong entries, and hints followed to the end
// of generated puzzles (each the solution's digit, from the weakest level that has one).
#include <catch2/catch.hpp>

#include <string>

#include "common.hpp"
#include "generate.hpp"
#include "grade.hpp"
#include "hint.hpp"
#include "test_scale.hpp"

using futoshiki::Difficulty;
using futoshiki::Puzzle;

namespace {

Puzzle parse(const std::string& text) { return futoshiki::parse_puzzle(text, "test"); }
Puzzle level_sample(const std::string& name) {
  return futoshiki::read_puzzle(futoshiki::test::puzzles_dir() + "/levels/" + name + ".txt");
}
bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("hint: a naked single names why every other digit went") {
  const auto h =
      futoshiki::hint(parse("0 2 3 4\n2 0 4 3\n3 4 0 2\n4 3 2 0\n\n0 0 0\n0 0 0\n0 0 0\n0 0 0\n\n"
                            "0 0 0 0\n0 0 0 0\n0 0 0 0\n"));
  REQUIRE(h);
  CHECK(h->row == 0);
  CHECK(h->col == 0);
  CHECK(h->value == 1);
  CHECK(h->reason ==
        "r1c1 = 1, the only digit left: 2 in row 1 (r1c2 = 2); 3 in row 1 (r1c3 = 3); "
        "4 in row 1 (r1c4 = 4)");
}

TEST_CASE("hint: the inequality chains") {
  const auto h = futoshiki::hint(parse("0 0 0\n0 0 0\n0 0 0\n\n< <\n0 0\n0 0\n\n^ 0 0\n^ 0 0\n"));
  REQUIRE(h);
  CHECK(h->value == 2);
  CHECK(h->reason ==
        "r1c2 = 2, the only digit left: 1 too small: r1c2 > r1c1, so r1c2 ≥ 2; "
        "3 too large: r1c2 < r1c3, so r1c2 ≤ 2");
}

TEST_CASE("hint: a hidden single is an easy step") {
  // the easy sample: forward checking fills no cell, the hidden single comes first
  const auto h = futoshiki::hint(level_sample("easy"));
  REQUIRE(h);
  CHECK(h->reason == "r2c2 = 3: row 2 needs a 3 and only r2c2 can hold it");
  CHECK(h->row == 1);
  CHECK(h->col == 1);
}

TEST_CASE("hint: a hidden single on a line of 18 open cells") {
  // 18x18, a 1 on the diagonal from r2c2 down: r1c1 is the only cell of row 1 left for a 1,
  // with every digit still a candidate (more open digits than Hall sets are looked for among)
  Puzzle p;
  p.n = 18;
  p.givens.assign(18 * 18, 0);
  p.right.assign(18 * 17, futoshiki::Relation::none);
  p.down.assign(17 * 18, futoshiki::Relation::none);
  for (int i = 1; i < 18; ++i) p.givens[std::size_t(i * 18 + i)] = 1;
  const auto h = futoshiki::hint(p);
  REQUIRE(h);
  CHECK(h->reason == "r1c1 = 1: row 1 needs a 1 and only r1c1 can hold it");
}

TEST_CASE("hint: a Hall set of two digits") {
  const auto h = futoshiki::hint(level_sample("hard"));
  REQUIRE(h);
  CHECK(h->reason ==
        "r2c2 = 4, the only digit left: 3 in row 2 (r2c4 = 3); 1 too small: r2c2 > r1c2, so r2c2 ≥ "
        "2; "
        "2 too small: r2c2 > r1c2 and r1c2 ≥ 2, so r2c2 ≥ 3 (after r1c2: 1 left out: in row 1, 2 "
        "and 3 "
        "fit only in r1c2 and r1c3 (a Hall set))");
  CHECK(h->row == 1);
  CHECK(h->col == 1);
  CHECK(h->value == 4);
}

TEST_CASE("hint: a hidden single after a chain, then a trial") {
  Puzzle p = level_sample("extreme");
  auto h = futoshiki::hint(p);
  REQUIRE(h);
  CHECK(h->reason ==
        "r3c3 = 4: column 3 needs a 4 and only r3c3 can hold it (after r4c3: 4 too large: r4c3 < "
        "r4c4, "
        "so r4c3 ≤ 3)");
  p.givens[std::size_t(h->row * p.n + h->col)] = h->value;
  h = futoshiki::hint(p);
  REQUIRE(h);
  CHECK(h->row == 0);
  CHECK(h->col == 0);
  CHECK(h->value == 1);
  CHECK(
      has(h->reason,
          "4 ruled out by a trial: with r1c1 = 4 the hard-level deductions reach a contradiction"));
}

TEST_CASE("hint: wrong entries and a full grid give none") {
  Puzzle p = level_sample("easy");
  const std::vector<int> solution = futoshiki::some_solutions(p, 1).front();
  for (int i = 0; i < p.n * p.n; ++i)
    if (!p.givens[std::size_t(i)]) {
      p.givens[std::size_t(i)] = solution[std::size_t(i)] % p.n + 1;  // a wrong digit
      break;
    }
  CHECK_FALSE(futoshiki::hint(p));
  Puzzle full = level_sample("easy");
  full.givens = solution;
  CHECK_FALSE(futoshiki::hint(full));
}

TEST_CASE("hint: followed to the end, each is the solution's digit at the weakest level") {
  const int rounds = test_scale::rounds(30);
  for (const Difficulty level : futoshiki::all_difficulties)
    for (int seed = 0; seed < rounds; ++seed) {
      Puzzle p = futoshiki::generate(4 + seed % 3, level, std::uint64_t(seed));
      const std::vector<int> solution = futoshiki::some_solutions(p, 1).front();
      bool needed_level = level == Difficulty::easy;  // the level's own kind of step appeared
      for (int step = 0;; ++step) {
        const auto h = futoshiki::hint(p);
        if (!h) break;
        INFO(futoshiki::to_string(level)
             << " seed " << seed << " step " << step << ": " << h->reason);
        REQUIRE(h->value == solution[std::size_t(h->row * p.n + h->col)]);
        REQUIRE(p.givens[std::size_t(h->row * p.n + h->col)] == 0);
        // never stronger than the level
        if (level < Difficulty::extreme) CHECK_FALSE(has(h->reason, "trial"));
        if (level < Difficulty::hard) CHECK_FALSE(has(h->reason, "Hall"));
        if (level < Difficulty::tricky) CHECK_FALSE(has(h->reason, ", so "));
        needed_level = needed_level || (level == Difficulty::tricky && has(h->reason, ", so ")) ||
                       (level == Difficulty::hard && has(h->reason, "Hall")) ||
                       (level == Difficulty::extreme && has(h->reason, "trial"));
        p.givens[std::size_t(h->row * p.n + h->col)] = h->value;
      }
      CHECK(p.givens == solution);
      CHECK(needed_level);
    }
}
