#pragma once
// A position: the board with the stones placed so far, in the order they were placed.
// Every move is checked first; an illegal one is refused with its reason and changes nothing.
#include <optional>
#include <string>
#include <vector>

#include "move.hpp"
#include "puzzle.hpp"

namespace stenen {

class Board {
 public:
  /// An empty rows x cols board for the puzzle's stones (check_board first).
  Board(const Puzzle& puzzle, int rows, int cols);

  const Puzzle& puzzle() const { return *puzzle_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  /// The stone number on a cell, 0 when empty.
  int at(int row, int col) const { return grid_[std::size_t(row * cols_ + col)]; }
  /// The whole board row by row (stone numbers, 0 empty).
  const std::vector<int>& grid() const { return grid_; }
  /// The moves made, oldest first.
  const std::vector<Move>& moves() const { return moves_; }
  bool used(int stone) const { return used_[std::size_t(stone)]; }
  /// Cells still empty.
  int empty_cells() const { return empty_; }

  /// Why the move cannot be made (orientation or stone out of range, stone already used, off
  /// the board, overlap), or nullopt when it can.
  std::optional<std::string> why_illegal(const Move& m) const;
  /// Makes the move if legal; otherwise returns the reason and changes nothing.
  std::optional<std::string> place(const Move& m);
  /// Takes back the last move; false when there is none.
  bool undo();

 private:
  void paint(const Move& m, int value);

  const Puzzle* puzzle_;
  int rows_;
  int cols_;
  std::vector<int> grid_;
  std::vector<bool> used_;  // by stone number
  std::vector<Move> moves_;
  int empty_;
};

}  // namespace stenen
