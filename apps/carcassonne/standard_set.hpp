#pragma once
// The 72 tiles of Carcassonne Solitaire (seed 003), the default set of the biggest square.
#include <vector>

#include "tile.hpp"

namespace carcassonne {

/// The 72 tiles, grouped by kind in the seed's order.
std::vector<Tile> standard_tiles();

}  // namespace carcassonne
