#pragma once
// The board a tile-sequence model lives on: a rectangle of cells with a one-cell frame that
// no tile may use, so that a cell's four neighbours are always inside (no wrap tests).
// A variable value encodes cell and turn: value = cell * 4 + turn.
#include <array>

namespace carcassonne {

struct Grid {
  int height = 0;  ///< rows, frame included
  int width = 0;   ///< columns, frame included

  /// Cell index offset of the neighbour on each side (north, east, south, west).
  std::array<int, 4> step() const { return {-width, 1, width, -1}; }
  int cells() const { return height * width; }
  int cell(int row, int col) const { return row * width + col; }
  int row(int cell) const { return cell / width; }
  int col(int cell) const { return cell % width; }
  bool inside(int cell) const {
    const int r = row(cell), c = col(cell);
    return r > 0 && r < height - 1 && c > 0 && c < width - 1;
  }
  static int value(int cell, int turn) { return cell * 4 + turn; }
  static int cell_of(int value) { return value >> 2; }
  static int turn_of(int value) { return value & 3; }
};

}  // namespace carcassonne
