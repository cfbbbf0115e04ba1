#pragma once
// Symmetries of a rectangular board (4, or 8 when it is square) as permutations of its cells,
// and the test whether one maps a board of stones onto itself.
#include <string>
#include <vector>

namespace stenen {

/// A symmetry of the board: image[c] is where cell c (row-major index) goes.
struct BoardSymmetry {
  std::string name;  ///< "identity", "turn 180", "mirror rows", ...
  std::vector<int> image;
};

/// The board's symmetries, identity first.
std::vector<BoardSymmetry> board_symmetries(int rows, int cols);

/// True when g maps the board onto itself. grid holds stone numbers (0 empty); stones with the
/// same class value are interchangeable (class_of[number]; pass the number itself for labelled
/// stones). A board with two interchangeable stones swapped by g is still invariant.
bool invariant(const std::vector<int>& grid, const std::vector<int>& class_of,
               const std::vector<int>& image);

/// The grid moved by g: out[image[c]] = grid[c].
std::vector<int> transformed(const std::vector<int>& grid, const std::vector<int>& image);

/// A key equal for two grids exactly when they show the same board up to swapping stones of
/// one class: each cell holds its stone's class and first cell (0 when empty).
std::vector<int> board_key(const std::vector<int>& grid, const std::vector<int>& class_of);

}  // namespace stenen
