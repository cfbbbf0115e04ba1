#pragma once
// The constraint between two neighbouring cells of the biggest-square model: the edge of one
// cell's tile on a side equals the edge of the other's on the opposite side.
//
// Why not binary_table: its pair list and support bitsets are per constraint, up to
// (kinds x 4)^2 pairs, i.e. hundreds of kilobytes each when a set has many kinds, times 2 k^2
// constraints (a 40 000-tile set took 730 MB by k = 26). Here the edges of each value are
// shared by all constraints, and support is read through the three edge kinds: revising one
// side ANDs each word of the domain with the three kinds' masks and ORs the masks of the kinds
// found, with no branch per word or kind.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include <solve/constraint.hpp>

#include "tile.hpp"

namespace carcassonne {

/// The edge on each side of the oriented tile each value stands for: edges[value - first].
struct ValueEdges {
  ValueEdges(int first_value, std::vector<Tile> value_edges);

  int first = 0;
  std::vector<Tile> edges;
  /// Words of one mask: the values are kind x 4 + turn over at most 81 kinds (3^4 edge
  /// patterns), 324 values; a fixed stride spares the hot loop a multiplication.
  static constexpr std::size_t stride = 8;
  /// by_side[side][e * stride + w]: word w of the bitset of the values v whose tile shows
  /// Edge e on `side` (bit i: v = first + i). Shared by every constraint whose cells'
  /// domains are laid out from `first`, so that the masks of a whole square stay in a few
  /// cache lines.
  std::array<std::vector<std::uint64_t>, 4> by_side;
  std::size_t words = 0;  ///< words in use (at most stride)
};

/// a's edge on `side` equals b's edge on the opposite side. a and b range over values of
/// `table`; each is a variable or a view x + c (ModelError for a * x).
std::unique_ptr<solve::Constraint> edges_match(solve::Var a, solve::Var b, int side,
                                               std::shared_ptr<const ValueEdges> table);

}  // namespace carcassonne
