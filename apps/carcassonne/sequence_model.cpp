#include "sequence_model.hpp"

#include <algorithm>
#include <unordered_set>

#include <solve/symmetry.hpp>

#include "map_key.hpp"
#include "sequence_constraints.hpp"
#include "sequence_proofs.hpp"

namespace carcassonne {

Layout SequenceModel::layout(const solve::Solution& s) const {
  Layout l;
  for (solve::Var x : tiles) {
    const int v = s[x];
    const int cell = Grid::cell_of(v);
    l.placements.push_back({grid.row(cell), grid.col(cell), Grid::turn_of(v)});
  }
  return l;
}

SequenceModel build_sequence_model(const std::vector<Tile>& tiles, const SequenceOptions& o) {
  SequenceModel sm;
  const int n = int(tiles.size());
  // Tile 0 in the middle; the others at most n - 1 (or the board size - 1) away.
  const int reach_r = (o.rows > 0 ? std::min(o.rows, n) : n) - 1;
  const int reach_c = (o.cols > 0 ? std::min(o.cols, n) : n) - 1;
  sm.grid = Grid{2 * reach_r + 3, 2 * reach_c + 3};
  const Grid& g = sm.grid;
  const int middle = g.cell(reach_r + 1, reach_c + 1);
  const bool square_board = o.rows == 0 || o.rows == o.cols;

  for (int i = 0; i < n; ++i) {
    std::array<int, 4> turns{0};
    const int nturns = o.rotations ? distinct_turns(tiles[std::size_t(i)], turns) : 1;
    const int first_turns = o.rotations && !square_board ? nturns : 1;
    std::vector<int> values;
    for (int cell = 0; cell < g.cells(); ++cell) {
      if (!g.inside(cell) || (i == 0 && cell != middle)) continue;
      for (int k = 0; k < (i == 0 ? first_turns : nturns); ++k)
        values.push_back(Grid::value(cell, turns[std::size_t(k)]));
    }
    sm.tiles.push_back(sm.model.add_var(values, "tile" + std::to_string(i + 1)));
  }
  for (int i = 1; i < n; ++i)
    sm.model.post(play_order(g, {tiles.begin(), tiles.begin() + i + 1},
                             {sm.tiles.begin(), sm.tiles.begin() + i + 1}, n - i - 1));
  sm.model.post(closed_map(g, tiles, sm.tiles, o.rotations, o.counting));
  // Identical tiles swapped give the same partial picture, and the same picture with the
  // same tiles left has the same completions: explore each picture once. Maps are
  // deduplicated by map_key anyway, so the table of pictures may forget (bounded memory).
  solve::skip_equivalent_states(
      sm.model, sm.tiles,
      [tiles](std::span<const int> values, std::vector<std::uint32_t>& key) {
        for (std::size_t i = 0; i < values.size(); ++i)
          key.push_back(std::uint32_t(Grid::cell_of(values[i])) << 8 |
                        std::uint32_t(tiles[i].turned(Grid::turn_of(values[i])).code()));
        std::sort(key.begin(), key.end());
      },
      o.picture_table_bytes);
  if (o.rows > 0) sm.model.post(bounding_box(g, o.rows, o.cols, sm.tiles));
  return sm;
}

solve::SearchOptions default_search() {
  solve::SearchOptions s;
  s.propagation = solve::Propagation::arc;
  s.var_order = solve::VarOrder::input;
  s.val_order = solve::ValOrder::ascending;
  return s;
}

SequenceResult solve_sequence(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                              const std::function<bool(const Layout&)>& on_map,
                              const solve::SearchOptions& search) {
  SequenceResult r;
  if (auto why = o.counting ? no_solution_proof(tiles, o) : std::nullopt) {
    r.proof = std::move(*why);
    return r;
  }
  const SequenceModel sm = build_sequence_model(tiles, o);
  std::unordered_set<MapKey, MapKeyHash> seen;
  r.search = solve::search(sm.model, search, [&](const solve::Solution& s) {
    const Layout l = sm.layout(s);
    if (seen.insert(map_key(tiles, l, o.rotations)).second) {
      ++r.maps;
      if (!on_map(l.normalised())) return false;
    }
    return all || r.maps == 0;
  });
  return r;
}

SequenceResult solve_sequence(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                              const std::function<bool(const Layout&)>& on_map) {
  return solve_sequence(tiles, o, all, on_map, default_search());
}

}  // namespace carcassonne
