#include "square_model.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "solve/binary_table.hpp"
#include "solve/counting.hpp"

namespace carcassonne {

namespace {

/// Oriented tile of a value.
Tile tile_of(const SquareModel& sm, int value) { return sm.kinds[std::size_t(value / 4)].turned(value % 4); }

/// Value pairs (a, b) where a's side `side` meets b's opposite side with the same edge.
std::vector<std::pair<int, int>> matching_pairs(const std::vector<int>& values, const SquareModel& sm, int side) {
  std::vector<std::pair<int, int>> pairs;
  for (int a : values)
    for (int b : values)
      if (tile_of(sm, a)[side] == tile_of(sm, b)[opposite(side)]) pairs.push_back({a, b});
  return pairs;
}

int floor_sqrt(int n) {
  int k = int(std::sqrt(double(n)));
  while (k * k > n) --k;
  while ((k + 1) * (k + 1) <= n) ++k;
  return k;
}

}  // namespace

SquareModel build_square_model(const std::vector<Tile>& tiles, int k, bool rotations) {
  SquareModel sm;
  std::vector<int> multiplicity;
  for (const Tile& t : tiles) {
    const auto it = std::find(sm.kinds.begin(), sm.kinds.end(), t);
    if (it == sm.kinds.end()) {
      sm.kinds.push_back(t);
      multiplicity.push_back(1);
    } else {
      ++multiplicity[std::size_t(it - sm.kinds.begin())];
    }
  }
  std::vector<int> values;
  std::vector<solve::ValueCount> groups;
  for (std::size_t j = 0; j < sm.kinds.size(); ++j) {
    std::array<int, 4> turns{0};
    const int n = rotations ? distinct_turns(sm.kinds[j], turns) : 1;
    solve::ValueCount g{{}, 0, multiplicity[j]};
    for (int q = 0; q < n; ++q) g.values.push_back(int(j) * 4 + turns[std::size_t(q)]);
    values.insert(values.end(), g.values.begin(), g.values.end());
    groups.push_back(std::move(g));
  }
  for (int i = 0; i < k * k; ++i)
    sm.cells.push_back(sm.model.add_var(values, "cell" + std::to_string(i / k) + "_" + std::to_string(i % k)));
  const auto east_pairs = matching_pairs(values, sm, east);
  const auto south_pairs = matching_pairs(values, sm, south);
  for (int r = 0; r < k; ++r)
    for (int c = 0; c < k; ++c) {
      const solve::Var x = sm.cells[std::size_t(r * k + c)];
      if (c + 1 < k) solve::binary_table(sm.model, x, sm.cells[std::size_t(r * k + c + 1)], east_pairs);
      if (r + 1 < k) solve::binary_table(sm.model, x, sm.cells[std::size_t((r + 1) * k + c)], south_pairs);
    }
  // Kinds held as often as the square has cells cannot run out: no constraint needed.
  std::erase_if(groups, [&](const solve::ValueCount& g) { return g.hi >= k * k; });
  solve::global_cardinality(sm.model, sm.cells, groups);
  return sm;
}

SquareResult biggest_square(const std::vector<Tile>& tiles, const SquareOptions& o) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  SquareResult res;
  res.bound = floor_sqrt(int(tiles.size()));
  res.placements.assign(tiles.size(), std::nullopt);
  res.proven = res.bound == 0;
  for (int k = 1; k <= res.bound; ++k) {
    const SquareModel sm = build_square_model(tiles, k, o.rotations);
    solve::SearchOptions so;
    so.max_nodes = o.node_limit;
    so.cancel = o.cancel;
    if (o.timeout > 0) {
      const double left = o.timeout - std::chrono::duration<double>(clock::now() - start).count();
      if (left <= 0) {
        res.stop = solve::StopReason::time_limit;
        break;
      }
      so.max_seconds = left;
    }
    solve::Result r;
    const auto s = solve::solve_first(sm.model, so, &r);
    res.stats += r.stats;
    if (!s) {
      // Searched to the end: no k x k square, hence none larger (each would contain one).
      res.proven = r.complete();
      res.stop = r.stop;
      break;
    }
    res.k = k;
    res.proven = k == res.bound;
    // Give each cell a concrete input tile of its kind.
    std::vector<bool> used(tiles.size(), false);
    res.placements.assign(tiles.size(), std::nullopt);
    for (int i = 0; i < k * k; ++i) {
      const int v = (*s)[sm.cells[std::size_t(i)]];
      const Tile& kind = sm.kinds[std::size_t(v / 4)];
      for (std::size_t t = 0; t < tiles.size(); ++t)
        if (!used[t] && tiles[t] == kind) {
          used[t] = true;
          res.placements[t] = Placement{i / k, i % k, v % 4};
          break;
        }
    }
  }
  return res;
}

}  // namespace carcassonne
