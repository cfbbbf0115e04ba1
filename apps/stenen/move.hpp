#pragma once
// The statement's move notation: (row,col,stone,orient), with (row,col) the top-left cell of
// the bounding box of the stone as it lies on the board. For cap_puzzle pieces the stone may
// also be given by its letter: (0,0,A,0).
#include <string>
#include <string_view>
#include <vector>

namespace stenen {

struct Puzzle;

struct Move {
  int row = 0;
  int col = 0;
  int stone = 0;   ///< stone number (1, 2, ...)
  int orient = 0;  ///< 0..7, see shape.hpp
  friend bool operator==(const Move&, const Move&) = default;
};

/// "(0,3,1,3)"; with a puzzle, cap_puzzle pieces are shown by letter: "(0,3,A,3)".
std::string to_string(const Move& m, const Puzzle* puzzle = nullptr);

/// Moves separated by blanks (or commas between the parentheses). Numbers may be negative (an
/// off-board move gets its reason later, from the board). Throws solve::InputError
/// "SOURCE:1:COL: ..." on a syntax error or an unknown stone letter.
std::vector<Move> parse_moves(std::string_view text, const Puzzle& puzzle,
                              std::string_view source = "moves");

}  // namespace stenen
