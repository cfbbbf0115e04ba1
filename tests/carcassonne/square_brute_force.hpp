#pragma once
// An independent reference for the biggest square (tests and the XML fuzzer): a validity
// check of a result and a plain recursive search, no libsolve.
#include <vector>

#include "square_model.hpp"
#include "tile.hpp"

namespace carcassonne::test {

/// The placed tiles of r form an r.k x r.k square whose touching edges match.
bool valid_square(const std::vector<Tile>& tiles, const SquareResult& r);
/// The side of the biggest square, by trying every tile and turn cell by cell (slow: keep
/// the sets small).
int brute_biggest(const std::vector<Tile>& tiles, bool rotations);

}  // namespace carcassonne::test
