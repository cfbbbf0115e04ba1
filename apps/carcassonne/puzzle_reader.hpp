#pragma once
// Reading a tile-sequence puzzle: one `tile NORTH EAST SOUTH WEST` line per tile, in play
// order; blank lines and trailing spaces are allowed. Anything else is an InputError whose
// message names the file and line.
#include <cstddef>
#include <istream>
#include <string>
#include <vector>

#include "tile.hpp"

namespace carcassonne {

/// Largest puzzle accepted (the unbounded board grows with the square of the tile count).
inline constexpr int max_tiles = 100;
/// Limits checked while reading, before anything is stored: a 100-tile puzzle needs some
/// 4 KiB, so a longer line or a larger input (one 100 MB line, /dev/zero) is not a puzzle.
inline constexpr std::size_t max_line_length = 1000;
inline constexpr std::size_t max_puzzle_bytes = std::size_t(1) << 20;

/// Parses a puzzle; `name` is used in messages. A UTF-8 byte order mark is skipped. Throws
/// solve::InputError.
std::vector<Tile> read_puzzle(std::istream& in, const std::string& name);
/// Opens and parses a file. Throws solve::InputError (also when it cannot be opened or read,
/// or is a directory).
std::vector<Tile> read_puzzle_file(const std::string& path);

}  // namespace carcassonne
