#pragma once
// Reading a tile-sequence puzzle: one `tile NORTH EAST SOUTH WEST` line per tile, in play
// order; blank lines and trailing spaces are allowed. Anything else is an InputError whose
// message names the file and line.
#include <istream>
#include <string>
#include <vector>

#include "tile.hpp"

namespace carcassonne {

/// Largest puzzle accepted (the unbounded board grows with the square of the tile count).
inline constexpr int max_tiles = 100;

/// Parses a puzzle; `name` is used in messages. Throws solve::InputError.
std::vector<Tile> read_puzzle(std::istream& in, const std::string& name);
/// Opens and parses a file. Throws solve::InputError (also when it cannot be opened).
std::vector<Tile> read_puzzle_file(const std::string& path);

}  // namespace carcassonne
