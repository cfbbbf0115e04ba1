#include "svg.hpp"

#include <cmath>

#include <fmt/format.h>

namespace stenen {

namespace {

constexpr int cell = 36;
constexpr int margin = 6;

/// Hues spread by the golden angle, so neighbouring numbers get far-apart colours.
std::string colour(int stone) {
  if (stone == 0) return "#ffffff";
  const double hue = std::fmod(stone * 137.508, 360.0);
  return fmt::format("hsl({:.0f},65%,68%)", hue);
}

}  // namespace

std::string board_svg(const Puzzle& puzzle, int rows, int cols, const std::vector<int>& grid) {
  const auto at = [&](int r, int c) {
    return r < 0 || c < 0 || r >= rows || c >= cols ? -1 : grid[std::size_t(r * cols + c)];
  };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\">\n",
      cols * cell + 2 * margin, rows * cell + 2 * margin);
  std::vector<bool> labelled(puzzle.stones.size() + 1);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int s = at(r, c), x = margin + c * cell, y = margin + r * cell;
      out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", x, y,
                         cell, cell, colour(s));
      if (s == 0 || labelled[std::size_t(s)]) continue;
      labelled[std::size_t(s)] = true;
      out += fmt::format(
          "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"15\" "
          "text-anchor=\"middle\" "
          "dominant-baseline=\"central\">{}</text>\n",
          x + cell / 2, y + cell / 2, puzzle.stones[std::size_t(s - 1)].name());
    }
  // Every cell edge: thick where the two sides differ (or at the border), thin otherwise.
  for (int r = 0; r <= rows; ++r)
    for (int c = 0; c <= cols; ++c) {
      const int x = margin + c * cell, y = margin + r * cell;
      if (c < cols) {
        const bool thick = at(r - 1, c) != at(r, c);
        out += fmt::format(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
            x, y, x + cell, y, thick ? "black" : "#999", thick ? 3 : 1);
      }
      if (r < rows) {
        const bool thick = at(r, c - 1) != at(r, c);
        out += fmt::format(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
            x, y, x, y + cell, thick ? "black" : "#999", thick ? 3 : 1);
      }
    }
  return out + "</svg>\n";
}

}  // namespace stenen
