#include "ascii_art.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace carcassonne {

namespace {

/// The inner grid (without border) of one tile, with the geometry of its size.
class Canvas {
 public:
  explicit Canvas(int size)
      : n_(size - 2),
        h_(n_ / 2),
        d_((h_ + 2) / 2),
        cells_(std::size_t(n_) * std::size_t(n_), ' ') {}

  int n() const { return n_; }
  int h() const { return h_; }
  int d() const { return d_; }
  void put(int row, int col, char c) {
    cells_[std::size_t(row) * std::size_t(n_) + std::size_t(col)] = c;
  }
  /// Draws a cell given in north-side coordinates, turned to face `side`.
  void put_facing(int side, int row, int col, char c) {
    const int last = n_ - 1;
    switch (side) {
      case north: put(row, col, c); break;
      case east: put(col, last - row, c); break;
      case south: put(last - row, last - col, c); break;
      default: put(last - col, row, c); break;
    }
  }
  void text(int row, int col, std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) put(row, col + int(i), s[i]);
  }
  std::string_view row(int r) const {
    return {cells_.data() + std::size_t(r) * std::size_t(n_), std::size_t(n_)};
  }

 private:
  int n_, h_, d_;
  std::string cells_;
};

bool is(const Tile& t, int side, Edge e) { return t[side & 3] == e; }

void draw_roads(Canvas& cv, const Tile& t) {
  const int h = cv.h(), r = cv.d() - 1;
  const bool straight = (is(t, north, Edge::road) && is(t, south, Edge::road)) ||
                        (is(t, east, Edge::road) && is(t, west, Edge::road));
  const int reach = straight ? 1 : 2;  // gap left next to the centre
  if (straight) cv.put(h, h, '#');
  for (int side = 0; side < 4; ++side) {
    if (!is(t, side, Edge::road)) continue;
    // In north-side coordinates the road runs down column h from row 0.
    for (int row = 0; row <= h - reach; ++row) cv.put_facing(side, row, h, '#');
  }
  if (straight) return;
  // Neighbouring roads (side, side + 1 clockwise) meet through a diagonal.
  for (int side = 0; side < 4; ++side) {
    if (!is(t, side, Edge::road) || !is(t, side + 1, Edge::road)) continue;
    for (int c = 1; c <= r - 1; ++c) {
      // North-east corner in north coordinates, turned to the pair's corner.
      cv.put_facing(side, h - c, h + r - c, '#');
      cv.put_facing(side, h - c, h, ' ');
      cv.put_facing(side, h, h + r - c, ' ');
    }
  }
}

void draw_cities(Canvas& cv, const Tile& t) {
  const int n = cv.n(), h = cv.h(), d = cv.d();
  for (int side = 0; side < 4; ++side) {
    if (!is(t, side, Edge::city)) continue;
    const bool wide = is(t, side + 1, Edge::city) || is(t, side + 3, Edge::city);
    const int depth = wide ? h : d;
    for (int i = 0; i < depth; ++i)
      for (int col = i + 1; col <= n - i - 2; ++col) cv.put_facing(side, i, col, '.');
    if (is(t, side + 3, Edge::city))  // the corner towards the previous side (N-W for north)
      for (int i = 0; i < h; ++i) cv.put_facing(side, i, i, '.');
  }
  if (t.count(Edge::city) >= 3)
    for (int row = d; row <= n - d - 1; ++row)
      for (int col = d; col <= n - d - 1; ++col) cv.put(row, col, '.');
}

void draw_abbey(Canvas& cv) {
  const int h = cv.h();
  cv.text(h - 2, h, "^");
  cv.text(h - 1, h - 1, "/ \\");
  cv.text(h, h - 2, "/| |\\");
  cv.text(h + 1, h - 1, "| |");
  cv.text(h + 2, h - 1, "+-+");
}

void check_size(int size) {
  if (!valid_tile_size(size))
    throw std::invalid_argument("tile size " + std::to_string(size) + ": must be odd, " +
                                std::to_string(min_tile_size) + " to " +
                                std::to_string(max_tile_size));
}

/// `inner` between two `edge` characters.
std::string framed(char edge, std::string_view inner) {
  std::string s(1, edge);
  s.append(inner);
  s += edge;
  return s;
}

}  // namespace

std::vector<std::string> draw_tile(const Tile& t, int size) {
  check_size(size);
  Canvas cv(size);
  draw_roads(cv, t);
  draw_cities(cv, t);
  if (t.abbey()) draw_abbey(cv);
  std::vector<std::string> lines{framed('+', std::string(std::size_t(size - 2), '-'))};
  for (int r = 0; r < cv.n(); ++r) lines.push_back(framed('|', cv.row(r)));
  lines.push_back(lines.front());
  return lines;
}

std::vector<std::string> draw_board(const std::vector<Tile>& tiles, const Layout& layout,
                                    int size) {
  check_size(size);
  const std::size_t rows = std::size_t(layout.rows()), cols = std::size_t(layout.cols());
  // pictures[r * cols + c] is the picture at that cell, empty when the cell is empty.
  std::vector<std::vector<std::string>> pictures(rows * cols);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Placement& p = layout.placements[i];
    pictures[std::size_t(p.row) * cols + std::size_t(p.col)] =
        draw_tile(oriented(tiles[i], p), size);
  }
  const std::string blank(std::size_t(size), ' ');
  std::vector<std::string> lines;
  for (std::size_t r = 0; r < rows; ++r)
    for (int line = 0; line < size; ++line) {
      std::string s;
      for (std::size_t c = 0; c < cols; ++c) {
        const auto& pic = pictures[r * cols + c];
        s += pic.empty() ? blank : pic[std::size_t(line)];
      }
      lines.push_back(std::move(s));
    }
  return lines;
}

}  // namespace carcassonne
