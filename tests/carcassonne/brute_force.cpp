#include "brute_force.hpp"

#include <map>
#include <set>
#include <utility>

#include "map_key.hpp"

namespace carcassonne::test {

namespace {

constexpr int dr[4] = {-1, 0, 1, 0};
constexpr int dc[4] = {0, 1, 0, -1};

struct Brute {
  const std::vector<Tile>& tiles;
  BruteOptions o;
  std::map<std::pair<int, int>, Tile> board;
  Layout layout;
  std::set<MapKey> seen;
  std::vector<Layout> maps;

  bool fits() const {
    const Layout l = layout.normalised();
    return (o.rows == 0 || l.rows() <= o.rows) && (o.cols == 0 || l.cols() <= o.cols);
  }

  bool matches(int r, int c, const Tile& t) const {
    for (int s = 0; s < 4; ++s) {
      auto it = board.find({r + dr[s], c + dc[s]});
      if (it != board.end() && it->second[opposite(s)] != t[s]) return false;
    }
    return true;
  }

  bool closed() const {
    for (const auto& [cell, t] : board)
      for (int s = 0; s < 4; ++s)
        if (t[s] != Edge::pasture && !board.count({cell.first + dr[s], cell.second + dc[s]}))
          return false;
    return true;
  }

  void place(std::size_t i) {
    if (i == tiles.size()) {
      if (!closed()) return;
      Layout l;
      l.placements.assign(layout.placements.begin(), layout.placements.begin() + long(i));
      if (seen.insert(map_key(tiles, l, o.rotations)).second) maps.push_back(l.normalised());
      return;
    }
    std::set<std::pair<int, int>> free;
    if (i == 0) free.insert({0, 0});
    for (const auto& [cell, t] : board)
      for (int s = 0; s < 4; ++s) {
        const std::pair<int, int> n{cell.first + dr[s], cell.second + dc[s]};
        if (!board.count(n)) free.insert(n);
      }
    for (const auto& [r, c] : free)
      for (int q = 0; q < (o.rotations ? 4 : 1); ++q) {
        const Tile t = tiles[i].turned(q);
        if (!matches(r, c, t)) continue;
        board[{r, c}] = t;
        layout.placements[i] = {r, c, q};
        Layout partial;
        partial.placements.assign(layout.placements.begin(), layout.placements.begin() + long(i) + 1);
        std::swap(layout, partial);
        const bool ok = fits();
        std::swap(layout, partial);
        if (ok) place(i + 1);
        board.erase({r, c});
      }
  }
};

}  // namespace

std::vector<Layout> brute_force_maps(const std::vector<Tile>& tiles, const BruteOptions& o) {
  Brute b{tiles, o, {}, {}, {}, {}};
  b.layout.placements.resize(tiles.size());
  b.place(0);
  return b.maps;
}

}  // namespace carcassonne::test
