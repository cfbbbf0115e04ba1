// The grader: its levels against libsolve's propagation levels, hand-made puzzles of each
// level, and Simon Tatham's graded puzzles (their game ids name his level).
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "candidates.hpp"
#include "common.hpp"
#include "generate.hpp"
#include "grade.hpp"
#include "levels_common.hpp"
#include "test_scale.hpp"

namespace fs = std::filesystem;
using futoshiki::Difficulty;
using futoshiki::Mode;
using futoshiki::Puzzle;

namespace {

Puzzle parse(const std::string& text) { return futoshiki::parse_puzzle(text, "test"); }

}  // namespace

TEST_CASE("grade: hand-made puzzles of each level") {
  // four blanks on the diagonal and a chain of naked singles
  const Puzzle easy = parse(
      "0 2 3 4\n2 0 4 3\n3 4 0 2\n4 3 2 0\n\n"
      "0 0 0\n0 0 0\n0 0 0\n0 0 0\n\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
  // puzzles/futoshiki/levels/easy.txt: forward checking alone stops; "row 2 needs a 3 and
  // only r2c2 can hold it" (a hidden single) goes on
  const Puzzle hidden = futoshiki::read_puzzle(futoshiki::test::puzzles_dir() + "/levels/easy.txt");
  CHECK_FALSE(futoshiki::solved_by(hidden, Mode::forward));
  // r1c1 < r1c2 < r1c3 and r1c1 < r2c1 < r3c1: only the chains place 1, 2, 3 (nothing is
  // given, so forward checking has nothing to start from)
  const Puzzle tricky = parse("0 0 0\n0 0 0\n0 0 0\n\n< <\n0 0\n0 0\n\n^ 0 0\n^ 0 0\n");
  // puzzles/futoshiki/levels/hard.txt: "in row 1, 2 and 3 fit only in r1c2 and r1c3" (a
  // hidden pair) before any cell is filled
  const Puzzle hard = futoshiki::read_puzzle(futoshiki::test::puzzles_dir() + "/levels/hard.txt");
  // puzzles/futoshiki/levels/extreme.txt: nothing fills a cell until r1c1 = 4 is tried and
  // fails
  const Puzzle extreme =
      futoshiki::read_puzzle(futoshiki::test::puzzles_dir() + "/levels/extreme.txt");
  const std::pair<const Puzzle*, Difficulty> cases[] = {{&easy, Difficulty::easy},
                                                        {&hidden, Difficulty::easy},
                                                        {&tricky, Difficulty::tricky},
                                                        {&hard, Difficulty::hard},
                                                        {&extreme, Difficulty::extreme}};
  for (const auto& [p, level] : cases) {
    INFO(futoshiki::to_string(level));
    const futoshiki::Grade g = futoshiki::grade(*p);
    CHECK(g.solvable);
    CHECK(g.unique);
    REQUIRE(g.level);
    CHECK(*g.level == level);
  }
  SECTION("no solution, several") {
    const futoshiki::Grade contradiction =
        futoshiki::grade(parse("2 0\n0 0\n\n<\n0\n\n0 0\n"));  // 2 < r1c2 <= 2
    CHECK_FALSE(contradiction.solvable);
    CHECK_FALSE(contradiction.unique);
    CHECK_FALSE(contradiction.level);
    const futoshiki::Grade several =
        futoshiki::grade(parse("0 0 0\n0 0 0\n0 0 0\n\n0 0\n0 0\n0 0\n\n0 0 0\n0 0 0\n"));
    CHECK(several.solvable);
    CHECK_FALSE(several.unique);
    CHECK_FALSE(several.level);
  }
}

TEST_CASE("grade: each engine mode prunes what libsolve's propagation level does at the root") {
  // generated puzzles of every level, and weaker versions of them (givens taken away), with
  // and without solutions
  int agree = 0;
  const int rounds = test_scale::rounds(150);
  for (int k = 0; k < rounds; ++k)
    for (const Difficulty level : futoshiki::all_difficulties) {
      Puzzle p = futoshiki::generate(4 + k % 3, level, std::uint64_t(k));
      for (int step = 0; step < 3; ++step) {
        INFO("size " << p.n << ", seed " << k << ", " << futoshiki::to_string(level) << ", step "
                     << step);
        CHECK(futoshiki::solved_by(p, Mode::forward) ==
              futoshiki::test::libsolve_root_solves(p, solve::Propagation::forward));
        CHECK(futoshiki::solved_by(p, Mode::arc) ==
              futoshiki::test::libsolve_root_solves(p, solve::Propagation::arc));
        CHECK(futoshiki::solved_by(p, Mode::domain) ==
              futoshiki::test::libsolve_root_solves(p, solve::Propagation::domain));
        // the levels on the modes: hidden singles on top of forward and arc; hard is domain
        CHECK(futoshiki::solved_at(p, Difficulty::hard) == futoshiki::solved_by(p, Mode::domain));
        ++agree;
        for (int& g : p.givens)
          if (g) {
            g = 0;
            break;
          }
      }
    }
  CHECK(agree == rounds * 12);
}

TEST_CASE("grade: Simon Tatham's puzzles against the level of their game ids") {
  // tests/data/futoshiki/tatham-levels/<N>d<L>_<k>.txt: L is Tatham's level, e Easy, k
  // Tricky, x Extreme, r Recursive (guessing). Table in docs/futoshiki.md.
  std::map<std::string, std::map<std::string, int>> table;  // Tatham's level -> ours -> count
  int files = 0;
  for (const auto& entry : fs::directory_iterator(futoshiki::test::data_dir() + "/tatham-levels")) {
    if (entry.path().extension() != ".txt") continue;
    const std::string name = entry.path().stem().string();
    const std::string tatham = name.substr(name.find('d') + 1, 1);
    const futoshiki::Grade g = futoshiki::grade(futoshiki::read_puzzle(entry.path().string()));
    INFO(name);
    CHECK(g.unique);
    ++table[tatham][g.level ? std::string(futoshiki::to_string(*g.level)) : "beyond"];
    ++files;
  }
  CHECK(files == 127);
  // Tatham's Easy passes bounds along the signs (his "links") besides the singles: tricky here.
  // His Tricky adds Hall sets; his Extreme and Recursive fall to one trial.
  using Row = std::map<std::string, int>;
  CHECK(table["e"] == Row{{"tricky", 30}});
  CHECK(table["k"] == Row{{"tricky", 5}, {"hard", 25}});
  CHECK(table["x"] == Row{{"extreme", 36}});
  CHECK(table["r"] == Row{{"extreme", 31}});
}
