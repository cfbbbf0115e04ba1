#pragma once
// A map: where each input tile lies and how it is turned. Coordinates are (row, column),
// rows growing southwards; a normalised layout has its bounding box at (0, 0).
#include <vector>

#include "tile.hpp"

namespace carcassonne {

struct Placement {
  int row = 0;
  int col = 0;
  int turn = 0;  ///< clockwise quarter turns, 0..3
  friend bool operator==(const Placement&, const Placement&) = default;
};

/// placements[i] is where input tile i lies.
struct Layout {
  std::vector<Placement> placements;

  int rows() const;  ///< height of the bounding box
  int cols() const;  ///< width of the bounding box
  /// The same map moved so that its bounding box starts at (0, 0).
  Layout normalised() const;
  /// The whole map turned clockwise by a quarter (every tile turned too), normalised.
  Layout turned() const;
  friend bool operator==(const Layout&, const Layout&) = default;
};

/// The tile as it lies on the map.
inline Tile oriented(const Tile& t, const Placement& p) { return t.turned(p.turn); }

}  // namespace carcassonne
