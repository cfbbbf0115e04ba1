#include "report.hpp"

#include <fmt/core.h>

#include <sstream>

#include "ascii_art.hpp"
#include "common/report.hpp"

namespace carcassonne {

std::string format_solution(const std::vector<Tile>& tiles, const Layout& layout, int tile_size) {
  const Layout l = layout.normalised();
  std::string out = "Solution: ";
  for (const Placement& p : l.placements)
    out += fmt::format("({},{},{})", p.row, p.col, 90 * p.turn);
  out += '\n';
  for (const std::string& line : draw_board(tiles, l, tile_size)) {
    out += line;
    out += '\n';
  }
  out += '\n';
  return out;
}

std::string format_summary(std::size_t count) {
  return fmt::format("Found {} Solution(s).\n", count);
}

std::string format_none() { return "No Solutions.\n"; }

std::string format_partial(std::uint64_t maps, solve::StopReason stop) {
  return fmt::format(
      "Partial: {} Solution(s) found; stopped by {} before the search was complete.\n", maps,
      cli::stop_cause(stop));
}

SequenceResult write_sequence_answer(std::ostream& out, const std::vector<Tile>& tiles,
                                     const SequenceOptions& o, bool all, int tile_size,
                                     const solve::SearchOptions& search, Layout* first) {
  const SequenceResult r = solve_sequence(
      tiles, o, all,
      [&](const Layout& l) {
        if (first && first->placements.empty()) *first = l;
        out << format_solution(tiles, l, tile_size);
        return bool(out);  // a failed write stops the search
      },
      search);
  if (!out) return r;  // nothing more can be written
  if (r.cut_short(all)) out << format_partial(r.maps, r.search.stop);
  else if (r.maps == 0) out << format_none();
  else if (all) out << format_summary(r.maps);
  return r;
}

std::string sequence_output(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                            int tile_size) {
  std::ostringstream out;
  write_sequence_answer(out, tiles, o, all, tile_size, default_search());
  return out.str();
}

}  // namespace carcassonne
