#include "report.hpp"

#include <fmt/core.h>

#include "ascii_art.hpp"

namespace carcassonne {

std::string format_solution(const std::vector<Tile>& tiles, const Layout& layout, int tile_size) {
  const Layout l = layout.normalised();
  std::string out = "Solution: ";
  for (const Placement& p : l.placements) out += fmt::format("({},{},{})", p.row, p.col, 90 * p.turn);
  out += '\n';
  for (const std::string& line : draw_board(tiles, l, tile_size)) {
    out += line;
    out += '\n';
  }
  out += '\n';
  return out;
}

std::string format_summary(std::size_t count) { return fmt::format("Found {} Solution(s).\n", count); }

std::string format_none() { return "No Solutions.\n"; }

}  // namespace carcassonne
