#pragma once
// The course's ASCII art: each tile a T x T picture (border, roads '#', cities '.', abbeys),
// a board the tiles' pictures side by side, empty cells as spaces.
#include <string>
#include <vector>

#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

/// Smallest tile size the pictures allow; sizes must be odd.
inline constexpr int min_tile_size = 11;

/// The T lines of one oriented tile (T odd, >= min_tile_size).
std::vector<std::string> draw_tile(const Tile& t, int size);
/// The board lines of a normalised layout of `tiles`, cropped to its bounding box.
std::vector<std::string> draw_board(const std::vector<Tile>& tiles, const Layout& layout, int size);

}  // namespace carcassonne
