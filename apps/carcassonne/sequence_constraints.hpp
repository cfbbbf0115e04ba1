#pragma once
// The constraints of the tile-sequence model (see sequence_model.hpp), written against
// libsolve's public Constraint interface. Each variable tile[i] has values cell * 4 + turn.
#include <memory>
#include <vector>

#include <solve/constraint.hpp>

#include "grid.hpp"
#include "tile.hpp"

namespace carcassonne {

/// The play order: the last tile lies on a free cell next to one of the tiles before it, and
/// its edges match those it touches. Prunes once all the tiles before it are placed; then
/// also drops the places that would leave more road/city edges open (cells to fill) than
/// the `later` tiles still to come can close.
std::unique_ptr<solve::Constraint> play_order(const Grid& g, std::vector<Tile> tiles,
                                              std::vector<solve::Var> vars, int later);
/// Every road or city edge ends up with a neighbour: the empty cells that placed tiles
/// require must be fillable by the tiles not placed yet, and the edges of those tiles must
/// be able to close the open ones (can_close in edge_counts.hpp, when `counting`;
/// `rotations`: they may turn).
std::unique_ptr<solve::Constraint> closed_map(const Grid& g, std::vector<Tile> tiles,
                                              std::vector<solve::Var> vars, bool rotations,
                                              bool counting = true);
/// The bounding box of all tiles is at most rows x cols.
std::unique_ptr<solve::Constraint> bounding_box(const Grid& g, int rows, int cols,
                                                std::vector<solve::Var> vars);

}  // namespace carcassonne
