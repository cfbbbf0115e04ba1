#pragma once
// Stones and their orientations, numbered as the Leiden statement does: 0-3 are the input shape
// turned 0, 90, 180 and 270 degrees clockwise, 4 is the input mirrored in the horizontal axis
// (turned upside down), 5-7 are 4 turned clockwise. Orientations that coincide are tried once.
#include <array>
#include <string>
#include <vector>

namespace stenen {

/// A cell of a grid: row from the top, column from the left (both from 0).
struct Cell {
  int row = 0;
  int col = 0;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

/// A set of cells inside a rows x cols bounding box that it touches on all four sides.
struct Shape {
  int rows = 0;
  int cols = 0;
  std::vector<Cell> cells;  ///< row-major order
  friend bool operator==(const Shape&, const Shape&) = default;

  /// The shape turned a quarter clockwise.
  Shape turned() const;
  /// The shape mirrored in the horizontal axis (upside down).
  Shape mirrored() const;
  /// Rows of '#' and '.', one string per row (for messages and tests).
  std::vector<std::string> picture() const;
};

/// Number of orientations a stone has in the move notation.
inline constexpr int num_orientations = 8;

/// One stone of a puzzle, with its eight orientations.
struct Stone {
  int number = 0;   ///< 1, 2, ... in file order
  char letter = 0;  ///< the cap_puzzle letter, 0 in the Leiden format
  std::array<Shape, num_orientations> orientation;
  /// For each orientation, the lowest orientation with the same shape (itself if distinct).
  std::array<int, num_orientations> same_as{};
  /// The sizes of its parts (4-connected pieces), largest first: one part for a Leiden stone,
  /// maybe more for a cap_puzzle piece. A part lies in one empty region, the piece need not.
  std::vector<int> parts;

  int size() const { return int(orientation[0].cells.size()); }
  /// True when orientation o is the first of its shape (so the search tries it).
  bool distinct(int o) const { return same_as[std::size_t(o)] == o; }
  /// "3" in the Leiden format, "A" for a cap_puzzle piece.
  std::string name() const;
};

/// A stone from its input shape (orientation 0).
Stone make_stone(int number, char letter, Shape shape);

/// The sizes of the 4-connected parts of a shape, largest first (empty for no cells). Linear
/// in its bounding box.
std::vector<int> part_sizes(const Shape& shape);

/// True when the shape's cells are 4-connected (and there is at least one).
bool connected(const Shape& shape);

/// For each stone, the index of the first stone congruent to it (one of its orientations):
/// stones with the same value are interchangeable under --identical.
std::vector<int> congruence_classes(const std::vector<Stone>& stones);

}  // namespace stenen
