#pragma once
// Random small puzzles for differential tests: a random tiling of the board cut into pieces of
// 1-5 cells, each written in a random orientation, in random order, so every puzzle has at
// least one solution. As a cap_puzzle file, a piece or two may be left out (empty cells).
#include <random>
#include <string>

namespace stenen::test {

struct RandomPuzzle {
  std::string text;  ///< the file's contents
  int rows = 0;
  int cols = 0;
};

/// min_piece..max_piece cells per piece (the last pieces grown may be smaller).
RandomPuzzle random_puzzle(std::mt19937& rng, int rows, int cols, bool cap_format, int min_piece = 2,
                           int max_piece = 5);

}  // namespace stenen::test
