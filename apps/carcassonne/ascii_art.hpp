#pragma once
// The course's ASCII art: each tile a T x T picture (border, roads '#', cities '.', abbeys),
// a board the tiles' pictures side by side, empty cells as spaces.
#include <string>
#include <vector>

#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

/// Tile sizes the pictures allow: odd, from min_tile_size to max_tile_size. The upper bound
/// keeps a board picture small: a board of 100 tiles spans at most 50 x 51 cells, i.e.
/// 2550 x 99 x 99 characters = 25 MB.
inline constexpr int min_tile_size = 11;
inline constexpr int max_tile_size = 99;
constexpr bool valid_tile_size(int size) {
  return size >= min_tile_size && size <= max_tile_size && size % 2 == 1;
}

/// The T lines of one oriented tile. Throws std::invalid_argument unless valid_tile_size(T).
std::vector<std::string> draw_tile(const Tile& t, int size);
/// The board lines of a normalised layout of `tiles`, cropped to its bounding box (same
/// size rule).
std::vector<std::string> draw_board(const std::vector<Tile>& tiles, const Layout& layout, int size);

}  // namespace carcassonne
