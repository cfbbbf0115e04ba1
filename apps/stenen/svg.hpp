#pragma once
// A board as an SVG picture: each stone its own colour and its name on its first cell, thick
// lines between different stones and around the board, thin lines between cells of one stone.
#include <string>
#include <vector>

#include "puzzle.hpp"

namespace stenen {

std::string board_svg(const Puzzle& puzzle, int rows, int cols, const std::vector<int>& grid);

}  // namespace stenen
