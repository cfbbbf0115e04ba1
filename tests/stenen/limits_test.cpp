// Hostile sizes (issue 7 item 8): even with --no-limits, input is refused early with a clear
// message, before memory or time grows with it, and the checks on a stone are linear.
#include <array>
#include <atomic>
#include <chrono>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <solve/error.hpp>
#include "model.hpp"
#include "puzzle.hpp"
#include "solver.hpp"

using namespace stenen;

namespace {

const Limits none{false};

/// A Leiden file of `count` stones, each a full rows x cols block.
std::string blocks(int count, int rows, int cols) {
  std::string text = fmt::format("{}\n", count);
  for (int i = 0; i < count; ++i) {
    text += fmt::format("{} {}\n", rows, cols);
    for (int r = 0; r < rows; ++r) text += std::string(std::size_t(cols), 'X') + "\n";
  }
  return text;
}

/// A cap_puzzle file: one piece filling an n x n board but for its top-left cell (four
/// orientations, one placement each, and a one-cell hole stone).
std::string square_but_corner(int n) {
  std::string text = fmt::format("[{},{}]\n({},{})[A]\n", n, n, n, n);
  for (int r = 0; r < n; ++r)
    text += (r == 0 ? "0" : "1") + std::string(std::size_t(n - 1), '1') + "\n";
  return text;
}

}  // namespace

TEST_CASE("a model too big to search is refused before it is built", "[stenen][limits]") {
  // 1 MB: a thousand 1x1000 bars on a 1000x1000 board once built a model of 2*10^9 cells and
  // died of bad_alloc at 4 GB.
  const Puzzle bars = parse_puzzle(blocks(1000, 1, 1000), "bars.in", none);
  CHECK(placement_cells(bars, 1000, 1000) == 2'000'000'000u);
  CHECK_THROWS_WITH(check_board(bars, 1000, 1000, none),
                    Catch::Contains("bars.in: too big to search on the board 1000x1000") &&
                        Catch::Contains("stenen stops at 4000000"));
  // The statement's own instances are far below the cap.
  const Puzzle pent = read_puzzle(std::string(SOLVE_PUZZLES_DIR) + "/stenen/stenen2.in");
  const Board b(pent, 6, 10);
  CHECK(placement_cells(pent, 6, 10) == Model(b, {}).placement_cells());
  CHECK(placement_cells(pent, 6, 10) < max_placement_cells / 100);
  // A cap_puzzle board with a few cells left empty counts its one-cell holes as well.
  const Puzzle cap = parse_puzzle("[3,2]\n(2,2)[A]\n1 1\n1 1\n", "holes.cfg");
  CHECK(placement_cells(cap, 2, 3) == 2 * 4 + 2 * 6);
}

TEST_CASE("stones past the largest board are refused as they are read", "[stenen][limits]") {
  // 20 MB of 1000x1000 stones were all turned into their 8 orientations (1.3 GB) before the
  // area check; now the second stone is refused.
  CHECK_THROWS_WITH(
      parse_puzzle(blocks(3, 1000, 1000), "huge.in", none),
      Catch::StartsWith("huge.in:1003: stone 2: the stones cover 2000000 cells, more than the "
                        "largest board (1000x1000) has"));
  // A cap_puzzle piece larger than its board is refused at that piece.
  std::string cfg = "[2,2]\n\n(1000,1000)[A]\n";
  for (int r = 0; r < 1000; ++r) cfg += std::string(1000, '1') + "\n";
  CHECK_THROWS_WITH(
      parse_puzzle(cfg, "huge.cfg", none),
      Catch::StartsWith("huge.cfg:3: piece A: the pieces cover 1000000 cells, more than the 4"));
  CHECK_THROWS_WITH(
      parse_puzzle("[1001,2]\n(1,1)[A]\n1\n", "wide.cfg", none),
      Catch::StartsWith("wide.cfg:1:2: the board's number of columns is 1001, at most 1000"));
  CHECK_THROWS_WITH(parse_puzzle("[2,2]\n(1001,1)[A]\n1\n", "box.cfg", none),
                    Catch::Contains("each side must be 1..1000"));
}

TEST_CASE("a stone of a million cells is read in linear time", "[stenen][limits]") {
  // The connectivity test compared every pair of cells: 10 s for a 300x300 stone, days for
  // this one.
  const Puzzle p = parse_puzzle(blocks(1, 1000, 1000), "block.in", none);
  CHECK(p.stones[0].size() == 1'000'000);
  CHECK(p.stones[0].parts == std::vector<int>{1'000'000});
  CHECK(p.stones[0].same_as == std::array<int, 8>{});  // every orientation is the block itself
  // A comb of 500 teeth, whose bounding box is full of gaps, is still one part.
  std::string comb = "1\n1000 999\n";
  for (int r = 0; r < 1000; ++r) {
    std::string row(999, '.');
    for (int c = 0; c < 999; c += 2) row[std::size_t(c)] = 'X';
    if (r == 999) row.assign(999, 'X');
    comb += row + "\n";
  }
  CHECK(parse_puzzle(comb, "comb.in", none).stones[0].parts.size() == 1);
}

TEST_CASE("messages quote at most 40 characters of the input", "[stenen][limits]") {
  const std::string junk(1 << 20, 'q');
  try {
    parse_puzzle("1\n1 1\nX\n" + junk + "\n", "junk.in");
    FAIL("accepted");
  } catch (const solve::InputError& e) {
    CHECK(std::string(e.what()) == "junk.in:4:1: unexpected '" + std::string(40, 'q') +
                                       "'... after the last of the 1 stones");
  }
  CHECK_THROWS_WITH(parse_puzzle(std::string("2\n1 1\nX\n1 1\n\x01\n"), "ctrl.in"),
                    Catch::Contains("row 1 of stone 2: '\\x01' is neither 'X' nor '.'"));
}

TEST_CASE("one stone as big as the board: its model is built in linear time (issue 22 item 8)",
          "[stenen][limits]") {
  // The breaker's search matched each placement's image cell by cell against every cell of
  // the candidate (quadratic): 19 s for this 300x300 piece, 114 s for the input; the
  // images are now matched through marks (0.1 s).
  const Puzzle p = parse_puzzle(square_but_corner(300), "corner.cfg", none);
  const Board b(p, 300, 300);
  const auto t0 = std::chrono::steady_clock::now();
  const CountResult r = count_solutions(b, RunOptions{});
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 8);
  CHECK(r.complete);
  CHECK(r.solutions == 4);  // the piece in its four orientations, the hole at a corner
  CHECK(r.unique == 1u);
}

TEST_CASE("Ctrl-C and the timeout stop the building of a big model (issue 22 item 8)",
          "[stenen][limits]") {
  // The model was built without a look at the cancel flag or the clock: SIGTERM did not end a
  // 1000x1000 count. A raised flag or a timeout now stops it at its next poll, with nothing
  // counted and the result marked incomplete.
  const Puzzle p = parse_puzzle(square_but_corner(300), "corner.cfg", none);
  const Board b(p, 300, 300);
  std::atomic<bool> cancel{true};
  RunOptions o;
  o.cancel = &cancel;
  for (const bool all : {false, true}) {
    const CountResult r =
        all ? list_solutions(b, o, [](const std::vector<int>&) { FAIL("a board was listed"); })
            : count_solutions(b, o);
    CHECK(r.stop == solve::StopReason::cancelled);
    CHECK_FALSE(r.complete);
    CHECK(r.solutions == 0);
    CHECK(r.positions == 0);
  }
  CHECK(find_solution(b, o).stop == solve::StopReason::cancelled);
  RunOptions timed;
  timed.max_seconds = 1e-6;
  const CountResult late = count_solutions(b, timed);
  CHECK(late.stop == solve::StopReason::time_limit);
  CHECK_FALSE(late.complete);
  const SolveResult none_found = find_solution(b, timed);
  CHECK(none_found.stop == solve::StopReason::time_limit);
  CHECK_FALSE(none_found.grid);
}
