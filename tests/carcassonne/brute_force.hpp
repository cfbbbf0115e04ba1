#pragma once
// An independent reference for tests: plain recursion over the play order on a map of
// coordinates, every turn of every tile, no libsolve. Slow but obviously right.
#include <vector>

#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne::test {

struct BruteOptions {
  bool rotations = false;
  int rows = 0;  ///< board limit, 0: unbounded
  int cols = 0;
};

/// One layout per distinct map (distinct as map_key() defines it).
std::vector<Layout> brute_force_maps(const std::vector<Tile>& tiles, const BruteOptions& o);

}  // namespace carcassonne::test
