// The app against the brute-force reference on many small random puzzles: every method and
// counting, with and without a starting position, both formats, one and two threads, and every
// shape the readers accept (stones around a hole; cap_puzzle pieces in several parts, padded
// pictures, cells left empty -- few, as hole stones, and many, as secondary items).
// The sanitizer legs run the first share of these rounds (SOLVE_TEST_SCALE, test_scale.hpp).
#include <random>
#include <set>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "brute_force.hpp"
#include "prune.hpp"
#include "random_puzzle.hpp"
#include "solver.hpp"
#include "symmetry.hpp"
#include "test_scale.hpp"

using namespace stenen;

namespace {

RunOptions run(Method m, Counting c, int threads, Twins twins, bool memo = false) {
  RunOptions o{m, c, threads, {}};
  o.twins = twins;
  o.memo = memo;
  return o;
}

void compare(const Puzzle& p, const Board& b, const test::Reference& ref, int threads) {
  for (Method m : {Method::fast, Method::dumb, Method::smart}) {
    // Interchangeable stones (congruent ones, holes) both ways: ordered by the prune hook, and
    // as one item with a multiplicity.
    for (Twins t : {Twins::ordered, Twins::multiplicity}) {
      // (The plain backtracking on dancing links takes seconds past 64 cells; the small boards
      // cover that combination.)
      if (t == Twins::multiplicity && m == Method::dumb && b.rows() * b.cols() > 64) continue;
      INFO("method " << int(m) << ", threads " << threads << ", twins " << int(t));
      const RunOptions o = run(m, Counting::labelled, threads, t);
      const CountResult labelled = count_solutions(b, o);
      // The default counts labelled boards through the classes of congruent stones: the same
      // figures as the plain labelled search.
      RunOptions plain_options = o;
      plain_options.labelled_by_classes = false;
      const CountResult plain = count_solutions(b, plain_options);
      CHECK(plain.relabellings == solve::BigCount(1));
      CHECK(plain.solutions == labelled.solutions);
      CHECK(plain.unique == labelled.unique);
      const CountResult identical = count_solutions(b, run(m, Counting::identical, threads, t));
      const CountResult unique = count_solutions(b, run(m, Counting::unique, threads, t));
      if (p.format == Format::leiden) {
        CHECK(labelled.solutions == ref.labelled());
        CHECK(identical.solutions == ref.identical());
        CHECK(unique.solutions == ref.unique(b.rows(), b.cols(), true));
      } else {  // cap_puzzle: solutions and unique, under the chosen labelling
        CHECK(labelled.solutions == ref.labelled());
        REQUIRE((labelled.unique && identical.unique && unique.unique));
        CHECK(*labelled.unique == ref.unique(b.rows(), b.cols(), false));
        CHECK(identical.solutions == ref.identical());
        CHECK(*identical.unique == ref.unique(b.rows(), b.cols(), true));
        CHECK(*unique.unique == ref.unique(b.rows(), b.cols(), true));
      }
      const SolveResult s = find_solution(b, o);
      REQUIRE(s.grid.has_value() == (ref.labelled() > 0));
      if (s.grid) CHECK(ref.boards.count(*s.grid) == 1);
      // With interchangeable stones the solution names each stone in its own orientations:
      // its moves replay to its board.
      const SolveResult si = find_solution(b, run(m, Counting::identical, threads, t));
      if (si.grid) {
        CHECK(ref.boards.count(*si.grid) == 1);
        Board replay = b;
        for (const Move& mv : si.moves) CHECK_FALSE(replay.place(mv));
        CHECK(replay.grid() == *si.grid);
      }
    }
    // The memoised count (no prune hook, no symmetry) gives the same labelled and identical
    // counts, and no unique one. (Along the short side only: reading order on a wide board
    // keeps a long front of open cells, which the memo cannot fold.)
    if (m != Method::fast && b.cols() > 6) continue;
    INFO("method " << int(m) << ", memo");
    const CountResult labelled =
        count_solutions(b, run(m, Counting::labelled, threads, Twins::automatic, true));
    const CountResult identical =
        count_solutions(b, run(m, Counting::identical, threads, Twins::automatic, true));
    CHECK(labelled.solutions == ref.labelled());
    CHECK(identical.solutions == ref.identical());
    CHECK_FALSE(labelled.unique);
  }
}

}  // namespace

TEST_CASE("random puzzles against brute force", "[stenen][differential]") {
  std::mt19937 rng(20240502);
  int tested = 0, skipped = 0;
  for (int round = 0; tested < test_scale::rounds(40); ++round) {
    // Small boards when labelled solutions multiply (empty cells, one-cell stones): the
    // reference lists every labelled board, and skips puzzles with too many.
    const bool cap = round % 3 == 2, monominoes = round % 4 == 0, small = cap || monominoes;
    const int rows = std::uniform_int_distribution<int>(2, small ? 3 : 4)(rng);
    const int cols = std::uniform_int_distribution<int>(2, small ? 4 : rows == 4 ? 5 : 6)(rng);
    test::PuzzleKind kind{cap, monominoes ? 1 : 2, 5, 0.3, 1, 1, cap};
    const auto rp = test::random_puzzle(rng, rows, cols, kind);
    const Puzzle p = parse_puzzle(rp.text, fmt::format("random{}", round));
    INFO(rp.text);
    Board b(p, rows, cols);
    const auto ref = test::brute_force(p, rows, cols, b.grid());
    if (!ref) {
      ++skipped;
      continue;
    }
    ++tested;
    compare(p, b, *ref, 1 + round % 2);

    // From a position: one move of the first solution.
    const SolveResult first = find_solution(b, RunOptions{});
    REQUIRE(first.grid);
    const Move m = first.moves[std::size_t(round) % first.moves.size()];
    REQUIRE_FALSE(b.place(m));
    INFO("after " << to_string(m));
    compare(p, b, *test::brute_force(p, rows, cols, b.grid(), 1 << 30), 1);
  }
  CHECK(skipped < tested);
}

TEST_CASE("cap_puzzle pieces in parts, around holes, with cells left empty",
          "[stenen][differential]") {
  // The region test once assumed connected pieces (issue 7: moyen-plus.cfg counted 0, not 8).
  std::mt19937 rng(4117);
  int tested = 0, parts = 0, secondary = 0;
  int round = 0;
  for (; tested < test_scale::rounds(60); ++round) {
    const int rows = std::uniform_int_distribution<int>(2, 4)(rng);
    const int cols = std::uniform_int_distribution<int>(3, rows == 4 ? 4 : 5)(rng);
    const auto rp =
        test::random_puzzle(rng, rows, cols, {true, 1 + round % 2, 4, 0.4, 2 + round % 3, 3, true});
    const Puzzle p = parse_puzzle(rp.text, fmt::format("parts{}", round));
    INFO(rp.text);
    Board b(p, rows, cols);
    const auto ref = test::brute_force(p, rows, cols, b.grid(), 2000);
    if (!ref) continue;
    ++tested;
    for (const Stone& s : p.stones) parts += s.parts.size() > 1;
    secondary += rows * cols - p.area() > ModelOptions{}.max_holes;
    compare(p, b, *ref, 1 + round % 2);
  }
  // The generator made what this test is for.
  CHECK(parts >= test_scale::scaled(20));
  CHECK(secondary >= test_scale::scaled(5));
}

TEST_CASE("boards of more than 64 cells: the cell-by-cell region test", "[stenen][differential]") {
  // Past 64 cells the pruner leaves its one-word bit masks for the generic region search.
  std::mt19937 rng(65);
  int tested = 0;
  for (int round = 0; tested < test_scale::rounds(3) && round < 200; ++round) {
    const int rows = 5, cols = 13 + round % 2;
    const bool cap = round % 2 == 1;
    const auto rp = test::random_puzzle(rng, rows, cols, {cap, 10, 13, 0.5, 1, cap ? 1 : 0, cap});
    const Puzzle p = parse_puzzle(rp.text, fmt::format("wide{}", round), Limits{false});
    INFO(rp.text);
    Board b(p, rows, cols);
    if (const auto ref = test::brute_force(p, rows, cols, b.grid(), 300)) {
      ++tested;
      compare(p, b, *ref, 1);
    }
  }
  CHECK(tested == test_scale::rounds(3));
}

TEST_CASE("square boards: eight symmetries", "[stenen][differential]") {
  std::mt19937 rng(7);
  int tested = 0;
  for (int round = 0; tested < 12; ++round) {
    const int n = 3 + round % 2;
    const bool cap = round % 2 == 1;
    const auto rp =
        test::random_puzzle(rng, n, n, {cap, 1 + round % 3, 4, 0.3, 1, cap ? 2 : 0, cap});
    const Puzzle p = parse_puzzle(rp.text, "square");
    INFO(rp.text);
    Board b(p, n, n);
    if (const auto ref = test::brute_force(p, n, n, b.grid(), 500)) {
      ++tested;
      compare(p, b, *ref, 1);
    }
  }
}

TEST_CASE("the region test: word-parallel and cell-by-cell agree", "[stenen][differential]") {
  std::mt19937 rng(11);
  for (int round = 0; round < 20; ++round) {
    const bool cap = round % 2 == 1;
    const auto rp = test::random_puzzle(rng, 4, 6, {cap, 2, 5, 0.3, 2, cap ? 2 : 0, cap});
    const Puzzle p = parse_puzzle(rp.text, "regions");
    Board b(p, 4, 6);
    ModelOptions mo{Method::smart, Counting::identical};
    mo.twins = round % 4 < 2 ? Twins::ordered : Twins::multiplicity;
    const Model model(b, mo);
    const Pruner fast(model, true), generic(model, true, true);
    std::uint64_t calls = 0, agree = 0;
    solve::CoverOptions o = model.cover_options();
    o.limits.max_nodes = 20000;  // enough to meet every kind of region
    o.prune = nullptr;
    // The engine's covered items too: read as words when the layout allows, else the same
    // pass over the options chosen.
    o.prune_position = [&](const solve::CoverPosition& at) {
      const bool a = fast(at.chosen), w = fast(at), g = generic(at.chosen);
      ++calls;
      agree += a == g && w == g;
      return a;
    };
    solve::count(model.problem(), o);
    CHECK(agree == calls);
    CHECK(calls > 0);
  }
}

TEST_CASE("the region test reads the engine's covered items as the options chosen",
          "[stenen][differential]") {
  // Empty boards, one copy of each piece: the words path. Both engines: the bitset engine hands
  // over its masks, dancing links has libsolve build them from the options chosen.
  std::mt19937 rng(12);
  int read_words = 0, lone = 0, breaker_first = 0;
  // Every third round is a cap_puzzle one: the sanitizer legs' three rounds meet both kinds.
  // Every fourth a symmetric count with the fast method: the breaker's item comes first, the
  // cells after it (another layout of the words).
  for (int round = 0; round < test_scale::rounds(12); ++round) {
    const bool cap = round % 3 == 2;
    const auto rp = test::random_puzzle(rng, 4, 5, {cap, 2, 5, 0.0, 1, cap ? 2 : 0, cap});
    const Puzzle p = parse_puzzle(rp.text, "square");
    INFO(rp.text);
    Board b(p, 4, 5);
    ModelOptions mo{round % 2 ? Method::smart : Method::fast, Counting::labelled};
    mo.symmetric = round % 4 == 0;
    const Model model(b, mo);
    const Pruner fast(model, true);
    read_words += fast.reads_words();
    breaker_first += model.breaker_first() && fast.reads_words();
    lone += fast.lone_test();
    for (const auto engine : {solve::CoverEngine::bitset, solve::CoverEngine::dlx}) {
      std::uint64_t calls = 0, agree = 0;
      solve::CoverOptions o = model.cover_options();
      o.prune = nullptr;
      o.engine = engine;
      o.prune_position = [&](const solve::CoverPosition& at) {
        const bool w = fast(at), a = fast(at.chosen);
        ++calls;
        agree += w == a;
        return a;
      };
      solve::count(model.problem(), o);
      CHECK(agree == calls);
    }
  }
  CHECK(read_words > 0);
  CHECK(breaker_first > 0);
  CHECK(lone > 0);  // the lone-cell shortcut met too (Leiden puzzles: no cell to spare)
}

TEST_CASE("stenen3 5x8 against brute force", "[stenen][differential]") {
  const Puzzle p = read_puzzle(std::string(SOLVE_PUZZLES_DIR) + "/stenen/stenen3.in");
  Board b(p, 5, 8);
  const auto ref = *test::brute_force(p, 5, 8, b.grid());
  CHECK(ref.labelled() == 96);
  CHECK(count_solutions(b, {Method::fast, Counting::identical, 1, {}}).solutions ==
        ref.identical());
  CHECK(count_solutions(b, {Method::fast, Counting::unique, 1, {}}).solutions ==
        ref.unique(5, 8, true));
  // The X has placements on the board's middle row: the fast method restricts a second piece
  // there (Model::second), and still counts and lists as the brute force does.
  ModelOptions mo{Method::fast, Counting::labelled};
  mo.symmetric = true;
  CHECK(Model(b, mo).second() >= 0);
  mo.method = Method::smart;
  CHECK(Model(b, mo).second() < 0);
  for (const int threads : {1, 2})
    CHECK(count_solutions(b, {Method::fast, Counting::labelled, threads, {}}).solutions ==
          ref.labelled());
  std::set<std::vector<int>> orbits;
  std::size_t listed = 0;
  list_solutions(b, {Method::fast, Counting::unique, 1, {}}, [&](const std::vector<int>& grid) {
    ++listed;
    CHECK(ref.boards.count(grid) == 1);
    std::vector<int> least;
    for (const BoardSymmetry& g : board_symmetries(5, 8)) {
      const auto key = test::canonical(p, transformed(grid, g.image), true);
      if (least.empty() || key < least) least = key;
    }
    orbits.insert(least);
  });
  CHECK(listed == ref.unique(5, 8, true));
  CHECK(orbits.size() == listed);
}
