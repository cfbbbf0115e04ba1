#include "report.hpp"

#include <fmt/core.h>

#include "ascii_art.hpp"
#include "sequence_model.hpp"

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

std::string sequence_output(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                            int tile_size, Layout* first, solve::Stats* stats) {
  std::string out;
  const auto r = solve_sequence(tiles, o, all, [&](const Layout& l) {
    if (first && out.empty()) *first = l;
    out += format_solution(tiles, l, tile_size);
  });
  if (stats) *stats = r.search.stats;
  if (r.maps == 0) return format_none();
  if (all) out += format_summary(r.maps);
  return out;
}

}  // namespace carcassonne
