#pragma once
// Reading a tile-sequence puzzle: one `tile NORTH EAST SOUTH WEST` line per tile, in play
// order; blank lines and trailing spaces are allowed. Anything else is an InputError whose
// message names the file and line.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/text_file.hpp"
#include "tile.hpp"

namespace carcassonne {

/// Largest puzzle accepted (the unbounded board grows with the square of the tile count).
inline constexpr int max_tiles = 100;
/// What read_puzzle_file accepts, checked while reading, before anything is stored: a
/// 100-tile puzzle needs some 4 KiB, so a file over 1 MiB or a line over 1000 bytes (one
/// 100 MB line, /dev/zero) is not a puzzle.
inline constexpr cli::TextLimits text_limits{std::size_t(1) << 20, 1000, "a carcassonne puzzle"};

/// Parses the text of a puzzle (read within text_limits); `name` is used in messages.
/// Throws solve::InputError.
std::vector<Tile> read_puzzle(std::string_view text, const std::string& name);
/// Reads a file within text_limits ("-": standard input; a UTF-8 byte order mark is
/// dropped) and parses it. Throws solve::InputError (also when it cannot be opened or read,
/// is a directory, or is too large).
std::vector<Tile> read_puzzle_file(const std::string& path);

}  // namespace carcassonne
