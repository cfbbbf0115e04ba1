#pragma once
// The oracles the stenen harnesses share (fuzz/stenen_*.cpp), each checked without the code it
// checks where that is cheap:
//   - a position is legal: replaying its moves on an empty board, with orientations computed
//     here, gives its grid;
//   - a reported board is a cover: every stone of the position where it was, every other
//     stone once in one of its eight orientations (computed here), only the cells that may
//     stay empty left empty;
//   - every method (default, --dumb, --smart) gives the same counts in every counting, equal
//     to the brute-force reference of tests/stenen when the board is small.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <solve/error.hpp>

#include "../tests/stenen/brute_force.hpp"
#include "board.hpp"
#include "solver.hpp"

namespace stenen::fuzz {

[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

using Cells = std::vector<std::pair<int, int>>;

/// Cells moved to touch row 0 and column 0, in row-major order.
inline Cells normal(Cells c) {
  int r0 = 1 << 30, c0 = 1 << 30;
  for (auto [r, k] : c) r0 = std::min(r0, r), c0 = std::min(c0, k);
  for (auto& [r, k] : c) r -= r0, k -= c0;
  std::sort(c.begin(), c.end());
  return c;
}

/// The stone's input shape turned and mirrored every way (not the app's orientation code).
inline std::vector<Cells> all_orientations(const Stone& s) {
  Cells c;
  for (Cell x : s.orientation[0].cells) c.push_back({x.row, x.col});
  std::vector<Cells> out;
  for (int flip = 0; flip < 2; ++flip) {
    for (int turn = 0; turn < 4; ++turn) {
      out.push_back(normal(c));
      for (auto& [r, k] : c) std::tie(r, k) = std::pair{k, -r};
    }
    for (auto& [r, k] : c) r = -r;
  }
  return out;
}

/// Every stone's shapes, by stone number (entry 0 unused).
inline std::vector<std::vector<Cells>> all_orientations(const Puzzle& p) {
  std::vector<std::vector<Cells>> out(1);
  for (const Stone& s : p.stones) out.push_back(all_orientations(s));
  return out;
}

/// The position's moves replayed on an empty board must give its grid, used stones and count
/// of empty cells; orientation o of a move must be one of the stone's eight shapes.
inline void check_position(const Board& b) {
  const Puzzle& p = b.puzzle();
  std::vector<int> grid(std::size_t(b.rows() * b.cols()), 0);
  std::vector<bool> used(p.stones.size() + 1, false);
  for (const Move& m : b.moves()) {
    if (m.stone < 1 || m.stone > int(p.stones.size()) || m.orient < 0 || m.orient > 7)
      fail("a move out of range");
    if (used[std::size_t(m.stone)]) fail("a stone placed twice");
    used[std::size_t(m.stone)] = true;
    const Stone& s = p.stones[std::size_t(m.stone - 1)];
    Cells placed;
    for (Cell c : s.orientation[std::size_t(m.orient)].cells) {
      const int r = m.row + c.row, k = m.col + c.col;
      if (r < 0 || k < 0 || r >= b.rows() || k >= b.cols()) fail("a stone off the board");
      int& cell = grid[std::size_t(r * b.cols() + k)];
      if (cell != 0) fail("two stones on one cell");
      cell = m.stone;
      placed.push_back({r, k});
    }
    const auto shapes = all_orientations(s);
    if (std::find(shapes.begin(), shapes.end(), normal(placed)) == shapes.end())
      fail("a move is not the stone");
  }
  if (grid != b.grid()) fail("the grid is not the moves replayed");
  for (const Stone& s : p.stones)
    if (b.used(s.number) != used[std::size_t(s.number)])
      fail("used stones disagree with the moves");
  if (b.empty_cells() != int(std::count(grid.begin(), grid.end(), 0)))
    fail("the empty cell count is wrong");
}

/// A completed board from the position: a cover as described at the top. shapes: from
/// all_orientations(position.puzzle()).
inline void check_cover(const Board& position, const std::vector<int>& grid,
                        const std::vector<std::vector<Cells>>& shapes) {
  const Puzzle& p = position.puzzle();
  if (grid.size() != position.grid().size()) fail("a solution of the wrong size");
  std::map<int, Cells> cells;
  for (std::size_t c = 0; c < grid.size(); ++c) {
    const int was = position.grid()[c], is = grid[c];
    if (was != 0 && was != is) fail("a solution moves a stone of the position");
    if (is < 0 || is > int(p.stones.size())) fail("a solution with an unknown stone");
    if (is != 0) cells[is].push_back({int(c) / position.cols(), int(c) % position.cols()});
  }
  if (cells.size() != p.stones.size()) fail("a solution leaves a stone out");
  for (const auto& [number, at] : cells) {
    const auto& mine = shapes[std::size_t(number)];
    if (std::find(mine.begin(), mine.end(), normal(at)) == mine.end())
      fail("a solution has a misshapen stone");
  }
  const auto empty = std::count(grid.begin(), grid.end(), 0);
  if (empty != std::ptrdiff_t(grid.size()) - p.area())
    fail("a solution leaves the wrong number of cells empty");
}

struct Counts {
  std::uint64_t labelled = 0, identical = 0, unique = 0;
  std::optional<std::uint64_t> labelled_unique;  // cap_puzzle's "unique" beside the labelled count
  bool complete = true;
  friend bool operator==(const Counts&, const Counts&) = default;
};

inline Counts counts(const Board& b, Method m, std::uint64_t max_nodes,
                     Twins twins = Twins::automatic) {
  Counts out;
  const auto run = [&](Counting c, bool memo = false) {
    RunOptions o{.method = m, .counting = c, .max_nodes = max_nodes, .memo = memo, .twins = twins};
    const CountResult r = count_solutions(b, o);
    out.complete &= r.complete;
    return r;
  };
  const CountResult labelled = run(Counting::labelled);
  out.labelled = labelled.solutions.saturated_u64();
  if (labelled.unique) out.labelled_unique = labelled.unique->saturated_u64();
  const CountResult identical = run(Counting::identical);
  out.identical = identical.solutions.saturated_u64();
  const CountResult unique = run(Counting::unique);
  out.unique = unique.unique.value_or(unique.solutions).saturated_u64();
  // The memoised count (no prune hook, no symmetry) agrees on labelled and identical boards.
  // Only complete counts are compared: a node limit cuts the plain and the memoised search at
  // different places (the memo visits fewer positions), so a partial count of either side says
  // nothing. Each kind of count is compared on its own, when both its runs finished.
  if (twins == Twins::automatic) {
    const CountResult ml = run(Counting::labelled, true), mi = run(Counting::identical, true);
    out.complete = out.complete && ml.complete && mi.complete;
    if (labelled.complete && ml.complete && ml.solutions != labelled.solutions)
      fail("the memoised labelled count differs from the plain one");
    if (identical.complete && mi.complete && mi.solutions != identical.solutions)
      fail("the memoised identical count differs from the plain one");
  }
  return out;
}

/// Every method counts alike (when each search finished within max_nodes), as the reference
/// does when one is given; a solution found is a cover; solve finds one exactly when the
/// count is not 0.
inline void check_methods(const Board& b, std::uint64_t max_nodes, const test::Reference* ref) {
  const auto shapes = all_orientations(b.puzzle());
  std::optional<Counts> first;
  for (Method m : {Method::fast, Method::dumb, Method::smart}) {
    const Counts c = counts(b, m, max_nodes);
    if (!c.complete) continue;
    if (first && !(c == *first)) fail("two methods count differently");
    // Interchangeable stones ordered by the prune hook or one item with a multiplicity.
    for (Twins t : {Twins::ordered, Twins::multiplicity})
      if (const Counts ct = counts(b, m, max_nodes, t); ct.complete && !(ct == c))
        fail("ordered and multiplicity twins count differently");
    first = c;
    const SolveResult s = find_solution(b, RunOptions{.method = m});
    if (s.grid.has_value() != (c.labelled > 0))
      fail("solve and count disagree on whether there is a solution");
    if (s.grid) check_cover(b, *s.grid, shapes);
  }
  if (!first || !ref) return;
  const bool cap = b.puzzle().format == Format::cap_puzzle;
  if (first->labelled != ref->labelled() || first->identical != ref->identical())
    fail("the count differs from the brute force");
  if (first->unique != ref->unique(b.rows(), b.cols(), true))
    fail("the unique count differs from the brute force");
  if (cap && first->labelled_unique != ref->unique(b.rows(), b.cols(), false))
    fail("the labelled unique count differs from the brute force");
}

/// All solutions listed (labelled) are covers, distinct, and as many as counted.
inline void check_listing(const Board& b, Method m, std::uint64_t max_nodes) {
  const auto shapes = all_orientations(b.puzzle());
  std::set<std::vector<int>> seen;
  const CountResult r = list_solutions(b, RunOptions{.method = m, .max_nodes = max_nodes},
                                       [&](const std::vector<int>& grid) {
                                         check_cover(b, grid, shapes);
                                         if (!seen.insert(grid).second)
                                           fail("a solution listed twice");
                                       });
  if (r.solutions != seen.size()) fail("the listing's count is not the boards listed");
  if (!r.complete) return;
  const CountResult c = count_solutions(b, RunOptions{.method = m});
  if (c.solutions != seen.size()) fail("the listing and the count disagree");
}

/// The puzzle written back in its own format (pictures as stored: trimmed, in orientation 0).
inline std::string written(const Puzzle& p) {
  std::string out = p.format == Format::leiden
                        ? std::to_string(p.stones.size()) + "\n"
                        : "[" + std::to_string(p.cols) + "," + std::to_string(p.rows) + "]\n";
  for (const Stone& s : p.stones) {
    const Shape& o = s.orientation[0];
    out += p.format == Format::leiden ? std::to_string(o.rows) + " " + std::to_string(o.cols) + "\n"
                                      : "(" + std::to_string(o.cols) + "," +
                                            std::to_string(o.rows) + ")[" + s.letter + "]\n";
    for (std::string row : o.picture()) {
      for (char& c : row)
        c = p.format == Format::leiden ? (c == '#' ? 'X' : '.') : (c == '#' ? '1' : '0');
      out += row + "\n";
    }
  }
  return out;
}

inline bool same_stones(const Puzzle& a, const Puzzle& b) {
  if (a.format != b.format || a.rows != b.rows || a.cols != b.cols ||
      a.stones.size() != b.stones.size())
    return false;
  for (std::size_t i = 0; i < a.stones.size(); ++i) {
    const Stone &x = a.stones[i], &y = b.stones[i];
    if (x.letter != y.letter || x.orientation != y.orientation || x.same_as != y.same_as ||
        x.parts != y.parts)
      return false;
  }
  return true;
}

/// Boards to count on: the file's (cap_puzzle), or the Leiden stones' area as rows x cols with
/// the rows nearest a square and the same turned (the default method scans the short side).
inline std::vector<std::pair<int, int>> boards(const Puzzle& p) {
  if (p.format == Format::cap_puzzle) return {{p.rows, p.cols}};
  const int area = p.area();
  int rows = 0;
  for (int r = 2; r * r <= area; ++r)
    if (area % r == 0) rows = r;
  if (rows == 0) return {};
  return {{rows, area / rows}, {area / rows, rows}};
}

/// Everything the readers' harnesses check on one input read as `format`.
inline void check_puzzle_text(std::string_view text, Format format) {
  std::optional<Puzzle> strict, free;
  try {
    strict = parse_puzzle(text, "fuzz");
  } catch (const solve::InputError&) {
  }
  try {
    free = parse_puzzle(text, "fuzz", Limits{false});
  } catch (const solve::InputError&) {
  }
  if (strict && !free) fail("a file within the statement's limits is refused without them");
  if (!free || free->format != format) return;
  if (strict && !same_stones(*strict, *free)) fail("the limits change the stones read");
  try {
    if (!same_stones(parse_puzzle(written(*free), "written", Limits{false}), *free))
      fail("the puzzle written back reads as another");
  } catch (const solve::InputError&) {
    fail("the puzzle written back does not read");
  }
  for (const auto& [rows, cols] : boards(*free)) {
    if (rows * cols > 30) continue;  // counting must stay cheap
    try {
      check_board(*free, rows, cols, Limits{false});
    } catch (const solve::InputError&) {
      if (rows >= 2 && cols >= 2) fail("a board of the stones' size is refused");
      continue;
    }
    const Board b(*free, rows, cols);
    std::optional<test::Reference> ref;
    if (rows * cols <= 16) ref = test::brute_force(*free, rows, cols, b.grid(), 500);
    // Budgets keep an input at a few milliseconds: small boards finish well within them.
    check_methods(b, 5000, ref ? &*ref : nullptr);
    check_listing(b, Method::dumb, 3000);
  }
}

}  // namespace stenen::fuzz
