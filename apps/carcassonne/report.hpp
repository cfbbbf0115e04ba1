#pragma once
// The course's output, byte for byte: "Solution: (row,col,rot)..." with the board picture
// and a blank line, then "Found N Solution(s)." or "No Solutions.".
#include <string>
#include <vector>

#include "layout.hpp"
#include "solve/stats.hpp"
#include "tile.hpp"

namespace carcassonne {

/// One solution block: the Solution line, the board, a blank line (layout normalised here).
std::string format_solution(const std::vector<Tile>& tiles, const Layout& layout, int tile_size);
/// "Found N Solution(s).\n"
std::string format_summary(std::size_t count);
/// "No Solutions.\n"
std::string format_none();

struct SequenceOptions;
/// The program's whole answer for a puzzle: one solution (or every one and the summary when
/// `all`), or "No Solutions.". The first map goes to *first when given and found.
std::string sequence_output(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                            int tile_size, Layout* first = nullptr, solve::Stats* stats = nullptr);

}  // namespace carcassonne
