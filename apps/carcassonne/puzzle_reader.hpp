#pragma once
// Reading a tile-sequence puzzle: one `tile NORTH EAST SOUTH WEST` line per tile, in play
// order; blank lines and trailing spaces are allowed. Anything else is an InputError whose
// message names the file and line.
#include <istream>
#include <string>
#include <vector>

#include "common/text_file.hpp"
#include "tile.hpp"

namespace carcassonne {

/// Largest puzzle accepted (the unbounded board grows with the square of the tile count).
inline constexpr int max_tiles = 100;

/// A puzzle file may have 1 MiB, a line 64 KiB (read_puzzle_file refuses larger ones unread).
inline constexpr cli::TextLimits text_limits{1 << 20, 64 << 10, "a carcassonne puzzle"};

/// Parses a puzzle; `name` is used in messages. Throws solve::InputError.
std::vector<Tile> read_puzzle(std::istream& in, const std::string& name);
/// Reads a file within text_limits ("-": standard input) and parses it. Throws
/// solve::InputError (also when it cannot be opened or read, or is too large).
std::vector<Tile> read_puzzle_file(const std::string& path);

}  // namespace carcassonne
