#pragma once
// The constraints of the tile-sequence model (see sequence_model.hpp), written against
// libsolve's public Constraint interface. Each variable tile[i] has values cell * 4 + turn.
#include <memory>
#include <vector>

#include "grid.hpp"
#include "solve/constraint.hpp"
#include "tile.hpp"

namespace carcassonne {

/// Tiles a and b lie on different cells, and if they are neighbours their touching edges
/// match.
std::unique_ptr<solve::Constraint> touching_edges_match(const Grid& g, const Tile& a, solve::Var va,
                                                        const Tile& b, solve::Var vb);
/// tiles.back() lies next to one of the tiles before it (the play order).
std::unique_ptr<solve::Constraint> next_to_earlier(const Grid& g, std::vector<solve::Var> tiles);
/// Every road or city edge ends up with a neighbour: the empty cells that placed tiles
/// require must be fillable by the tiles not placed yet.
std::unique_ptr<solve::Constraint> closed_map(const Grid& g, std::vector<Tile> tiles,
                                              std::vector<solve::Var> vars);
/// The bounding box of all tiles is at most rows x cols.
std::unique_ptr<solve::Constraint> bounding_box(const Grid& g, int rows, int cols,
                                                std::vector<solve::Var> vars);

}  // namespace carcassonne
