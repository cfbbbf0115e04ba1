// Both file formats: the shipped inputs parse, malformed ones are rejected with FILE:LINE and
// a message saying what is wrong.
#include <catch2/catch.hpp>

#include <solve/error.hpp>
#include "puzzle.hpp"

using namespace stenen;

namespace {

std::string puzzles(const std::string& name) { return std::string(SOLVE_PUZZLES_DIR) + "/" + name; }
std::string bad(const std::string& name) {
  return std::string(SOLVE_TESTDATA_DIR) + "/stenen/bad/" + name;
}

/// The message for a file read and checked against its own board (cap_puzzle) or 4x4.
std::string rejection(const std::string& path) {
  try {
    const Puzzle p = read_puzzle(path);
    check_board(p, p.rows ? p.rows : 4, p.cols ? p.cols : 4);
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("the shipped puzzles parse", "[stenen][parse]") {
  const Puzzle s2 = read_puzzle(puzzles("stenen/stenen2.in"));
  CHECK(s2.format == Format::leiden);
  CHECK(s2.stones.size() == 12);
  CHECK(s2.area() == 60);
  const Puzzle s3 = read_puzzle(puzzles("stenen/stenen3.in"));
  CHECK(s3.area() == 40);
  const Puzzle cap = read_puzzle(puzzles("cap_puzzle/puzzle.cfg"));
  CHECK(cap.format == Format::cap_puzzle);
  CHECK((cap.rows == 8 && cap.cols == 8));
  CHECK(cap.stones.size() == 11);
  CHECK(cap.area() == 64);
  CHECK(cap.stones[2].name() == "R");
  CHECK(cap.find("W") == &cap.stones[10]);
  // (x,y) is columns, rows: piece A of puzzle.cfg is (4,2).
  CHECK((cap.stones[0].orientation[0].rows == 2 && cap.stones[0].orientation[0].cols == 4));
  const Puzzle fixed = read_puzzle(puzzles("cap_puzzle/aaguilerav_puzzle_solver_fixed.cfg"));
  CHECK((fixed.rows == 6 && fixed.cols == 10 && fixed.area() == 59));
  for (const char* name : {"grand.cfg", "moyen.cfg", "moyen-plus.cfg", "test.cfg", "test2.cfg"})
    CHECK_NOTHROW(read_puzzle(puzzles(std::string("cap_puzzle/") + name)));
}

TEST_CASE("CRLF line ends and blank lines are accepted", "[stenen][parse]") {
  const Puzzle p = parse_puzzle("2\r\n1 2\r\nXX\r\n\r\n2 1\r\nX\r\nX\r\n", "crlf.in");
  CHECK(p.stones.size() == 2);
  const Puzzle c = parse_puzzle("[2,2]\r\n\r\n(2,1)[A]\r\n1 1\r\n", "crlf.cfg");
  CHECK(c.stones.size() == 1);
}

TEST_CASE("a byte order mark is skipped, letters are printable and not digits", "[stenen][parse]") {
  // read_puzzle reads through cli::read_text_file, which drops the mark
  CHECK(read_puzzle(SOLVE_TESTDATA_DIR "/stenen/bom.in").stones.size() == 1);
  CHECK(read_puzzle(SOLVE_TESTDATA_DIR "/stenen/bom.cfg").stones[0].name() == "#");
  for (const char* letter : {"1", "-", ",", "(", "\x01", "\x7f"})
    CHECK_THROWS_WITH(
        parse_puzzle(std::string("[2,1]\n(2,1)[") + letter + "]\n1 1\n", "letter.cfg"),
        Catch::StartsWith("letter.cfg:2:7: expected the piece's letter"));
}

TEST_CASE("malformed inputs are rejected with FILE:LINE and a reason", "[stenen][parse]") {
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"zero_stones.in", 1, "the number of stones is 0, must be 1..20"},
      {"too_many_stones.in", 1, "the number of stones is 21, must be 1..20"},
      {"stone_too_tall.in", 2, "the number of rows of stone 1 is 6, must be 1..5"},
      {"bad_character.in", 3, "'O' is neither 'X' nor '.'"},
      {"short_row.in", 3, "row 1 of stone 1 has 2 characters, expected 3"},
      {"empty_border_row.in", 3, "stone 1 has an empty last row"},
      {"disconnected.in", 3, "stone 1 is not connected"},
      {"empty_middle_column.in", 3, "stone 1 is not connected"},
      {"truncated.in", 3, "unexpected end of file: expected the number of rows of stone 2"},
      {"trailing_text.in", 4, "unexpected 'XX' after the last of the 1 stones"},
      {"not_a_number.in", 2, "expected the number of columns of stone 1, found 'x'"},
      {"not_a_puzzle.in", 1, "not a puzzle"},
      {"five_rows_declared_four.cfg", 8,
       "piece A is declared (1,4): 4 rows, but one more row follows"},
      {"bad_board_header.cfg", 1, "expected ',' between the board's columns and rows"},
      {"bad_digit.cfg", 4, "piece A row 1: only digits 0 and 1 allowed"},
      {"short_piece_row.cfg", 4, "piece A row 1 has 2 digits, expected 3"},
      {"duplicate_letter.cfg", 6, "piece A: letter used by an earlier piece"},
      {"missing_rows.cfg", 5, "unexpected end of file: expected piece A row 3"},
      {"bad_piece_header.cfg", 3, "expected '[' before the piece's letter"},
      {"no_pieces.cfg", 1, "no pieces after the board size"},
      {"empty_piece.cfg", 3, "piece A covers no cell"},
  };
  for (const auto& [file, line, what] : cases) {
    INFO(file);
    const std::string message = rejection(bad(file));
    CHECK_THAT(message, Catch::StartsWith(bad(file) + ":" + std::to_string(line) + ":"));
    CHECK_THAT(message, Catch::Contains(what));
  }
  // A whole-file fact has no line: too many cells for the board.
  CHECK_THAT(rejection(bad("pieces_too_big.cfg")),
             Catch::Contains("the pieces cover 5 cells, more than the 4"));
}

TEST_CASE("limits can be lifted", "[stenen][parse]") {
  CHECK_NOTHROW(read_puzzle(bad("stone_too_tall.in"), Limits{false}));
  // Past the bound, the file is read on (and here found truncated).
  CHECK_THROWS_WITH(read_puzzle(bad("too_many_stones.in"), Limits{false}),
                    Catch::Contains("unexpected end of file"));
}

TEST_CASE("the board must suit the stones", "[stenen][parse]") {
  const Puzzle p = read_puzzle(puzzles("stenen/stenen1.in"));
  CHECK_NOTHROW(check_board(p, 4, 5));
  CHECK_NOTHROW(check_board(p, 2, 10));
  CHECK_THROWS_WITH(check_board(p, 4, 6),
                    Catch::Contains("the stones cover 20 cells, the board 4x6 has 24"));
  CHECK_THROWS_WITH(check_board(p, 1, 20), Catch::Contains("each side must be 2..20"));
  const Puzzle big = parse_puzzle("1\n1 1\nX\n", "one.in", Limits{false});
  CHECK_THROWS_WITH(check_board(big, 21, 1), Catch::Contains("each side must be 2..20"));
}
