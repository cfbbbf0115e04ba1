#include "print.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace stenen {

std::string board_text(const Puzzle& puzzle, int cols, const std::vector<int>& grid) {
  const bool letters = puzzle.format == Format::cap_puzzle;
  const int width = letters ? 1 : int(std::to_string(puzzle.stones.size()).size());
  std::string out;
  for (std::size_t c = 0; c < grid.size(); ++c) {
    const int s = grid[c];
    const std::string name = s == 0 ? "." : puzzle.stones[std::size_t(s - 1)].name();
    if (!letters && c % std::size_t(cols) != 0) out += ' ';
    out += fmt::format("{:>{}}", name, width);
    if (c % std::size_t(cols) == std::size_t(cols - 1)) out += '\n';
  }
  return out;
}

std::string stats_text(std::uint64_t positions, double seconds) {
  return fmt::format("positions examined: {}\nseconds: {:.4f}\n", positions, seconds);
}

namespace {

std::string moves_line(const Board& position, const std::vector<Move>& moves) {
  std::string s;
  for (const Move& m : moves) s += fmt::format("{}{}", s.empty() ? "" : " ", to_string(m, &position.puzzle()));
  return s;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", int(c));
    else out += c;
  }
  return out + "\"";
}

}  // namespace

std::string solve_text(const Board& position, const SolveResult& r) {
  std::string out = r.grid ? board_text(position.puzzle(), position.cols(), *r.grid) +
                                 "moves: " + moves_line(position, r.moves) + "\n"
                           : "no solution\n";
  return out + stats_text(r.positions, r.seconds);
}

std::string solve_json(const Board& position, const SolveResult& r) {
  if (!r.grid)
    return fmt::format(
        "{{\"solution\": null, \"text\": null, \"moves\": [], \"positions_examined\": {}, "
        "\"seconds\": {:.4f}}}\n",
        r.positions, r.seconds);
  std::vector<std::string> rows, moves;
  const auto cols = std::size_t(position.cols());
  for (std::size_t row = 0; row < std::size_t(position.rows()); ++row)
    rows.push_back(fmt::format("[{}]", fmt::join(r.grid->begin() + std::ptrdiff_t(row * cols),
                                                 r.grid->begin() + std::ptrdiff_t((row + 1) * cols), ", ")));
  for (const Move& m : r.moves) moves.push_back(json_string(to_string(m, &position.puzzle())));
  return fmt::format(
      "{{\"solution\": [{}], \"text\": {}, \"moves\": [{}], \"positions_examined\": {}, "
      "\"seconds\": {:.4f}}}\n",
      fmt::join(rows, ", "), json_string(board_text(position.puzzle(), position.cols(), *r.grid)),
      fmt::join(moves, ", "), r.positions, r.seconds);
}

namespace {

// "memo hits: 812 of 1024 lookups (79.3%)": what the memo did, after the statistics.
std::string memo_text(const solve::MemoStats& m) {
  return fmt::format("memo hits: {} of {} lookups ({:.1f}%)\nmemo evictions: {}\n", m.hits, m.lookups,
                     100 * m.hit_rate(), m.evictions);
}

}  // namespace

std::string count_text(const CountResult& r) {
  std::string out = fmt::format("solutions: {}\n", r.solutions.to_string());
  if (r.unique) out += fmt::format("unique: {}\n", r.unique->to_string());
  out += stats_text(r.positions, r.seconds);
  return r.memo.lookups > 0 ? out + memo_text(r.memo) : out;
}

std::string count_json(const CountResult& r) {
  std::string unique = r.unique ? fmt::format(", \"unique\": {}", r.unique->to_string()) : "";
  std::string memo = r.memo.lookups > 0 ? fmt::format(", \"memo_lookups\": {}, \"memo_hits\": {}, \"memo_evictions\": {}",
                                                      r.memo.lookups, r.memo.hits, r.memo.evictions)
                                        : "";
  return fmt::format(
      "{{\"solutions\": {}{}, \"positions_examined\": {}, \"seconds\": {:.4f}{}, \"complete\": {}}}\n",
      r.solutions.to_string(), unique, r.positions, r.seconds, memo, r.complete);
}

std::string libsolve_stats_text(const CountResult& r) {
  return fmt::format("nodes: {}\nupdates: {}\n", r.stats.nodes, r.stats.updates);
}

}  // namespace stenen
