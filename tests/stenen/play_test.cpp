// play's texts: the stones drawn (side by side within the width, one under another when it is
// narrow), a stone's orientations under the numbers a move uses, the solved message, help.
#include <sstream>

#include <catch2/catch.hpp>

#include "board.hpp"
#include "play.hpp"
#include "print.hpp"

using namespace stenen;

namespace {

Puzzle load(const char* name) { return read_puzzle(std::string(SOLVE_PUZZLES_DIR) + "/" + name); }

/// What a session prints for these command lines, one after the other.
std::string session_output(Board& board, const std::vector<std::string>& lines,
                           Screen screen = {}) {
  std::ostringstream out;
  const RunOptions options;  // (the session keeps a reference)
  PlaySession session(board, options, out, std::move(screen));
  for (const std::string& line : lines) session.handle(line);
  return out.str();
}

}  // namespace

TEST_CASE("side_by_side: as many blocks to a row as fit, no trailing blanks", "[stenen][play]") {
  const std::vector<std::vector<std::string>> blocks{{"a", "1 1"}, {"bbbb", "2", "2"}, {"c", "3"}};
  // 3 + 3 + 4 + 3 + 1 = 14 columns: all in one row from width 14 on.
  CHECK(side_by_side(blocks, 14) ==
        "a     bbbb   c\n"
        "1 1   2      3\n"
        "      2\n");
  CHECK(side_by_side(blocks, 13) ==
        "a     bbbb\n"
        "1 1   2\n"
        "      2\n"
        "\n"
        "c\n"
        "3\n");
  // Narrower than any block: one under another (a block is never cut).
  CHECK(side_by_side(blocks, 2) == "a\n1 1\n\nbbbb\n2\n2\n\nc\n3\n");
  CHECK(side_by_side({}, 80).empty());
}

TEST_CASE("stone pictures: as the board shows the stone", "[stenen][play]") {
  const Puzzle p = load("stenen/stenen1.in");
  // Stone 1 is X.. / XXX in the file; orientation 1 is it turned a quarter clockwise.
  CHECK(stone_picture(p, p.stones[0], 0, "stone 1") ==
        std::vector<std::string>{"stone 1", "1 . .", "1 1 1"});
  CHECK(stone_picture(p, p.stones[0], 1, "1") ==
        std::vector<std::string>{"1", "1 1", "1 .", "1 ."});
  // cap_puzzle pieces by letter, without blanks, as on its board.
  const Puzzle cap = load("cap_puzzle/puzzle.cfg");
  const Stone& w = *cap.find("W");
  CHECK(stone_picture(cap, w, 0, "stone W") ==
        std::vector<std::string>{"stone W", "..W", ".WW", "WW."});
  // More than nine stones: numbers right-aligned in two columns, as on the board.
  std::string text = "10\n";
  for (int i = 0; i < 10; ++i) text += "1 2\nXX\n";
  const Puzzle ten = parse_puzzle(text, "ten.in");
  CHECK(stone_picture(ten, ten.stones[9], 1, "") == std::vector<std::string>{"", "10", "10"});
  CHECK(stone_picture(ten, ten.stones[0], 0, "") == std::vector<std::string>{"", " 1  1"});
  // A stone too big to draw is described.
  const Puzzle bar =
      parse_puzzle("1\n1 41\n" + std::string(41, 'X') + "\n", "bar.in", Limits{false});
  CHECK(stone_picture(bar, bar.stones[0], 0, "stone 1") ==
        std::vector<std::string>{"stone 1", "(1x41 box,", "41 cells:", "too big to draw)"});
}

TEST_CASE("stones: the stones left, drawn within the width", "[stenen][play]") {
  const Puzzle p = load("stenen/stenen1.in");
  Board b(p, 4, 5);
  const std::string all =
      "stones left: 1 2 3 4 5\n"
      "stone 1   stone 2   stone 3   stone 4   stone 5\n"
      "1 . .     2 2       3 .       4 4 4 4   5 5 5 5\n"
      "1 1 1     . 2       3 3\n"
      "          . 2       . 3\n";
  CHECK(stones_text(b, 80) == all);
  CHECK(session_output(b, {"stones"}) == all);  // 80 columns by default
  // A narrow terminal: fewer to a row.
  CHECK(session_output(b, {"stones"}, Screen{[] { return 20; }, {}}) ==
        "stones left: 1 2 3 4 5\n"
        "stone 1   stone 2\n"
        "1 . .     2 2\n"
        "1 1 1     . 2\n"
        "          . 2\n"
        "\n"
        "stone 3   stone 4\n"
        "3 .       4 4 4 4\n"
        "3 3\n"
        ". 3\n"
        "\n"
        "stone 5\n"
        "5 5 5 5\n");
  REQUIRE_FALSE(b.place({0, 0, 4, 1}));
  REQUIRE_FALSE(b.place({0, 3, 1, 3}));
  CHECK(stones_text(b, 80) ==
        "stones left: 2 3 5\n"
        "stone 2   stone 3   stone 5\n"
        "2 2       3 .       5 5 5 5\n"
        ". 2       3 3\n"
        ". 2       . 3\n");
  for (const Move& m : parse_moves("(0,1,2,3) (1,1,3,1) (3,1,5,0)", p)) REQUIRE_FALSE(b.place(m));
  CHECK(stones_text(b, 80) == "stones left: none\n");
}

TEST_CASE("stones S: the orientations under the numbers a move uses", "[stenen][play]") {
  const Puzzle p = load("stenen/stenen1.in");
  Board b(p, 4, 5);
  // Stone 1 has eight different orientations.
  const std::string one = session_output(b, {"stones 1"});
  CHECK(one ==
        "stone 1 (4 cells) in its 8 different orientations, under their orient numbers;\n"
        "the move (row,col,1,orient) puts the top-left of the box drawn at (row,col)\n"
        "0       1     2       3     4       5     6       7\n"
        "1 . .   1 1   1 1 1   . 1   1 1 1   1 1   . . 1   1 .\n"
        "1 1 1   1 .   . . 1   . 1   1 . .   . 1   1 1 1   1 .\n"
        "        1 .           1 1           . 1           1 1\n");
  // Each picture is what the move with that orientation lays: place stone 1 in each
  // orientation at (0,0) and compare the board's corner with the picture.
  for (int o = 0; o < num_orientations; ++o) {
    Board t(p, 4, 5);
    REQUIRE_FALSE(t.place({0, 0, 1, o}));
    const std::vector<std::string> pic = stone_picture(p, p.stones[0], o, "");
    const std::string board = board_text(p, 5, t.grid());
    for (std::size_t row = 1; row < pic.size(); ++row) {
      const std::string line = board.substr((row - 1) * 10, pic[row].size());
      CHECK(line == pic[row]);
    }
  }
  // An I stone has two: each listed with every number that gives it. "orientations" is the
  // same command; a stone on the board says where it lies.
  REQUIRE_FALSE(b.place({0, 0, 4, 1}));
  CHECK(session_output(b, {"orientations 4"}) ==
        "stone 4 (4 cells) in its 2 different orientations, under their orient numbers;\n"
        "the move (row,col,4,orient) puts the top-left of the box drawn at (row,col)\n"
        "0,2,4,6   1,3,5,7\n"
        "4 4 4 4   4\n"
        "          4\n"
        "          4\n"
        "          4\n"
        "stone 4 is on the board: (0,0,4,1)\n");
  CHECK(session_output(b, {"stones 7 x"}) ==
        "no stone '7': the stones are 1 2 3 4 5\n"
        "no stone 'x': the stones are 1 2 3 4 5\n");
  CHECK(session_output(b, {"orientations"}) ==
        "orientations of which stone? e.g. orientations 1\n");
  // cap_puzzle pieces by letter.
  const Puzzle cap = load("cap_puzzle/puzzle.cfg");
  Board c(cap, 8, 8);
  CHECK_THAT(
      session_output(c, {"stones X"}),
      Catch::StartsWith("stone X (5 cells) in its only orientation, under its orient numbers;\n") &&
          Catch::EndsWith("0,1,2,3,4,5,6,7\n.X.\nXXX\n.X.\n"));
}

TEST_CASE("play says when the board is solved", "[stenen][play]") {
  const Puzzle p = load("stenen/stenen1.in");
  Board b(p, 4, 5);
  const std::string solved =
      "solved: all 5 stones are on the board\n"
      "moves: (0,3,1,3) (0,0,4,1) (0,1,2,3) (1,1,3,1) (3,1,5,0)\n"
      "undo takes back the last stone to look for another way; quit leaves\n";
  const std::string before = session_output(b, {"(0,3,1,3)", "(0,0,4,1)", "(0,1,2,3) (1,1,3,1)"});
  CHECK_THAT(before, !Catch::Contains("solved"));
  CHECK(session_output(b, {"(3,1,5,0)"}) ==
        "4 2 2 2 1\n"
        "4 2 3 3 1\n"
        "4 3 3 1 1\n"
        "4 5 5 5 5\n" +
            solved);
  // Not again for other commands, nor after an undo; again when the cover is completed again.
  CHECK_THAT(session_output(b, {"show", "moves", "undo"}), !Catch::Contains("solved"));
  CHECK_THAT(session_output(b, {"(3,1,5,0)"}), Catch::EndsWith(solved));
  // A cap_puzzle board is solved when every piece is on it, whatever cells stay empty.
  const Puzzle cap = parse_puzzle("[3,1]\n(1,1)[A]\n1\n(1,1)[B]\n1\n", "two.cfg");
  Board c(cap, 1, 3);
  CHECK_THAT(
      session_output(c, {"(0,0,A,0) (0,2,B,0)"}),
      Catch::Contains("solved: all 2 stones are on the board\nmoves: (0,0,A,0) (0,2,B,0)\n"));
  // play() says it at the start too, when --moves solved the board.
  Board done(p, 4, 5);
  for (const Move& m : parse_moves("(0,3,1,3) (0,0,4,1) (0,1,2,3) (1,1,3,1) (3,1,5,0)", p))
    REQUIRE_FALSE(done.place(m));
  std::istringstream in("quit\n");
  std::ostringstream out;
  PlayInput piped;
  piped.echo = true;
  const RunOptions options;
  CHECK(play(done, options, in, out, piped) == 0);
  CHECK_THAT(out.str(), Catch::Contains("4 5 5 5 5\n" + solved + "> quit\n"));
}

TEST_CASE("help: one line per command, and each command works", "[stenen][play]") {
  const Puzzle p = load("stenen/stenen1.in");
  Board b(p, 4, 5);
  const std::string help = session_output(b, {"help"});
  for (const char* command : {"(row,col,stone,orient)", "place", "undo", "show", "moves", "stones",
                              "stones S, orientations S", "solve", "count", "help", "quit"}) {
    INFO(command);
    CHECK_THAT(help, Catch::Contains(std::string("\n  ") + command + " "));
  }
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) CHECK(line.size() <= 80);
  // No command of the list is unknown.
  for (const char* line : {"place (0,0,4,1)", "undo", "show", "moves", "stones", "stones 2",
                           "orientations 2", "solve", "count", "help"})
    CHECK_THAT(session_output(b, {line}), !Catch::Contains("unknown command"));
}

TEST_CASE("the progress line is erased after each search", "[stenen][play]") {
  const Puzzle p = load("stenen/stenen1.in");
  Board b(p, 4, 5);
  int erased = 0;
  session_output(b, {"solve", "count", "show", "stones"}, Screen{{}, [&] { ++erased; }});
  CHECK(erased == 2);
}
