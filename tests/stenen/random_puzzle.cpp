#include "random_puzzle.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace stenen::test {

namespace {

using Cells = std::vector<std::pair<int, int>>;

int uniform(std::mt19937& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}
bool chance(std::mt19937& rng, double p) { return std::bernoulli_distribution(p)(rng); }

bool touch(const Cells& a, const Cells& b) {
  for (auto [r, c] : a)
    for (auto [r2, c2] : b)
      if (std::abs(r - r2) + std::abs(c - c2) == 1) return true;
  return false;
}

/// A 3x3 ring (the centre left out) or a C (also one side's middle left out), somewhere.
Cells ring(std::mt19937& rng, int rows, int cols) {
  const int r0 = uniform(rng, 0, rows - 3), c0 = uniform(rng, 0, cols - 3);
  const int gap = chance(rng, 0.5) ? uniform(rng, 0, 3) : -1;
  const std::pair<int, int> sides[4] = {{0, 1}, {1, 0}, {1, 2}, {2, 1}};
  Cells out;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      if (!(r == 1 && c == 1) && !(gap >= 0 && sides[gap] == std::pair{r, c}))
        out.push_back({r0 + r, c0 + c});
  return out;
}

std::vector<Cells> random_tiling(std::mt19937& rng, int rows, int cols, const PuzzleKind& kind) {
  std::vector<int> owner(std::size_t(rows * cols), -1);
  std::vector<Cells> pieces;
  if (rows >= 3 && cols >= 3 && chance(rng, kind.ring)) {
    pieces.push_back(ring(rng, rows, cols));
    for (auto [r, c] : pieces[0]) owner[std::size_t(r * cols + c)] = 0;
  }
  for (int start = 0; start < rows * cols; ++start) {
    if (owner[std::size_t(start)] >= 0) continue;
    const int target = uniform(rng, kind.min_piece, kind.max_piece);
    Cells piece{{start / cols, start % cols}};
    owner[std::size_t(start)] = int(pieces.size());
    while (int(piece.size()) < target) {
      Cells frontier;
      for (auto [r, c] : piece)
        for (auto [dr, dc] : {std::pair{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) {
          const int rr = r + dr, cc = c + dc;
          if (rr >= 0 && cc >= 0 && rr < rows && cc < cols &&
              owner[std::size_t(rr * cols + cc)] < 0)
            frontier.push_back({rr, cc});
        }
      if (frontier.empty()) break;
      const auto pick = frontier[std::size_t(uniform(rng, 0, int(frontier.size()) - 1))];
      owner[std::size_t(pick.first * cols + pick.second)] = int(pieces.size());
      piece.push_back(pick);
    }
    pieces.push_back(piece);
  }
  return pieces;
}

/// Rows of the piece in a random orientation: '1'/'0' cells.
std::vector<std::string> picture(std::mt19937& rng, Cells c) {
  const int turns = uniform(rng, 0, 3);
  const bool flip = chance(rng, 0.5);
  for (int t = 0; t < turns; ++t)
    for (auto& [r, k] : c) std::tie(r, k) = std::pair{k, -r};
  if (flip)
    for (auto& [r, k] : c) k = -k;
  int r0 = 1 << 20, c0 = 1 << 20, r1 = -(1 << 20), c1 = -(1 << 20);
  for (auto [r, k] : c)
    r0 = std::min(r0, r), c0 = std::min(c0, k), r1 = std::max(r1, r), c1 = std::max(c1, k);
  std::vector<std::string> rows(std::size_t(r1 - r0 + 1),
                                std::string(std::size_t(c1 - c0 + 1), '0'));
  for (auto [r, k] : c) rows[std::size_t(r - r0)][std::size_t(k - c0)] = '1';
  return rows;
}

/// cap_puzzle allows empty rows and columns around a piece: add some.
void pad(std::mt19937& rng, std::vector<std::string>& pic) {
  const auto left = std::size_t(uniform(rng, 0, 1)), right = std::size_t(uniform(rng, 0, 1));
  for (std::string& row : pic) row = std::string(left, '0') + row + std::string(right, '0');
  if (chance(rng, 0.5)) pic.insert(pic.begin(), std::string(pic[0].size(), '0'));
  if (chance(rng, 0.5)) pic.push_back(std::string(pic[0].size(), '0'));
}

std::string cap_text(std::mt19937& rng, const std::vector<Cells>& pieces, int rows, int cols,
                     bool untidy) {
  std::string text = fmt::format("[{},{}]\n", cols, rows);
  char letter = 'A';
  for (const Cells& p : pieces) {
    auto pic = picture(rng, p);
    if (untidy) pad(rng, pic);
    const bool spaced = !untidy || chance(rng, 0.5);
    text += fmt::format("\n({},{})[{}]\n", pic[0].size(), pic.size(), letter++);
    for (const std::string& row : pic)
      text += fmt::format("{}\n", fmt::join(row, spaced ? " " : ""));
  }
  return text;
}

std::string leiden_text(std::mt19937& rng, const std::vector<Cells>& pieces) {
  std::string text = fmt::format("{}\n", pieces.size());
  for (const Cells& p : pieces) {
    const auto pic = picture(rng, p);
    text += fmt::format("{} {}\n", pic.size(), pic[0].size());
    for (std::string row : pic) {
      std::replace(row.begin(), row.end(), '1', 'X');
      std::replace(row.begin(), row.end(), '0', '.');
      text += row + "\n";
    }
  }
  return text;
}

}  // namespace

RandomPuzzle random_puzzle(std::mt19937& rng, int rows, int cols, const PuzzleKind& kind) {
  auto pieces = random_tiling(rng, rows, cols, kind);
  std::shuffle(pieces.begin(), pieces.end(), rng);
  RandomPuzzle out{"", rows, cols};
  if (!kind.cap_format) {
    out.text = leiden_text(rng, pieces);
    return out;
  }
  for (int m = uniform(rng, 0, kind.max_merges); m > 0 && pieces.size() > 2; --m) {
    // The last piece joins the first that it does not touch (so the result is in parts).
    std::size_t into = 0;
    while (into + 1 < pieces.size() && touch(pieces[into], pieces.back())) ++into;
    if (into + 1 == pieces.size()) into = 0;
    pieces[into].insert(pieces[into].end(), pieces.back().begin(), pieces.back().end());
    pieces.pop_back();
    std::shuffle(pieces.begin(), pieces.end(), rng);
  }
  const int drop = std::min(uniform(rng, 0, kind.max_dropped), int(pieces.size()) - 2);
  if (drop > 0) pieces.resize(pieces.size() - std::size_t(drop));
  out.text = cap_text(rng, pieces, rows, cols, kind.untidy);
  return out;
}

}  // namespace stenen::test
