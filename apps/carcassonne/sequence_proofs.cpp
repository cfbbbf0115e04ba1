#include "sequence_proofs.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <climits>

#include "edge_counts.hpp"

namespace carcassonne {

namespace {

constexpr const char* side_name[4] = {"north", "east", "south", "west"};

std::optional<std::string> board_too_small(std::size_t n, const SequenceOptions& o) {
  if (o.rows <= 0 || std::size_t(o.rows) * std::size_t(o.cols) >= n) return std::nullopt;
  return fmt::format("{} tiles do not fit on a {} x {} board", n, o.rows, o.cols);
}

std::optional<std::string> unpaired_edges(const EdgeCounts& c, bool rotations) {
  const ClosingProblem p = closing_problem(c, EdgeCounts{}, rotations);
  const auto kind = edge_name(p.kind);
  switch (p.why) {
    case ClosingProblem::none:
    case ClosingProblem::too_few:  // not with nothing open
      return std::nullopt;
    case ClosingProblem::odd:
      return fmt::format(
          "the tiles have {} {} edges in all: an odd number cannot pair up, one stays open",
          c.total(p.kind), kind);
    case ClosingProblem::unbalanced:
      return fmt::format(
          "{} tile(s) have a {} on the {} side but {} on the {} side: without rotations each meets "
          "one of the other, so one stays open",
          c.on(p.kind, p.side), kind, side_name[p.side], c.on(p.kind, opposite(p.side)),
          side_name[opposite(p.side)]);
    case ClosingProblem::loops:
      return fmt::format(
          "no tile ends a {0} (1, 3 or 4 {0} edges), so the {0}s can only form loops, and a loop "
          "bends four times{1}",
          kind,
          rotations ? ": there are fewer than 4 tiles with two neighbouring " + std::string(kind) +
                          " edges"
                    : ", once each way (north-east, east-south, south-west, west-north): one of "
                      "these bends is missing");
  }
  return std::nullopt;
}

/// Whether a map spanning rows x cols fits the board (turned, with rotations).
bool box_fits(int rows, int cols, const SequenceOptions& o) {
  if (o.rows <= 0) return true;
  return (rows <= o.rows && cols <= o.cols) || (o.rotations && rows <= o.cols && cols <= o.rows);
}

std::optional<std::string> outline_too_long(std::size_t n, const EdgeCounts& c,
                                            const SequenceOptions& o) {
  const long tiles = long(n);
  if (!o.rotations) {
    // columns <= tiles with pasture north (and south), rows <= tiles with pasture east (west)
    long cols = std::min(c.on(Edge::pasture, north), c.on(Edge::pasture, south));
    long rows = std::min(c.on(Edge::pasture, east), c.on(Edge::pasture, west));
    if (o.rows > 0) {
      rows = std::min<long>(rows, o.rows);
      cols = std::min<long>(cols, o.cols);
    }
    if (rows * cols >= tiles) return std::nullopt;
    return fmt::format(
        "every column of a map has an open north and south edge, every row an open east and west "
        "edge, all pasture: with pasture on {} north, {} south, {} east and {} west sides the map "
        "spans at most {} row(s) and {} column(s), room for {} of the {} tiles",
        c.on(Edge::pasture, north), c.on(Edge::pasture, south), c.on(Edge::pasture, east),
        c.on(Edge::pasture, west), rows, cols, rows * cols, n);
  }
  long outline = LONG_MAX;  // the shortest outline of a map of n tiles that fits
  for (long rows = 1; rows <= tiles; ++rows) {
    const long cols = (tiles + rows - 1) / rows;
    if (box_fits(int(rows), int(cols), o)) outline = std::min(outline, 2 * (rows + cols));
  }
  const long pasture = c.total(Edge::pasture);
  if (outline == LONG_MAX || pasture >= outline) return std::nullopt;
  return fmt::format(
      "the outline of a map of {} tiles has at least {} edges, all pasture, but the "
      "tiles have {} pasture edges",
      n, outline, pasture);
}

}  // namespace

std::optional<std::string> no_solution_proof(const std::vector<Tile>& tiles,
                                             const SequenceOptions& o) {
  EdgeCounts c;
  for (const Tile& t : tiles) c.add(t);
  if (auto why = board_too_small(tiles.size(), o)) return why;
  if (auto why = unpaired_edges(c, o.rotations)) return why;
  return outline_too_long(tiles.size(), c, o);
}

}  // namespace carcassonne
