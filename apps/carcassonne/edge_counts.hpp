#pragma once
// Counting arguments on edges, shared by the proofs before search (sequence_proofs.hpp) and
// the look-ahead of closed_map (sequence_constraints.cpp).
//
// In a finished map every road and city edge meets an edge of the same kind across a shared
// side, so those edges pair up: without rotations a north edge always meets a south edge and
// an east edge a west edge. Seen as a graph (tiles joined where their road edges meet), a
// tile with two road edges only passes a road on; if no tile can end or join roads (one,
// three or four road edges), the roads form loops, and a loop on the grid turns four times:
// its top-left tile bends east-south, its top-right south-west, and so on. Cities likewise.
#include <array>
#include <cstddef>

#include "tile.hpp"

namespace carcassonne {

/// Edges and tile shapes of a set of tiles (as oriented), per edge kind.
struct EdgeCounts {
  std::array<std::array<int, 4>, 3> count{};  ///< count[kind][side]: edges of a kind on a side
  std::array<int, 3> ends{};                  ///< tiles with 1, 3 or 4 edges of a kind
  std::array<std::array<int, 4>, 3> bends{};  ///< bends[kind][s]: exactly two, on s and s + 1

  void add(const Tile& t) {
    for (int side = 0; side < 4; ++side) ++count[std::size_t(t[side])][std::size_t(side)];
    for (Edge kind : {Edge::road, Edge::city}) {
      const int n = t.count(kind);
      if (n == 1 || n >= 3) ++ends[std::size_t(kind)];
      for (int s = 0; s < 4 && n == 2; ++s)
        if (t[s] == kind && t[(s + 1) & 3] == kind) ++bends[std::size_t(kind)][std::size_t(s)];
    }
  }
  int on(Edge kind, int side) const { return count[std::size_t(kind)][std::size_t(side)]; }
  int total(Edge kind) const {
    const auto& c = count[std::size_t(kind)];
    return c[0] + c[1] + c[2] + c[3];
  }
};

/// Why some road or city edges can never be closed (see closing_problem).
struct ClosingProblem {
  enum Why { none, too_few, odd, unbalanced, loops } why = none;
  Edge kind = Edge::road;
  int side = north;  ///< for unbalanced: north or east (against the opposite side)
};

/// Whether the edges of the tiles still to come (`left`) can close the `open` ones: the road
/// and city edges of placed tiles that face an empty cell. Each open edge needs its own edge
/// among the tiles to come (too_few); those left over pair with each other, so their number
/// is even (odd) and, with fixed orientations, the north ones left over meet as many south
/// ones, east as many west (unbalanced); with no open edge and no tile to come that ends
/// roads, they form loops, which need four bends (loops). `rotations`: tiles to come may turn.
inline ClosingProblem closing_problem(const EdgeCounts& left, const EdgeCounts& open,
                                      bool rotations) {
  for (Edge kind : {Edge::road, Edge::city}) {
    if (rotations) {
      const int spare = left.total(kind) - open.total(kind);
      if (spare < 0) return {ClosingProblem::too_few, kind};
      if (spare % 2 != 0) return {ClosingProblem::odd, kind};
    } else {
      for (int side : {north, east}) {
        // an open edge facing `side` is closed by an edge on the opposite side
        const int spare_a = left.on(kind, opposite(side)) - open.on(kind, side);
        const int spare_b = left.on(kind, side) - open.on(kind, opposite(side));
        if (spare_a < 0 || spare_b < 0) return {ClosingProblem::too_few, kind};
        if (spare_a != spare_b) return {ClosingProblem::unbalanced, kind, side};
      }
    }
    const std::size_t k = std::size_t(kind);
    if (open.total(kind) > 0 || left.total(kind) == 0 || left.ends[k] > 0) continue;
    const auto& b = left.bends[k];
    if (rotations ? b[0] + b[1] + b[2] + b[3] < 4
                  : b[0] == 0 || b[1] == 0 || b[2] == 0 || b[3] == 0)
      return {ClosingProblem::loops, kind};
  }
  return {};
}

inline bool can_close(const EdgeCounts& left, const EdgeCounts& open, bool rotations) {
  return closing_problem(left, open, rotations).why == ClosingProblem::none;
}

}  // namespace carcassonne
