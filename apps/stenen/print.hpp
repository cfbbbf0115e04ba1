#pragma once
// Text and JSON output: boards as the statement draws them (stone numbers, '.' for an empty
// cell; cap_puzzle pieces by letter), the stable "key: value" lines scripts read, and the
// parts of --json that are stenen's own (the envelope is common/json.hpp).
#include <string>
#include <vector>

#include "board.hpp"
#include "common/json.hpp"
#include "solver.hpp"

namespace stenen {

/// The board, one line per row: "4 . . 3 1" (numbers right-aligned when there are more than
/// nine stones), or "WWAA.DDD" for cap_puzzle letters.
std::string board_text(const Puzzle& puzzle, int cols, const std::vector<int>& grid);

/// Blocks of lines side by side, three blanks apart, as many to a row as fit in `width` columns
/// (a block wider than that alone on its row), rows of blocks a blank line apart; no line ends
/// in a blank. For the pictures of the stones in play.
std::string side_by_side(const std::vector<std::vector<std::string>>& blocks, int width);

/// Stones whose box has a side over this are described, not drawn (--no-limits allows 1000).
inline constexpr int max_drawn_side = 40;

/// A stone in one orientation as the board shows it when the stone lies there: its number or
/// letter on its cells, '.' on the rest of its box; under a caption line.
std::vector<std::string> stone_picture(const Puzzle& puzzle, const Stone& stone, int orient,
                                       const std::string& caption);

/// play's `stones`: "stones left: 1 2 5", then each of them drawn as in the file (orientation 0),
/// side by side within `width` columns.
std::string stones_text(const Board& position, int width);

/// play's `stones 3`: the different orientations of a stone, each under the orientation numbers
/// that give it in a move (row,col,stone,orient), side by side within `width` columns.
std::string orientations_text(const Board& position, const Stone& stone, int width);

/// "positions examined: N\nseconds: T\n", shared by solve and count.
std::string stats_text(std::uint64_t positions, double seconds);

/// solve's output: the board, its moves and the statistics (or "no solution").
std::string solve_text(const Board& position, const SolveResult& r);
/// A solution for --json: {"board": [[1, 1, 3], ...], "text": "the board as printed",
/// "moves": ["(0,0,1,1)", ...]}; "moves" (the moves added to the position) only when given.
cli::Json board_json(const Board& position, const std::vector<int>& grid,
                     const std::vector<Move>* moves);
/// The "stats" of --json: libsolve's figures (common/json.hpp), the whole run's seconds, the
/// positions examined, and with --memo the memo's lookups, hits and evictions.
cli::Json stats_json(const solve::Stats& stats, solve::StopReason stop, std::uint64_t positions,
                     double seconds, const solve::MemoStats& memo = {});
/// count's output: "solutions: N" ("unique: N" for cap_puzzle), then the statistics (and, with
/// --memo, "memo hits: H of L lookups (P%)" and "memo evictions: E").
std::string count_text(const CountResult& r);
/// --stats: libsolve's own figures, "nodes: N\nupdates: U\n" (for standard error).
std::string libsolve_stats_text(const CountResult& r);

}  // namespace stenen
