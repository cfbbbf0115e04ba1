#pragma once
// The XML format of seed 003: <tiles><tile left= right= top= bottom=/>...</tiles>, edges
// field/road/city (pasture is accepted for field). Output adds positionX (column) and
// positionY (row) to the placed tiles, with their edges as placed.
#include <cstddef>
#include <string>
#include <vector>

#include "common/text_file.hpp"
#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

/// Largest inputs accepted: the square model of n tiles has about 2n constraints (a set of
/// 40 000 tiles needs 80 MB by k = 190), and the XML text is read whole, at most 16 MiB (a
/// file of 50 000 tiles, one per line, has about 3 MiB), in lines as long as it likes.
inline constexpr std::size_t max_xml_tiles = 50000;
inline constexpr cli::TextLimits xml_limits{std::size_t(16) << 20, std::size_t(16) << 20,
                                            "a carcassonne tile set"};

/// Parses a tile set; `name` is used in messages (FILE:LINE:COL: what). Throws InputError,
/// also for more than max_xml_tiles tiles. Linear in the text.
std::vector<Tile> read_tiles_xml(const std::string& text, const std::string& name);
/// Reads a file within xml_limits ("-": standard input) and parses it; a directory, a read
/// error, NUL bytes or a larger file: InputError.
std::vector<Tile> read_tiles_xml_file(const std::string& path);

/// The set with positions: placed[i] is where tiles[i] lies (turn applied to the edges
/// written), or nullptr when it is not on the board. `comment` goes in an XML comment.
std::string write_tiles_xml(const std::vector<Tile>& tiles,
                            const std::vector<const Placement*>& placed,
                            const std::string& comment);

}  // namespace carcassonne
