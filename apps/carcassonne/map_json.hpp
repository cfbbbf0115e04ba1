#pragma once
// Maps for --json (docs/json.md): both puzzles answer with maps, written alike.
//   {"rows": 2, "cols": 3, "placements": [{"tile": 1, "row": 0, "col": 2, "rotation": 90,
//                                          "edges": ["road", "city", "pasture", "road"]}, ...]}
// tile: the tile's number (its line in a puzzle, its place in a tile set, from 1); row and col
// from the map's top-left corner; rotation: clockwise, in degrees; edges: north, east, south,
// west as the tile lies.
#include <vector>

#include "common/json.hpp"
#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

/// tiles[i] lies at layout.placements[i] and is numbered numbers[i] (default: i + 1).
cli::Json map_json(const std::vector<Tile>& tiles, const Layout& layout,
                   const std::vector<int>& numbers = {});

}  // namespace carcassonne
