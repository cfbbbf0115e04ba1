#pragma once
// A brute-force reference for tests: plain recursive backtracking with its own orientation
// code, and symmetry handled by filtering (canonical forms in a set) -- everything the app
// does differently, so that they can be compared on small boards.
#include <optional>
#include <set>
#include <vector>

#include "puzzle.hpp"

namespace stenen::test {

struct Reference {
  std::set<std::vector<int>> boards;  ///< every labelled solution (stone numbers, 0 empty)
  std::size_t labelled() const { return boards.size(); }
  /// Solutions with congruent stones interchangeable.
  std::size_t identical() const;
  /// Up to the board symmetries that keep the starting position; identical: congruent stones
  /// interchangeable.
  std::size_t unique(int rows, int cols, bool identical) const;

  const Puzzle* puzzle = nullptr;
  std::vector<int> start;
};

/// All completions of `start` (a grid of stone numbers; stones on it are used). Cells may stay
/// empty only in a cap_puzzle puzzle. Stops early (and returns nullopt) past `limit` solutions.
std::optional<Reference> brute_force(const Puzzle& puzzle, int rows, int cols,
                                     std::vector<int> start, std::size_t limit = 3000);

/// A board written with stone numbers relabelled by class (congruent stones alike) and pieces
/// numbered in order of their first cell: equal for boards that differ only by swapping
/// congruent stones.
std::vector<int> canonical(const Puzzle& puzzle, const std::vector<int>& grid, bool identical);

}  // namespace stenen::test
