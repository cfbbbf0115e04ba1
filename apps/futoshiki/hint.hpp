#pragma once
// The next step for a person solving a puzzle: a cell they can fill, and why.
#include <optional>
#include <string>

#include "puzzle.hpp"

namespace futoshiki {

struct Hint {
  int row, col, value;  ///< 0-based row and column; the digit 1..n
  std::string reason;   ///< the deduction in words, cells named r<row>c<col> from 1
};

/// A cell of `puzzle` (its givens: the puzzle's and the player's entries) the weakest
/// reasoning can fill, with that reasoning (hint.cpp lists the steps; the deductions in other
/// cells it relies on follow in brackets). nullopt when the entries contradict the solution
/// (the puzzle with them has none), or the puzzle is already full. Beyond extreme, when no
/// step fills a cell, the first open cell gets the digit of a solution, and the reason says
/// so. n <= 64 (solve::InputError otherwise); Hall sets of two or more are looked for on lines of
/// up to 16 open cells (hidden singles on every line).
std::optional<Hint> hint(const Puzzle& puzzle_with_player_entries);

}  // namespace futoshiki
