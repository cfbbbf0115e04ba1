#pragma once
// Random small puzzles for differential tests: a random tiling of the board cut into pieces,
// each written in a random orientation, in random order, so every puzzle has at least one
// solution. The kind asks for every shape the readers accept: stones around a hole (a ring or
// a C laid first), and in the cap_puzzle format pieces left out (empty cells), pieces in two or
// more parts (tiles of the tiling merged), and untidy pictures (empty border rows and columns,
// digits without spaces).
#include <random>
#include <string>

namespace stenen::test {

struct RandomPuzzle {
  std::string text;  ///< the file's contents
  int rows = 0;
  int cols = 0;
};

struct PuzzleKind {
  bool cap_format = false;
  int min_piece = 2;  ///< cells per tile (the last tiles grown may be smaller)
  int max_piece = 5;
  /// Chance that a ring or a C (a stone around a hole, 8 or 7 cells) is laid first.
  double ring = 0;
  /// cap_puzzle: up to this many pieces left out, so their cells stay empty.
  int max_dropped = 1;
  /// cap_puzzle: up to this many times two pieces become one piece (in two parts when the
  /// tiles do not touch).
  int max_merges = 0;
  /// cap_puzzle: pictures padded with empty rows and columns, digits sometimes unspaced.
  bool untidy = false;
};

RandomPuzzle random_puzzle(std::mt19937& rng, int rows, int cols, const PuzzleKind& kind);

}  // namespace stenen::test
