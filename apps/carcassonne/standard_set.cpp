#include "standard_set.hpp"

namespace carcassonne {

std::vector<Tile> standard_tiles() {
  constexpr Edge f = Edge::pasture, r = Edge::road, c = Edge::city;
  struct Kind {
    Edge left, right, top, bottom;
    int count;
  };
  // left, right, top, bottom as the seed lists them, and how many of each.
  constexpr Kind kinds[] = {
      {c, f, f, c, 5}, {c, r, r, r, 3}, {c, c, f, f, 3}, {f, f, f, f, 4}, {f, r, f, f, 2},
      {r, r, r, r, 1}, {f, r, r, f, 9}, {r, r, f, f, 8}, {f, r, r, r, 4}, {c, c, c, c, 1},
      {c, f, c, c, 4}, {c, r, c, c, 3}, {c, f, c, f, 2}, {c, f, f, f, 5}, {c, f, r, r, 4},
      {c, r, r, f, 3}, {c, r, f, r, 3}, {f, f, c, c, 3}, {c, r, r, c, 5},
  };
  std::vector<Tile> tiles;
  for (const Kind& k : kinds)
    for (int i = 0; i < k.count; ++i) tiles.push_back(Tile{{k.top, k.right, k.bottom, k.left}});
  return tiles;
}

}  // namespace carcassonne
