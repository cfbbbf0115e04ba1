#pragma once
// Proofs of "No Solutions." that need no search: counting arguments over the whole tile set.
//   - More tiles than cells of the board.
//   - Road and city edges pair up in a finished map (edge_counts.hpp): an odd number of road
//     edges, or without rotations more north roads than south roads, leaves one open.
//   - The outline of a map is all pasture: every column has an open north and an open south
//     edge, every row an open east and west edge, so a map of n tiles needs at least
//     2 (rows + cols) pasture edges with rows x cols >= n (with rotations: in all; without:
//     that many on each side).
// Each is a necessary condition; passing them all proves nothing.
#include <optional>
#include <string>
#include <vector>

#include "sequence_model.hpp"
#include "tile.hpp"

namespace carcassonne {

/// Why the puzzle has no solution, in one sentence, or nullopt when these arguments cannot
/// tell.
std::optional<std::string> no_solution_proof(const std::vector<Tile>& tiles,
                                             const SequenceOptions& o);

}  // namespace carcassonne
