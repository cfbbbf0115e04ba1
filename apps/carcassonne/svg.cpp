#include "svg.hpp"

#include <fmt/core.h>

#include "common/output.hpp"

namespace carcassonne {

namespace {

constexpr int unit = 100;  // tile side in SVG units
constexpr const char* pasture_colour = "#5a9e3a";
constexpr const char* city_colour = "#8b5a2b";

/// A point of a tile given for the north side, turned to `side` (centre 50, 50).
struct Turner {
  int x0, y0, side;
  std::string operator()(int x, int y) const {
    for (int k = 0; k < side; ++k) {  // clockwise quarter turns: (x, y) -> (100 - y, x)
      const int t = x;
      x = unit - y;
      y = t;
    }
    return fmt::format("{},{} ", x0 + x, y0 + y);
  }
};

void draw_cities(std::string& out, const Tile& t, int x0, int y0) {
  for (int side = 0; side < 4; ++side) {
    if (t[side] != Edge::city) continue;
    const Turner p{x0, y0, side};
    const bool wide = t[(side + 1) & 3] == Edge::city || t[(side + 3) & 3] == Edge::city;
    const std::string shape =
        wide ? p(0, 0) + p(100, 0) + p(50, 50) : p(0, 0) + p(100, 0) + p(70, 30) + p(30, 30);
    // Two wide wedges of neighbouring sides meet along the diagonal: one city.
    out += fmt::format("<polygon points=\"{}\" fill=\"{}\"/>\n", shape, city_colour);
  }
  if (t.count(Edge::city) >= 3)
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"40\" height=\"40\" fill=\"{}\"/>\n",
                       x0 + 30, y0 + 30, city_colour);
}

void draw_roads(std::string& out, const Tile& t, int x0, int y0) {
  const bool straight = (t[north] == Edge::road && t[south] == Edge::road) ||
                        (t[east] == Edge::road && t[west] == Edge::road);
  const auto stroke = "stroke=\"black\" stroke-width=\"6\" fill=\"none\"";
  for (int side = 0; side < 4; ++side) {
    if (t[side] != Edge::road) continue;
    const Turner p{x0, y0, side};
    const int next = (side + 1) & 3;
    if (straight || t.count(Edge::road) == 1) {
      out += fmt::format("<polyline points=\"{}\" {}/>\n", p(50, 0) + p(50, 50), stroke);
    } else if (t[next] == Edge::road) {  // a bend to the next side clockwise
      out +=
          fmt::format("<path d=\"M {} Q {} {}\" {}/>\n", p(50, 0), p(50, 50), p(100, 50), stroke);
    }
  }
}

void draw_abbey(std::string& out, int x0, int y0) {
  out += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"24\" height=\"22\" fill=\"#e8e0d0\" stroke=\"black\"/>\n"
      "<polygon points=\"{},{} {},{} {},{}\" fill=\"#b03020\" stroke=\"black\"/>\n",
      x0 + 38, y0 + 44, x0 + 34, y0 + 44, x0 + 50, y0 + 28, x0 + 66, y0 + 44);
}

}  // namespace

std::string svg_picture(const std::vector<Tile>& tiles, const Layout& layout,
                        const std::vector<int>& numbers) {
  const Layout l = layout.normalised();
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} "
      "{}\">\n",
      l.cols() * unit, l.rows() * unit, l.cols() * unit, l.rows() * unit);
  for (std::size_t i = 0; i < tiles.size() && i < l.placements.size(); ++i) {
    const Placement& p = l.placements[i];
    const Tile t = oriented(tiles[i], p);
    const int x0 = p.col * unit, y0 = p.row * unit;
    const int number = i < numbers.size() ? numbers[i] : int(i) + 1;
    out += fmt::format("<g id=\"tile{}\">\n", number);
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#333\"/>\n", x0,
        y0, unit, unit, pasture_colour);
    draw_cities(out, t, x0, y0);
    draw_roads(out, t, x0, y0);
    if (t.abbey()) draw_abbey(out, x0, y0);
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"16\" fill=\"white\" "
        "stroke=\"black\" stroke-width=\"0.5\">{}</text>\n</g>\n",
        x0 + 6, y0 + 94, number);
  }
  out += "</svg>\n";
  return out;
}

void write_svg_file(const std::string& path, const std::vector<Tile>& tiles, const Layout& layout,
                    const std::vector<int>& numbers) {
  cli::write_file(path, svg_picture(tiles, layout, numbers));
}

}  // namespace carcassonne
