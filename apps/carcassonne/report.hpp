#pragma once
// The course's output, byte for byte: "Solution: (row,col,rot)..." with the board picture
// and a blank line, then "Found N Solution(s)." or "No Solutions.". A search cut short by a
// limit ends with a "Partial: ..." line instead.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <solve/stats.hpp>

#include "layout.hpp"
#include "sequence_model.hpp"
#include "tile.hpp"

namespace carcassonne {

/// One solution block: the Solution line, the board, a blank line (layout normalised here).
std::string format_solution(const std::vector<Tile>& tiles, const Layout& layout, int tile_size);
/// "Found N Solution(s).\n"
std::string format_summary(std::size_t count);
/// "No Solutions.\n"
std::string format_none();

/// "Partial: ..." when a limit stopped the search before it was complete: how many maps were
/// found and what stopped it, in the words of cli::stop_cause ("stopped by the node limit
/// (--max-nodes)"). The caller prints it instead of the summary.
std::string format_partial(std::uint64_t maps, solve::StopReason stop);

/// The program's whole answer for a puzzle, written to `out` as the maps are found (nothing
/// is kept but the first map and the keys of the maps found): one solution (or every one and the summary when `all`), or
/// "No Solutions.", or a partial line when a limit of `search` stopped it first. The first
/// map goes to *first when given and found. A failed write to `out` stops the search, and
/// nothing more is written.
SequenceResult write_sequence_answer(std::ostream& out, const std::vector<Tile>& tiles,
                                     const SequenceOptions& o, bool all, int tile_size,
                                     const solve::SearchOptions& search, Layout* first = nullptr);
/// The same into a string with default_search() (for tests).
std::string sequence_output(const std::vector<Tile>& tiles, const SequenceOptions& o, bool all,
                            int tile_size);

}  // namespace carcassonne
