// Moves: notation, legality with reasons, undo; the board printed as the statement does.
#include <catch2/catch.hpp>

#include <solve/error.hpp>
#include "board.hpp"
#include "print.hpp"

using namespace stenen;

namespace {
Puzzle load(const char* name) { return read_puzzle(std::string(SOLVE_PUZZLES_DIR) + "/" + name); }
}  // namespace

TEST_CASE("move notation", "[stenen][move]") {
  const Puzzle p = load("stenen/stenen1.in");
  CHECK(parse_moves("(0,3,1,3) (0, 2, 3, 4),(0,0,4,1)", p) ==
        std::vector<Move>{{0, 3, 1, 3}, {0, 2, 3, 4}, {0, 0, 4, 1}});
  CHECK(parse_moves("  ", p).empty());
  CHECK(parse_moves("(-1,0,1,0)", p) == std::vector<Move>{{-1, 0, 1, 0}});
  CHECK(to_string(Move{0, 3, 1, 3}) == "(0,3,1,3)");
  CHECK_THROWS_WITH(parse_moves("(0,3,1)", p),
                    "moves:1:7: expected ',' in a move (row,col,stone,orient)");
  CHECK_THROWS_WITH(parse_moves("(0,3,A,1)", p), Catch::Contains("expected the stone number"));
  CHECK_THROWS_WITH(parse_moves("0,3,1,3", p), Catch::Contains("expected '('"));
  const Puzzle cap = load("cap_puzzle/puzzle.cfg");
  CHECK(parse_moves("(0,0,W,2)", cap) == std::vector<Move>{{0, 0, 11, 2}});
  CHECK(to_string(Move{0, 0, 11, 2}, &cap) == "(0,0,W,2)");
  CHECK_THROWS_WITH(parse_moves("(0,0,Q,2)", cap), Catch::Contains("no piece 'Q'"));
  // Any letter a piece may have reads back in a move.
  const Puzzle marks = parse_puzzle("[3,1]\n(1,1)[#]\n1\n(2,1)[*]\n1 1\n", "marks.cfg");
  CHECK(parse_moves("(0,0,#,0) (0,1,*,0) (0,0,-1,0)", marks) ==
        std::vector<Move>{{0, 0, 1, 0}, {0, 1, 2, 0}, {0, 0, -1, 0}});
  CHECK(to_string(Move{0, 1, 2, 0}, &marks) == "(0,1,*,0)");
}

TEST_CASE("Figure 4 of the statement", "[stenen][board]") {
  const Puzzle p = load("stenen/stenen1.in");
  Board b(p, 4, 5);
  for (const Move& m : parse_moves("(0,3,1,3) (0,2,3,4) (0,0,4,1)", p)) REQUIRE_FALSE(b.place(m));
  CHECK(board_text(p, 5, b.grid()) ==
        "4 . . 3 1\n"
        "4 . 3 3 1\n"
        "4 . 3 1 1\n"
        "4 . . . .\n");
  CHECK(b.empty_cells() == 8);
  // Figure 5(a): the same with stone 2 for stone 1 (2 is 1 mirrored).
  Board a(p, 4, 5);
  REQUIRE_FALSE(a.place({0, 3, 2, 4}));
  CHECK(a.at(2, 3) == 2);
}

TEST_CASE("illegal moves get a reason and change nothing", "[stenen][board]") {
  const Puzzle p = load("stenen/stenen1.in");
  Board b(p, 4, 5);
  REQUIRE_FALSE(b.place({0, 3, 1, 3}));
  const auto before = b.grid();
  CHECK(*b.place({0, 0, 6, 0}) == "no stone 6: stones are numbered 1..5");
  CHECK(*b.place({0, 0, 0, 0}) == "no stone 0: stones are numbered 1..5");
  CHECK(*b.place({0, 0, 2, 8}) == "orientation 8 out of range: orientations are 0..7");
  CHECK(*b.place({0, 0, 2, -1}) == "orientation -1 out of range: orientations are 0..7");
  CHECK(*b.place({1, 0, 1, 0}) == "stone 1 is already on the board at (0,3,1,3)");
  CHECK_THAT(*b.place({0, 2, 4, 0}),
             Catch::StartsWith("off the board: stone 4 in orientation 0 is 1x4"));
  CHECK_THAT(*b.place({-1, 0, 4, 1}), Catch::StartsWith("off the board"));
  CHECK(*b.place({1, 3, 3, 0}) == "overlap: cell (2,3) is covered by stone 1");
  CHECK(b.grid() == before);
  CHECK(b.moves().size() == 1);
  CHECK(b.undo());
  CHECK(b.empty_cells() == 20);
  CHECK_FALSE(b.undo());
  CHECK_FALSE(b.place({1, 0, 1, 0}));  // stone 1 is free again
}

TEST_CASE("cap_puzzle boards print letters", "[stenen][board]") {
  const Puzzle p = load("cap_puzzle/test.cfg");
  Board b(p, 3, 3);
  REQUIRE_FALSE(b.place({1, 1, 2, 0}));
  CHECK(board_text(p, 3, b.grid()) == "...\n.XX\n.XX\n");
}
