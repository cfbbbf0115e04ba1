#include "print.hpp"

#include <algorithm>
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

std::string side_by_side(const std::vector<std::vector<std::string>>& blocks, int width) {
  const auto block_width = [](const std::vector<std::string>& b) {
    std::size_t w = 0;
    for (const std::string& line : b) w = std::max(w, line.size());
    return w;
  };
  const std::size_t gap = 3;
  std::string out;
  for (std::size_t first = 0; first < blocks.size();) {
    // As many blocks as fit, at least one.
    std::size_t last = first + 1, used = block_width(blocks[first]), height = blocks[first].size();
    while (last < blocks.size() &&
           used + gap + block_width(blocks[last]) <= std::size_t(std::max(width, 0))) {
      used += gap + block_width(blocks[last]);
      height = std::max(height, blocks[last].size());
      ++last;
    }
    if (first > 0) out += '\n';
    for (std::size_t row = 0; row < height; ++row) {
      std::string line;
      for (std::size_t b = first; b < last; ++b) {
        if (b > first) line.resize(line.size() + gap, ' ');
        const std::string text = row < blocks[b].size() ? blocks[b][row] : "";
        line += text;
        if (b + 1 < last) line.resize(line.size() + block_width(blocks[b]) - text.size(), ' ');
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + '\n';
    }
    first = last;
  }
  return out;
}

std::vector<std::string> stone_picture(const Puzzle& puzzle, const Stone& stone, int orient,
                                       const std::string& caption) {
  const Shape& shape = stone.orientation[std::size_t(orient)];
  std::vector<std::string> lines{caption};
  if (shape.rows > max_drawn_side || shape.cols > max_drawn_side) {
    lines.push_back(fmt::format("({}x{} box,", shape.rows, shape.cols));
    lines.push_back(fmt::format("{} cells:", shape.cells.size()));
    lines.push_back("too big to draw)");
    return lines;
  }
  // The box as a little board holding just this stone, drawn as the board is.
  std::vector<int> grid(std::size_t(shape.rows * shape.cols), 0);
  for (Cell c : shape.cells) grid[std::size_t(c.row * shape.cols + c.col)] = stone.number;
  const std::string text = board_text(puzzle, shape.cols, grid);
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

std::string stones_text(const Board& position, int width) {
  std::string names;
  std::vector<std::vector<std::string>> blocks;
  for (const Stone& s : position.puzzle().stones)
    if (!position.used(s.number)) {
      names += fmt::format(" {}", s.name());
      blocks.push_back(stone_picture(position.puzzle(), s, 0, fmt::format("stone {}", s.name())));
    }
  if (blocks.empty()) return "stones left: none\n";
  return fmt::format("stones left:{}\n{}", names, side_by_side(blocks, width));
}

std::string orientations_text(const Board& position, const Stone& stone, int width) {
  std::vector<std::vector<std::string>> blocks;
  for (int o = 0; o < num_orientations; ++o) {
    if (!stone.distinct(o)) continue;
    std::string caption = std::to_string(o);
    for (int same = o + 1; same < num_orientations; ++same)
      if (stone.same_as[std::size_t(same)] == o) caption += fmt::format(",{}", same);
    blocks.push_back(stone_picture(position.puzzle(), stone, o, caption));
  }
  const std::string name = stone.name();
  const std::string which =
      blocks.size() == 1 ? "its only orientation, under its"
                         : fmt::format("its {} different orientations, under their", blocks.size());
  std::string out = fmt::format(
      "stone {} ({} cells) in {} orient numbers;\n"
      "the move (row,col,{},orient) puts the top-left of the box drawn at (row,col)\n",
      name, stone.size(), which, name);
  out += side_by_side(blocks, width);
  for (const Move& m : position.moves())
    if (m.stone == stone.number)
      out += fmt::format("stone {} is on the board: {}\n", name, to_string(m, &position.puzzle()));
  return out;
}

std::string stats_text(std::uint64_t positions, double seconds) {
  return fmt::format("positions examined: {}\nseconds: {:.4f}\n", positions, seconds);
}

namespace {

std::string moves_line(const Board& position, const std::vector<Move>& moves) {
  std::string s;
  for (const Move& m : moves)
    s += fmt::format("{}{}", s.empty() ? "" : " ", to_string(m, &position.puzzle()));
  return s;
}

}  // namespace

std::string solve_text(const Board& position, const SolveResult& r) {
  std::string out = r.grid ? board_text(position.puzzle(), position.cols(), *r.grid) +
                                 "moves: " + moves_line(position, r.moves) + "\n"
                           : "no solution\n";
  return out + stats_text(r.positions, r.seconds);
}

cli::Json board_json(const Board& position, const std::vector<int>& grid,
                     const std::vector<Move>* moves) {
  cli::Json rows = cli::Json::array();
  const auto cols = std::size_t(position.cols());
  for (std::size_t row = 0; row * cols < grid.size(); ++row)
    rows.push_back(std::span<const int>(grid).subspan(row * cols, cols));
  cli::Json j = {{"board", std::move(rows)},
                 {"text", board_text(position.puzzle(), position.cols(), grid)}};
  if (moves) {
    j["moves"] = cli::Json::array();
    for (const Move& m : *moves) j["moves"].push_back(to_string(m, &position.puzzle()));
  }
  return j;
}

cli::Json stats_json(const solve::Stats& stats, solve::StopReason stop, std::uint64_t positions,
                     double seconds, const solve::MemoStats& memo) {
  cli::Json j = cli::json_stats(stats, stop, cli::Counters::exact_cover);
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
  return fmt::format("memo hits: {} of {} lookups ({:.1f}%)\nmemo evictions: {}\n", m.hits,
                     m.lookups, 100 * m.hit_rate(), m.evictions);
}

}  // namespace

std::string count_text(const CountResult& r) {
  std::string out = fmt::format("solutions: {}\n", r.solutions.to_string());
  if (r.unique) out += fmt::format("unique: {}\n", r.unique->to_string());
  out += stats_text(r.positions, r.seconds);
  return r.memo.lookups > 0 ? out + memo_text(r.memo) : out;
}

std::string libsolve_stats_text(const CountResult& r) {
  std::string out = fmt::format("nodes: {}\nupdates: {}\n", r.stats.nodes, r.stats.updates);
  // The labelled count taken through the classes of congruent stones (RunOptions::labelled_by_classes).
  if (r.relabellings != 1)
    out += fmt::format("labelled: the boards of interchangeable congruent stones x {}\n",
                       r.relabellings.to_string());
  if (r.memo_trial > 0)
    out += fmt::format("memo trial: {} nodes, {}\n", r.memo_trial,
                       r.memo.lookups > 0 ? "counted" : "dropped");
  return out;
}

}  // namespace stenen
