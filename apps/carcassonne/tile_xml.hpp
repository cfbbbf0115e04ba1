#pragma once
// The XML format of seed 003: <tiles><tile left= right= top= bottom=/>...</tiles>, edges
// field/road/city (pasture is accepted for field). Output adds positionX (column) and
// positionY (row) to the placed tiles, with their edges as placed.
#include <istream>
#include <string>
#include <vector>

#include "common/text_file.hpp"
#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

/// A tile set may have 8 MiB (about 130 000 tiles), in lines as long as it likes.
inline constexpr cli::TextLimits xml_limits{8 << 20, 8 << 20, "a tile set"};

/// Parses a tile set; `name` is used in messages (FILE:LINE:COL: what). Throws InputError.
std::vector<Tile> read_tiles_xml(const std::string& text, const std::string& name);
/// Reads a file within xml_limits ("-": standard input) and parses it.
std::vector<Tile> read_tiles_xml_file(const std::string& path);

/// The set with positions: placed[i] is where tiles[i] lies (turn applied to the edges
/// written), or nullptr when it is not on the board. `comment` goes in an XML comment.
std::string write_tiles_xml(const std::vector<Tile>& tiles, const std::vector<const Placement*>& placed,
                            const std::string& comment);

}  // namespace carcassonne
