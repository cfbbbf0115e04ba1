// Hostile sizes (issue 7 item 8): even with --no-limits, input is refused early with a clear
// message, before memory or time grows with it, and the checks on a stone are linear.
#include <array>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "model.hpp"
#include "puzzle.hpp"
#include "solve/error.hpp"

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
  CHECK_THROWS_WITH(parse_puzzle(blocks(3, 1000, 1000), "huge.in", none),
                    Catch::StartsWith("huge.in:1003: stone 2: the stones cover 2000000 cells, more than the "
                                      "largest board (1000x1000) has"));
  // A cap_puzzle piece larger than its board is refused at that piece.
  std::string cfg = "[2,2]\n\n(1000,1000)[A]\n";
  for (int r = 0; r < 1000; ++r) cfg += std::string(1000, '1') + "\n";
  CHECK_THROWS_WITH(parse_puzzle(cfg, "huge.cfg", none),
                    Catch::StartsWith("huge.cfg:3: piece A: the pieces cover 1000000 cells, more than the 4"));
  CHECK_THROWS_WITH(parse_puzzle("[1001,2]\n(1,1)[A]\n1\n", "wide.cfg", none),
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
