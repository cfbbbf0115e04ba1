#include "random_puzzle.hpp"

#include <algorithm>
#include <tuple>
#include <set>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace stenen::test {

namespace {

using Cells = std::vector<std::pair<int, int>>;

std::vector<Cells> random_tiling(std::mt19937& rng, int rows, int cols, int lo, int hi) {
  std::vector<int> owner(std::size_t(rows * cols), -1);
  std::vector<Cells> pieces;
  for (int start = 0; start < rows * cols; ++start) {
    if (owner[std::size_t(start)] >= 0) continue;
    const int target = std::uniform_int_distribution<int>(lo, hi)(rng);
    Cells piece{{start / cols, start % cols}};
    owner[std::size_t(start)] = int(pieces.size());
    while (int(piece.size()) < target) {
      Cells frontier;
      for (auto [r, c] : piece)
        for (auto [dr, dc] : {std::pair{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) {
          const int rr = r + dr, cc = c + dc;
          if (rr >= 0 && cc >= 0 && rr < rows && cc < cols && owner[std::size_t(rr * cols + cc)] < 0)
            frontier.push_back({rr, cc});
        }
      if (frontier.empty()) break;
      const auto pick = frontier[std::uniform_int_distribution<std::size_t>(0, frontier.size() - 1)(rng)];
      owner[std::size_t(pick.first * cols + pick.second)] = int(pieces.size());
      piece.push_back(pick);
    }
    pieces.push_back(piece);
  }
  return pieces;
}

/// Rows of the piece in a random orientation: '1'/'0' cells.
std::vector<std::string> picture(std::mt19937& rng, Cells c) {
  const int turns = std::uniform_int_distribution<int>(0, 3)(rng);
  const bool flip = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
  for (int t = 0; t < turns; ++t)
    for (auto& [r, k] : c) std::tie(r, k) = std::pair{k, -r};
  if (flip)
    for (auto& [r, k] : c) k = -k;
  int r0 = 1 << 20, c0 = 1 << 20, r1 = -(1 << 20), c1 = -(1 << 20);
  for (auto [r, k] : c) r0 = std::min(r0, r), c0 = std::min(c0, k), r1 = std::max(r1, r), c1 = std::max(c1, k);
  std::vector<std::string> rows(std::size_t(r1 - r0 + 1), std::string(std::size_t(c1 - c0 + 1), '0'));
  for (auto [r, k] : c) rows[std::size_t(r - r0)][std::size_t(k - c0)] = '1';
  return rows;
}

}  // namespace

RandomPuzzle random_puzzle(std::mt19937& rng, int rows, int cols, bool cap_format, int lo, int hi) {
  auto pieces = random_tiling(rng, rows, cols, lo, hi);
  std::shuffle(pieces.begin(), pieces.end(), rng);
  if (cap_format && pieces.size() > 2) {
    const int drop = std::uniform_int_distribution<int>(0, 1)(rng);
    pieces.resize(pieces.size() - std::size_t(drop));
  }
  RandomPuzzle out{"", rows, cols};
  out.text = cap_format ? fmt::format("[{},{}]\n", cols, rows) : fmt::format("{}\n", pieces.size());
  char letter = 'A';
  for (const Cells& p : pieces) {
    const auto pic = picture(rng, p);
    if (cap_format) {
      out.text += fmt::format("\n({},{})[{}]\n", pic[0].size(), pic.size(), letter++);
      for (const std::string& row : pic) out.text += fmt::format("{}\n", fmt::join(row, " "));
    } else {
      out.text += fmt::format("{} {}\n", pic.size(), pic[0].size());
      for (std::string row : pic) {
        std::replace(row.begin(), row.end(), '1', 'X');
        std::replace(row.begin(), row.end(), '0', '.');
        out.text += row + "\n";
      }
    }
  }
  return out;
}

}  // namespace stenen::test
