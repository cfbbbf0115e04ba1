#include "print.hpp"

#include <cmath>
#include <span>

#include <fmt/format.h>

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

}  // namespace

std::string solve_text(const Board& position, const SolveResult& r) {
  std::string out = r.grid ? board_text(position.puzzle(), position.cols(), *r.grid) +
                                 "moves: " + moves_line(position, r.moves) + "\n"
                           : "no solution\n";
  return out + stats_text(r.positions, r.seconds);
}

cli::Json board_json(const Board& position, const std::vector<int>& grid, const std::vector<Move>* moves) {
  cli::Json rows = cli::Json::array();
  const auto cols = std::size_t(position.cols());
  for (std::size_t row = 0; row * cols < grid.size(); ++row)
    rows.push_back(std::span<const int>(grid).subspan(row * cols, cols));
  cli::Json j = {{"board", std::move(rows)}, {"text", board_text(position.puzzle(), position.cols(), grid)}};
  if (moves) {
    j["moves"] = cli::Json::array();
    for (const Move& m : *moves) j["moves"].push_back(to_string(m, &position.puzzle()));
  }
  return j;
}

cli::Json stats_json(const solve::Stats& stats, solve::StopReason stop, std::uint64_t positions, double seconds,
                     const solve::MemoStats& memo) {
  cli::Json j = cli::json_stats(stats, stop, cli::Engine::exact_cover);
  j["seconds"] = std::round(seconds * 1e4) / 1e4;  // the whole run, as the text says it
  j["positions_examined"] = positions;
  if (memo.lookups > 0) {
    j["memo_lookups"] = memo.lookups;
    j["memo_hits"] = memo.hits;
    j["memo_evictions"] = memo.evictions;
  }
  return j;
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

std::string libsolve_stats_text(const CountResult& r) {
  return fmt::format("nodes: {}\nupdates: {}\n", r.stats.nodes, r.stats.updates);
}

}  // namespace stenen
