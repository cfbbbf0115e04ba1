#pragma once
// Random small tile-sequence puzzles for differential tests: a random connected map grown
// cell by cell (its growth order is a valid play order), random matching edges, illegal
// tiles resampled; then optionally turned, reordered or perturbed so that some have no
// solution.
#include <random>
#include <vector>

#include "tile.hpp"

namespace carcassonne::test {

std::vector<Tile> random_puzzle(std::mt19937& rng, int tiles, bool turn_tiles);

}  // namespace carcassonne::test
