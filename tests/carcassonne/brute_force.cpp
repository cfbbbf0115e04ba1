#include "brute_force.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <stdexcept>

#include "map_key.hpp"

namespace carcassonne::test {

namespace {

constexpr int span = 17;  // a board of span x span cells with tile 0 in the middle: n <= 8
constexpr int dr[4] = {-1, 0, 1, 0};
constexpr int dc[4] = {0, 1, 0, -1};

struct Brute {
  const std::vector<Tile>& tiles;
  BruteOptions o;
  std::array<std::optional<Tile>, span * span> board{};
  Layout layout;
  std::set<MapKey> seen;
  std::vector<Layout> maps;

  const std::optional<Tile>& at(int r, int c) const { return board[std::size_t(r * span + c)]; }

  bool fits(std::size_t placed) const {
    if (o.rows == 0) return true;
    int r0 = span, r1 = -1, c0 = span, c1 = -1;
    for (std::size_t i = 0; i < placed; ++i) {
      r0 = std::min(r0, layout.placements[i].row);
      r1 = std::max(r1, layout.placements[i].row);
      c0 = std::min(c0, layout.placements[i].col);
      c1 = std::max(c1, layout.placements[i].col);
    }
    return r1 - r0 < o.rows && c1 - c0 < o.cols;
  }

  bool matches(int r, int c, const Tile& t) const {
    for (int s = 0; s < 4; ++s) {
      const auto& n = at(r + dr[s], c + dc[s]);
      if (n && (*n)[opposite(s)] != t[s]) return false;
    }
    return true;
  }

  bool closed() const {
    for (const Placement& p : layout.placements) {
      const Tile& t = *at(p.row, p.col);
      for (int s = 0; s < 4; ++s)
        if (t[s] != Edge::pasture && !at(p.row + dr[s], p.col + dc[s])) return false;
    }
    return true;
  }

  bool next_to_tile(int r, int c) const {
    for (int s = 0; s < 4; ++s)
      if (at(r + dr[s], c + dc[s])) return true;
    return false;
  }

  /// Empty cells that a road or city edge of a placed tile needs filled.
  std::size_t open_cells(std::size_t placed) const {
    std::set<std::pair<int, int>> open;
    for (std::size_t i = 0; i < placed; ++i) {
      const Placement& p = layout.placements[i];
      const Tile& t = *at(p.row, p.col);
      for (int s = 0; s < 4; ++s)
        if (t[s] != Edge::pasture && !at(p.row + dr[s], p.col + dc[s]))
          open.insert({p.row + dr[s], p.col + dc[s]});
    }
    return open.size();
  }

  void place(std::size_t i) {
    if (open_cells(i) > tiles.size() - i) return;  // not enough tiles left to close the map
    if (i == tiles.size()) {
      if (closed() && seen.insert(map_key(tiles, layout, o.rotations)).second)
        maps.push_back(layout.normalised());
      return;
    }
    for (int r = 1; r < span - 1; ++r)
      for (int c = 1; c < span - 1; ++c) {
        if (at(r, c) || (i == 0 ? r != span / 2 || c != span / 2 : !next_to_tile(r, c))) continue;
        for (int q = 0; q < (o.rotations ? 4 : 1); ++q) {
          const Tile t = tiles[i].turned(q);
          bool same_picture = false;  // an earlier turn gives the same oriented tile
          for (int p = 0; p < q; ++p) same_picture = same_picture || tiles[i].turned(p) == t;
          if (same_picture || !matches(r, c, t)) continue;
          board[std::size_t(r * span + c)] = t;
          layout.placements[i] = {r, c, q};
          if (fits(i + 1)) place(i + 1);
          board[std::size_t(r * span + c)].reset();
        }
      }
  }
};

}  // namespace

std::vector<Layout> brute_force_maps(const std::vector<Tile>& tiles, const BruteOptions& o) {
  if (tiles.size() > span / 2) throw std::invalid_argument("brute force: at most 8 tiles");
  Brute b{tiles, o, {}, {}, {}, {}};
  b.layout.placements.resize(tiles.size());
  b.place(0);
  return b.maps;
}

}  // namespace carcassonne::test
