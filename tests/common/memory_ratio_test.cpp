// Peak memory against the size of the input, for the readers of every front-end (issue 22):
// valid inputs of 10-100 MB (and the largest each format takes), inputs refused late (read
// whole, then a bad line) and early (larger than the format's limit: refused before a byte is
// read). Each case bounds the peak over memory_bound_kb's base per byte of input; the bounds
// are the figures measured in a Release build with some room, and below what the code of
// before issue 22 took where it matters (xcover). Cases of more than a few seconds carry the
// tag [slow] (CTest: front_end_memory_slow, label slow).
#include <string>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "front_end_checks.hpp"
#include "program.hpp"

namespace {

constexpr std::uint64_t megabytes = 1'000'000;

/// The 729 options of an empty sudoku: 4 items of 3-4 characters each.
std::string sudoku_options() {
  std::string text;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      for (int v = 1; v <= 9; ++v)
        text += fmt::format("p{}{} r{}v{} c{}v{} b{}v{}\n", r, c, r, v, c, v, r / 3 * 3 + c / 3, v);
  return text;
}

std::string sudoku_items() {
  std::string line;
  for (int a = 0; a < 9; ++a)
    for (int b = 0; b < 9; ++b) line += fmt::format("p{}{} ", a, b);
  for (const char* kind : {"r", "c", "b"})
    for (int a = 0; a < 9; ++a)
      for (int v = 1; v <= 9; ++v) line += fmt::format("{}{}v{} ", kind, a, v);
  line.back() = '\n';
  return line;
}

}  // namespace

TEST_CASE("xcover: peak memory per byte of the problem", "[memory][xcover]") {
  const std::string bin = XCOVER_BIN;
  // The worst case, one-letter names: 6 bytes of text an option of three items. 14 times the
  // text at 100 MB (docs/exact-cover.md, Memory); 201 MB at 10 MB before issue 22, 155 now.
  const std::string abc = test::scratch_big_file("abc10.dlx", "a b c\n", "a b c\n", 10 * megabytes);
  test::check_memory_ratio(bin, {{"--count", abc}, abc, 0, 12});
  // Names of three or four characters (an empty sudoku's options, each many times): 130 MB for
  // 20 MB (204 before issue 22), the plan's engine built.
  const std::string sudoku =
      test::scratch_big_file("sudoku20.dlx", sudoku_items(), sudoku_options(), 20 * megabytes);
  test::check_memory_ratio(bin, {{"--count", "--max-nodes", "1", sudoku}, sudoku, 3, 5});
  // Refused at line 2: the text read (256 MiB at most), nothing more.
  const std::string early =
      test::scratch_big_file("bad-early.dlx", "a b c\nz\n", "a b c\n", 100 * megabytes);
  CHECK(test::check_memory_ratio(bin, {{early}, early, 2, 1.2})
            .err.ends_with("bad-early.dlx:2: unknown item 'z'\n"));
  // Refused at the last line: the text and the problem read so far (312 MB for 50 MB before).
  const std::string late =
      test::scratch_big_file("bad-late.dlx", "a b c\n", "a b c\n", 50 * megabytes, "z\n");
  test::check_memory_ratio(bin, {{late}, late, 2, 4});
  // Larger than a problem may be: refused before it is read.
  const std::string huge = test::scratch_sparse_file("huge.dlx", 300 * megabytes);
  CHECK(test::check_memory_ratio(bin, {{huge}, huge, 2, 0})
            .err.ends_with("more than 256 MiB: too large for an exact-cover problem\n"));
}

TEST_CASE("xcover: 100 MB of one-letter names, 14 times the text", "[memory][xcover][slow]") {
  // 16.7 M options: 1874 MB before issue 22 (18 bytes per byte over the base), 1386 MB now.
  const std::string abc =
      test::scratch_big_file("abc100.dlx", "a b c\n", "a b c\n", 100 * megabytes);
  test::check_memory_ratio(XCOVER_BIN, {{"--count", abc}, abc, 0, 15, 120});
}

TEST_CASE("stenen: peak memory per byte of the puzzle", "[memory][stenen]") {
  const std::string bin = STENEN_BIN;
  // Larger than a puzzle may be (4 MiB): refused before it is read.
  const std::string huge = test::scratch_sparse_file("huge.in", 100 * megabytes);
  CHECK(test::check_memory_ratio(bin, {{"count", huge, "4", "4"}, huge, 2, 0})
            .err.ends_with("more than 4 MiB: too large for a stenen puzzle\n"));
  // Four comb-shaped stones in 1000x1000 boxes (4 MB): the fourth passes the million cells of
  // the largest board and is refused as it is read; the first three are read with their
  // orientations (58 MB).
  std::string comb = "1000 1000\n";
  for (int r = 0; r < 1000; ++r) {
    std::string row(1000, r == 999 ? 'X' : '.');
    for (int c = 0; c < 1000; c += 4) row[std::size_t(c)] = 'X';
    comb += row + "\n";
  }
  const std::string combs = test::scratch_big_file("combs.in", "4\n", comb, 4 * comb.size() + 2);
  test::check_memory_ratio(bin, {{"count", combs, "1000", "1000", "--no-limits"}, combs, 2, 16});
  // A model at the cap (4 million placement cells, puzzle.hpp): a 1000x999 piece on 1000x1000,
  // 234 MB for its 1 MB (docs/stenen.md: about 80 bytes a placement cell).
  std::string piece = "[1000,1000]\n(1000,999)[A]\n";
  for (int r = 0; r < 999; ++r) piece += std::string(1000, '1') + "\n";
  const std::string cap = test::scratch_file("near-board.cfg", piece);
  test::check_memory_ratio(bin, {{"count", cap, "--no-limits"}, cap, 0, 300});
}

TEST_CASE("futoshiki: peak memory per byte of the puzzle", "[memory][futoshiki]") {
  const std::string bin = FUTOSHIKI_BIN;
  const std::string huge = test::scratch_sparse_file("huge.txt", 100 * megabytes);
  CHECK(test::check_memory_ratio(bin, {{huge}, huge, 2, 0})
            .err.ends_with("more than 1 MiB: too large for a futoshiki puzzle\n"));
  const auto zeros = [](int n) {
    std::string row = "0";
    for (int c = 1; c < n; ++c) row += " 0";
    return row + "\n";
  };
  // 1 MB read whole, refused at its first line (N = 500).
  const std::string wide = test::scratch_big_file("wide.txt", "", zeros(500), megabytes);
  CHECK(test::check_memory_ratio(bin, {{wide}, wide, 2, 2})
            .err.ends_with(
                "wide.txt:1:1: the first row has 500 entries, so N = 500; N must be 2 to 128\n"));
  // The largest puzzle, N = 128 (the model built, one node searched): 18 MB for 98 KB.
  std::string blank;
  for (int r = 0; r < 128; ++r) blank += zeros(128);
  blank += "\n";
  for (int r = 0; r < 128; ++r) blank += zeros(127);
  blank += "\n";
  for (int r = 0; r < 127; ++r) blank += zeros(128);
  const std::string largest = test::scratch_file("blank128.txt", blank);
  test::check_memory_ratio(bin, {{"--max-nodes", "1", largest}, largest, 3, 200});
}

TEST_CASE("carcassonne: peak memory per byte of the tile set and puzzle", "[memory][carcassonne]") {
  const std::string bin = CARCASSONNE_BIN;
  const std::string huge = test::scratch_sparse_file("huge.xml", 100 * megabytes);
  CHECK(test::check_memory_ratio(bin, {{"square", huge}, huge, 2, 0})
            .err.ends_with("more than 16 MiB: too large for a carcassonne tile set\n"));
  CHECK(test::check_memory_ratio(bin, {{huge}, huge, 2, 0})
            .err.ends_with("more than 1 MiB: too large for a carcassonne puzzle\n"));
  const std::string tile =
      "  <tile left=\"field\" right=\"road\" top=\"road\" bottom=\"road\" />\n";
  // 140 000 tiles (9 MB): parsed whole, refused at the 50 001st (53 MB).
  const std::string many = test::scratch_big_file("many.xml", "<?xml version=\"1.0\"?>\n<tiles>\n",
                                                  tile, 140'000 * tile.size(), "</tiles>\n");
  test::check_memory_ratio(bin, {{"square", many}, many, 2, 6});
  // The most tiles a set may have, 50 000, padded to 10 MB: the square's model, one second of
  // search (36 MB).
  const std::string padded = tile.substr(0, tile.size() - 1) + std::string(140, ' ') + "\n";
  const std::string most = test::scratch_big_file("most.xml", "<?xml version=\"1.0\"?>\n<tiles>\n",
                                                  padded, 50'000 * padded.size(), "</tiles>\n");
  test::check_memory_ratio(bin, {{"square", "--timeout", "1", most}, most, 3, 6});
}
