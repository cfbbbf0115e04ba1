#include "square_model.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <solve/counting.hpp>

#include "edge_match.hpp"

namespace carcassonne {

namespace {

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
    sm.cells.push_back(
        sm.model.add_var(values, "cell" + std::to_string(i / k) + "_" + std::to_string(i % k)));
  std::vector<Tile> value_edges;
  for (int v = 0; v < int(sm.kinds.size()) * 4; ++v)
    value_edges.push_back(sm.kinds[std::size_t(v / 4)].turned(v % 4));
  const auto table = std::make_shared<const ValueEdges>(0, std::move(value_edges));
  for (int r = 0; r < k; ++r)
    for (int c = 0; c < k; ++c) {
      const solve::Var x = sm.cells[std::size_t(r * k + c)];
      if (c + 1 < k)
        sm.model.post(edges_match(x, sm.cells[std::size_t(r * k + c + 1)], east, table));
      if (r + 1 < k)
        sm.model.post(edges_match(x, sm.cells[std::size_t((r + 1) * k + c)], south, table));
    }
  // Kinds held as often as the square has cells cannot run out: no constraint needed.
  std::erase_if(groups, [&](const solve::ValueCount& g) { return g.hi >= k * k; });
  solve::global_cardinality(sm.model, sm.cells, groups);
  return sm;
}

// Why a climb of solve_first calls and not Model::maximize (issue 8): maximize needs one model
// that holds every k up to the bound, with k a variable, so until k is fixed the cells that
// may lie outside the square constrain nothing and propagation is weak; the climb searches
// small, tight models and proves the optimum by one failed search for k + 1. That model is
// scripts/square_maximize.cpp, timed by scripts/bench square-maximize (hyperfine medians, same
// run, load 5.2-6.6, 2026-11-25): with k left to dom/wdeg it takes 2.35 s against the climb's
// 1.46 s on the standard set without rotations (1.61x; callgrind 1.45x) and 388 against
// 245 ms on hard64-k5.xml (1.58x; callgrind 1.67x); with k branched first, largest first,
// 1.28 s (0.88x, callgrind 0.94x: faster) and 248 ms (1.01x; callgrind 1.16x). Neither wins
// on both, so the climb stays (docs/carcassonne.md).
SquareResult biggest_square(const std::vector<Tile>& tiles, const SquareOptions& o) {
  SquareResult res;
  res.bound = floor_sqrt(int(tiles.size()));
  res.placements.assign(tiles.size(), std::nullopt);
  res.proven = res.bound == 0;
  for (int k = 1; k <= res.bound; ++k) {
    solve::SearchOptions so;
    so.limits.max_nodes = o.node_limit;
    so.limits.cancel = o.cancel;
    so.learning.use = o.learning ? solve::Learning::on : solve::Learning::off;
    if (o.timeout > 0) {
      const double left =
          o.timeout -
          std::chrono::duration<double>(std::chrono::steady_clock::now() - o.started).count();
      if (left <= 0) {
        res.stop = solve::StopReason::time_limit;
        break;
      }
      so.limits.max_seconds = left;
    }
    const SquareModel sm = build_square_model(tiles, k, o.rotations);
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
    // Give each cell a concrete input tile of its kind, the kind's tiles in input order.
    std::vector<std::vector<std::size_t>> of_kind(sm.kinds.size());
    for (std::size_t t = tiles.size(); t-- > 0;)
      of_kind[std::size_t(std::find(sm.kinds.begin(), sm.kinds.end(), tiles[t]) - sm.kinds.begin())]
          .push_back(t);
    res.placements.assign(tiles.size(), std::nullopt);
    for (int i = 0; i < k * k; ++i) {
      const int v = (*s)[sm.cells[std::size_t(i)]];
      auto& left = of_kind[std::size_t(v / 4)];  // global_cardinality keeps it non-empty
      res.placements[left.back()] = Placement{i / k, i % k, v % 4};
      left.pop_back();
    }
  }
  return res;
}

}  // namespace carcassonne
