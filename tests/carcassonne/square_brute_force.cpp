#include "square_brute_force.hpp"

#include <cmath>
#include <map>

namespace carcassonne::test {

namespace {

/// Is there a k x k square? Fills cells row by row with unused tiles.
bool brute_square(const std::vector<Tile>& tiles, int k, bool rotations, std::vector<Tile>& grid,
                  std::vector<bool>& used) {
  const int i = int(grid.size());
  if (i == k * k) return true;
  for (std::size_t t = 0; t < tiles.size(); ++t) {
    if (used[t]) continue;
    for (int q = 0; q < (rotations ? 4 : 1); ++q) {
      const Tile o = tiles[t].turned(q);
      if (i % k > 0 && grid[std::size_t(i - 1)][east] != o[west]) continue;
      if (i >= k && grid[std::size_t(i - k)][south] != o[north]) continue;
      used[t] = true;
      grid.push_back(o);
      const bool found = brute_square(tiles, k, rotations, grid, used);
      grid.pop_back();
      used[t] = false;
      if (found) return true;
    }
  }
  return false;
}

}  // namespace

bool valid_square(const std::vector<Tile>& tiles, const SquareResult& r) {
  std::map<std::pair<int, int>, Tile> cells;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const auto& p = r.placements[i];
    if (!p) continue;
    if (p->row < 0 || p->row >= r.k || p->col < 0 || p->col >= r.k) return false;
    if (!cells.emplace(std::pair{p->row, p->col}, oriented(tiles[i], *p)).second) return false;
  }
  if (int(cells.size()) != r.k * r.k) return false;
  for (const auto& [c, t] : cells) {
    const auto right = cells.find({c.first, c.second + 1});
    const auto below = cells.find({c.first + 1, c.second});
    if (right != cells.end() && right->second[west] != t[east]) return false;
    if (below != cells.end() && below->second[north] != t[south]) return false;
  }
  return true;
}

int brute_biggest(const std::vector<Tile>& tiles, bool rotations) {
  for (int k = int(std::sqrt(double(tiles.size()))); k >= 1; --k) {
    std::vector<Tile> grid;
    std::vector<bool> used(tiles.size(), false);
    if (brute_square(tiles, k, rotations, grid, used)) return k;
  }
  return 0;
}

}  // namespace carcassonne::test
