#include "svg.hpp"

#include <fmt/format.h>

namespace futoshiki {

namespace {

// Whole SVG units, so the text is the same on every machine (the golden test compares it).
constexpr int margin = 12;
constexpr int cell = 48;
constexpr int gap = 24;  // between two cells: room for a sign
constexpr int pitch = cell + gap;
constexpr int sign_depth = 6;   // half the chevron's extent along the line of the cells
constexpr int sign_width = 10;  // half its extent across it
constexpr const char* given_fill = "#e4e4e4";
constexpr const char* solved_colour = "#1a5fb4";

int font_size(int n) { return n < 10 ? 26 : n < 100 ? 22 : 16; }

// A chevron centred at (x, y) whose point looks towards (dx, dy), a unit step.
std::string chevron(int x, int y, int dx, int dy) {
  // The point, then the two arms' ends behind it and to either side.
  const int px = x + dx * sign_depth, py = y + dy * sign_depth;
  const int bx = x - dx * sign_depth, by = y - dy * sign_depth;
  const int sx = dy * sign_width, sy = dx * sign_width;  // across the line
  return fmt::format("<polyline points=\"{},{} {},{} {},{}\"/>\n", bx + sx, by + sy, px, py,
                     bx - sx, by - sy);
}

}  // namespace

std::string puzzle_svg(const Puzzle& p, std::span<const int> solution) {
  const int n = p.n, side = 2 * margin + n * cell + (n - 1) * gap;
  const auto left = [](int c) { return margin + c * pitch; };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{0}\" viewBox=\"0 0 {0} "
      "{0}\">\n"
      "<rect width=\"{0}\" height=\"{0}\" fill=\"white\"/>\n"
      "<g stroke=\"#333\" stroke-width=\"2\">\n",
      side);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      out +=
          fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"{}\"/>\n",
                      left(c), left(r), cell, cell, p.given(r, c) != 0 ? given_fill : "white");
  out +=
      "</g>\n<g stroke=\"black\" stroke-width=\"3\" stroke-linecap=\"round\" "
      "stroke-linejoin=\"round\" fill=\"none\">\n";
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      // '<' points left (the left cell is the smaller), '>' right; '^' up, 'v' down.
      if (c + 1 < n && p.right_of(r, c) != Relation::none)
        out += chevron(left(c) + cell + gap / 2, left(r) + cell / 2,
                       p.right_of(r, c) == Relation::less ? -1 : 1, 0);
      if (r + 1 < n && p.below(r, c) != Relation::none)
        out += chevron(left(c) + cell / 2, left(r) + cell + gap / 2, 0,
                       p.below(r, c) == Relation::less ? -1 : 1);
    }
  // The baseline a third of the font below the centre puts the digits in the middle of the cell
  // (dominant-baseline is not read by every viewer).
  const int size = font_size(n);
  out += fmt::format(
      "</g>\n<g font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"{}\" "
      "text-anchor=\"middle\">\n",
      size);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int given = p.given(r, c);
      const int value = given != 0         ? given
                        : solution.empty() ? 0
                                           : solution[std::size_t(r * n + c)];
      if (value == 0) continue;
      out += fmt::format(
          "<text x=\"{}\" y=\"{}\" {}>{}</text>\n", left(c) + cell / 2,
          left(r) + cell / 2 + size * 35 / 100,
          given != 0 ? "font-weight=\"bold\"" : fmt::format("fill=\"{}\"", solved_colour), value);
    }
  return out + "</g>\n</svg>\n";
}

}  // namespace futoshiki
