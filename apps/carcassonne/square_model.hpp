#pragma once
// Part B, the biggest square (seed 003), as libsolve models.
//
// Problem: choose tiles from a set and lay them as a k x k square in which every pair of
// touching edges matches; find the largest k and prove k + 1 impossible.
// Variables (one model per k): cell[r][c], value = kind * 4 + turn, where kinds are the
// distinct tiles of the set and turns its distinct orientations (turn 0 only without
// rotations). Constraints: edges_match for every pair of horizontal and of vertical
// neighbours (east edge = west edge, south edge = north edge); global_cardinality: kind j is used at
// most as often as the set holds it. A k x k square contains every smaller one, so k goes
// up from 1: small squares are quick to find, and the first k searched to the end without
// a square proves k - 1 optimal (and every larger k impossible: one proof, not one per k).
// A time or node limit stops the climb with the best square so far, not proven.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include <solve/model.hpp>
#include <solve/search.hpp>

#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

struct SquareOptions {
  bool rotations = true;
  double timeout = 0;  ///< seconds for the whole run, counted from `started` (0: none)
  /// When the clock of the timeout started (make the options before reading the input to
  /// count the reading too).
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::uint64_t node_limit = 0;  ///< nodes per k searched (0: none); a deterministic limit
  bool learning = false;         ///< learn from failures (SearchOptions::learning) at every k
  const std::atomic<bool>* cancel = nullptr;  ///< Ctrl-C: stop soon after it becomes true
};

struct SquareResult {
  int k = 0;            ///< side of the best square found
  bool proven = false;  ///< k + 1 was shown impossible (or k = floor(sqrt(n)))
  int bound = 0;        ///< floor(sqrt(n))
  /// Why the climb stopped before a proof (time_limit, node_limit, cancelled); exhausted when
  /// proven.
  solve::StopReason stop = solve::StopReason::exhausted;
  /// placements[i] for input tile i, or nullopt when it is not in the square.
  std::vector<std::optional<Placement>> placements;
  solve::Stats stats;  ///< all searches together
};

/// The model for one k (k * k <= number of tiles), and its cell variables row by row.
struct SquareModel {
  solve::Model model;
  std::vector<solve::Var> cells;
  std::vector<Tile> kinds;  ///< distinct tiles; value = kind * 4 + turn
};
SquareModel build_square_model(const std::vector<Tile>& tiles, int k, bool rotations);

/// Searches k upwards as described above.
SquareResult biggest_square(const std::vector<Tile>& tiles, const SquareOptions& o);

}  // namespace carcassonne
