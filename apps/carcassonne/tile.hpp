#pragma once
// Tiles: four edges (north, east, south, west), each pasture, road or city, and the
// clockwise quarter turns the game allows. Shared by both puzzles (tile sequences and the
// biggest square).
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace carcassonne {

enum class Edge : std::uint8_t { pasture, road, city };

/// Sides in the order the puzzle files list them.
enum Side : int { north = 0, east = 1, south = 2, west = 3 };

/// The side facing `s` across a shared edge (north <-> south, east <-> west).
constexpr int opposite(int s) { return (s + 2) & 3; }

struct Tile {
  std::array<Edge, 4> edges{};  ///< indexed by Side
  friend constexpr bool operator==(const Tile&, const Tile&) = default;

  Edge operator[](int side) const { return edges[std::size_t(side)]; }
  /// The tile turned clockwise by `quarters` quarter turns (new north = old west).
  Tile turned(int quarters) const;
  /// A number in [0, 81) that identifies the oriented tile.
  int code() const;
  int count(Edge e) const;
  /// No city edge and at most one road: drawn with a little building.
  bool abbey() const { return count(Edge::city) == 0 && count(Edge::road) <= 1; }
};

/// Whether the course allows the tile: not one road with one or two cities, and not two
/// roads and two cities on opposite sides.
bool legal(const Tile& t);

/// "pasture"/"road"/"city" (the sequence puzzles); also "field" when field_ok (the XML sets).
std::optional<Edge> parse_edge(std::string_view word, bool field_ok = false);
std::string_view edge_name(Edge e);

/// The distinct orientations of a tile as quarter turns 0..3, smallest turn per picture.
/// Returns how many were written into out.
int distinct_turns(const Tile& t, std::array<int, 4>& out);

}  // namespace carcassonne
