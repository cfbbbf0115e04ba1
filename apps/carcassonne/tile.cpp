#include "tile.hpp"

namespace carcassonne {

Tile Tile::turned(int quarters) const {
  Tile t;
  for (int s = 0; s < 4; ++s) t.edges[std::size_t(s)] = edges[std::size_t((s - quarters) & 3)];
  return t;
}

int Tile::code() const {
  return ((int(edges[0]) * 3 + int(edges[1])) * 3 + int(edges[2])) * 3 + int(edges[3]);
}

int Tile::count(Edge e) const {
  int n = 0;
  for (Edge x : edges) n += x == e;
  return n;
}

bool legal(const Tile& t) {
  const int roads = t.count(Edge::road);
  const int cities = t.count(Edge::city);
  if (roads == 1 && (cities == 1 || cities == 2)) return false;
  if (roads == 2 && cities == 2 && t[north] == t[south]) return false;  // roads face each other
  return true;
}

std::optional<Edge> parse_edge(std::string_view word, bool field_ok) {
  if (word == "pasture" || (field_ok && word == "field")) return Edge::pasture;
  if (word == "road") return Edge::road;
  if (word == "city") return Edge::city;
  return std::nullopt;
}

std::string_view edge_name(Edge e) {
  switch (e) {
    case Edge::pasture: return "pasture";
    case Edge::road: return "road";
    case Edge::city: return "city";
  }
  return "?";
}

int distinct_turns(const Tile& t, std::array<int, 4>& out) {
  int n = 0;
  for (int q = 0; q < 4; ++q) {
    bool seen = false;
    for (int p = 0; p < q; ++p) seen = seen || t.turned(p) == t.turned(q);
    if (!seen) out[std::size_t(n++)] = q;
  }
  return n;
}

}  // namespace carcassonne
