#include "random_puzzles.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace carcassonne::test {

namespace {

constexpr int dr[4] = {-1, 0, 1, 0};
constexpr int dc[4] = {0, 1, 0, -1};

Edge random_edge(std::mt19937& rng) { return Edge(std::uniform_int_distribution<int>(0, 2)(rng)); }

}  // namespace

std::vector<Tile> random_puzzle(std::mt19937& rng, int n, bool turn_tiles) {
  for (;;) {
    std::vector<std::pair<int, int>> cells{{0, 0}};
    std::map<std::pair<int, int>, int> index{{{0, 0}, 0}};
    while (int(cells.size()) < n) {
      const auto from = cells[std::uniform_int_distribution<std::size_t>(0, cells.size() - 1)(rng)];
      const int s = std::uniform_int_distribution<int>(0, 3)(rng);
      const std::pair<int, int> c{from.first + dr[s], from.second + dc[s]};
      if (index.emplace(c, int(cells.size())).second) cells.push_back(c);
    }
    std::vector<Tile> tiles(std::size_t(n), Tile{});
    for (int i = 0; i < n; ++i)
      for (int s = 0; s < 2; ++s) {  // decide east and south edges, copy to the neighbour
        const auto it = index.find(
            {cells[std::size_t(i)].first + dr[s + 1], cells[std::size_t(i)].second + dc[s + 1]});
        if (it == index.end()) continue;
        const Edge e = random_edge(rng);
        tiles[std::size_t(i)].edges[std::size_t(s + 1)] = e;
        tiles[std::size_t(it->second)].edges[std::size_t(opposite(s + 1))] = e;
      }
    const int twist = std::uniform_int_distribution<int>(0, 5)(rng);
    if (twist == 0 && n > 2) std::shuffle(tiles.begin() + 1, tiles.end(), rng);
    if (twist == 1) {
      auto& t = tiles[std::uniform_int_distribution<std::size_t>(0, tiles.size() - 1)(rng)];
      t.edges[std::size_t(std::uniform_int_distribution<int>(0, 3)(rng))] = random_edge(rng);
    }
    if (turn_tiles)
      for (Tile& t : tiles) t = t.turned(std::uniform_int_distribution<int>(0, 3)(rng));
    if (std::all_of(tiles.begin(), tiles.end(), [](const Tile& t) { return legal(t); }))
      return tiles;
  }
}

}  // namespace carcassonne::test
