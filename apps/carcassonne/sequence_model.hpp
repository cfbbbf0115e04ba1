#pragma once
// Part A, the tile-sequence puzzle, as a libsolve model.
//
// Problem: play the tiles in input order, the first anywhere, each later one next to an
// earlier one, touching edges matching, no road or city edge left open at the end.
// Variables: tile[i], one per input tile, value = cell * 4 + turn on a Grid around tile 0
// (tile 0 is fixed in the middle: positions are relative to it, which removes translations).
// Constraints: play_order for every tile after the first (a free cell next to an earlier
// tile, touching edges matching, not more cells left to fill than tiles to come), closed_map
// over all, bounding_box when the board is limited. With rotations and a square (or
// unlimited) board, tile 0 keeps turn 0: every map can be turned so that it does, which
// removes most whole-map turns.
// Symmetry: identical tiles swapped give the same partial picture, so
// skip_equivalent_states (libsolve, dominance detection) explores each picture of the first
// k tiles once. This cut puzzle9 with rotations from 299k to 69k nodes; the look-ahead of
// play_order to 23k.
// Branching: input order (the play order), values ascending.
// Distinct maps: solutions are reduced to map_key() and counted once each.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <solve/model.hpp>
#include <solve/search.hpp>

#include "grid.hpp"
#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

struct SequenceOptions {
  bool rotations = false;  ///< tiles may be turned
  int rows = 0;            ///< board limit (0: unbounded)
  int cols = 0;
  /// Memory for the partial pictures skip_equivalent_states remembers; beyond it, it forgets
  /// the older half (the search stays right, maps are deduplicated by map_key anyway).
  std::size_t picture_table_bytes = std::size_t(64) << 20;
  /// Use the counting arguments (sequence_proofs.hpp before the search, edge_counts.hpp in
  /// closed_map). Off only to check them against the plain search.
  bool counting = true;
};

/// The model and how to read its solutions.
struct SequenceModel {
  solve::Model model;
  Grid grid;
  std::vector<solve::Var> tiles;
  /// The layout a solution stands for (not normalised).
  Layout layout(const solve::Solution& s) const;
};

SequenceModel build_sequence_model(const std::vector<Tile>& tiles, const SequenceOptions& o);

/// The search options the app uses: arc propagation, play order, values ascending.
solve::SearchOptions default_search();

struct SequenceResult {
  std::uint64_t maps = 0;  ///< distinct maps reported
  solve::Result search;    ///< statistics of the underlying search (none when proof is set)
  std::string proof;       ///< why there is no solution, when shown before any search
  /// Every map was found (or none exists): no limit cut the search short. Stopping after
  /// the first map on purpose (all = false) counts as complete.
  bool complete() const {
    return search.stop == solve::StopReason::exhausted ||
           search.stop == solve::StopReason::by_callback;
  }
  /// The answer asked for is incomplete: a limit stopped the search before every map (when
  /// `all`) or before the first one was found.
  bool cut_short(bool all) const { return !complete() && (all || maps == 0); }
};

/// Calls on_map once per distinct map (at most one when !all); on_map returns false to stop
/// the search (the stop is then by_callback: a failed write, not a limit). Returns the count.
SequenceResult solve_sequence(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                              const std::function<bool(const Layout&)>& on_map,
                              const solve::SearchOptions& search);
/// The same with default_search().
SequenceResult solve_sequence(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                              const std::function<bool(const Layout&)>& on_map);

}  // namespace carcassonne
