#pragma once
// Text and JSON output: boards as the statement draws them (stone numbers, '.' for an empty
// cell; cap_puzzle pieces by letter), and the stable "key: value" lines scripts read.
#include <string>
#include <vector>

#include "board.hpp"
#include "solver.hpp"

namespace stenen {

/// The board, one line per row: "4 . . 3 1" (numbers right-aligned when there are more than
/// nine stones), or "WWAA.DDD" for cap_puzzle letters.
std::string board_text(const Puzzle& puzzle, int cols, const std::vector<int>& grid);

/// "positions examined: N\nseconds: T\n", shared by solve and count.
std::string stats_text(std::uint64_t positions, double seconds);

/// solve's output: the board, its moves and the statistics (or "no solution").
std::string solve_text(const Board& position, const SolveResult& r);
std::string solve_json(const Board& position, const SolveResult& r);
/// count's output: "solutions: N" ("unique: N" for cap_puzzle), then the statistics (and, with
/// --memo, "memo hits: H of L lookups (P%)" and "memo evictions: E").
std::string count_text(const CountResult& r);
std::string count_json(const CountResult& r);
/// --stats: libsolve's own figures, "nodes: N\nupdates: U\n" (for standard error).
std::string libsolve_stats_text(const CountResult& r);

}  // namespace stenen
