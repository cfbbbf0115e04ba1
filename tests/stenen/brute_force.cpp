#include "brute_force.hpp"

#include <algorithm>
#include <tuple>

namespace stenen::test {

namespace {

using Cells = std::vector<std::pair<int, int>>;

Cells normal(Cells c) {
  int r0 = 1 << 20, c0 = 1 << 20;
  for (auto [r, k] : c) r0 = std::min(r0, r), c0 = std::min(c0, k);
  for (auto& [r, k] : c) r -= r0, k -= c0;
  std::sort(c.begin(), c.end());
  return c;
}

/// The distinct shapes among the 8 rotations and reflections, computed afresh.
std::vector<Cells> all_shapes(const Shape& s) {
  std::set<Cells> out;
  Cells c;
  for (Cell x : s.cells) c.push_back({x.row, x.col});
  for (int flip = 0; flip < 2; ++flip) {
    for (int turn = 0; turn < 4; ++turn) {
      out.insert(normal(c));
      for (auto& [r, k] : c) std::tie(r, k) = std::pair{k, -r};
    }
    for (auto& [r, k] : c) k = -k;
  }
  return {out.begin(), out.end()};
}

struct Brute {
  const Puzzle& p;
  int rows, cols, holes;
  std::vector<std::vector<Cells>> shapes;
  std::vector<int> grid;
  std::vector<bool> used;
  std::size_t limit;
  Reference out;

  void run(int from) {
    if (out.boards.size() > limit) return;
    int cell = from;
    while (cell < rows * cols && grid[std::size_t(cell)] != 0) ++cell;
    if (cell == rows * cols) {
      if (std::all_of(used.begin() + 1, used.end(), [](bool u) { return u; }))
        out.boards.insert(grid);
      return;
    }
    const int r = cell / cols, c = cell % cols;
    for (std::size_t s = 1; s < used.size(); ++s) {
      if (used[s]) continue;
      for (const Cells& shape : shapes[s - 1]) {
        // The shape's first cell (row-major) goes on the empty cell.
        const int dr = r - shape[0].first, dc = c - shape[0].second;
        const bool fits = std::all_of(shape.begin(), shape.end(), [&](auto x) {
          const int rr = x.first + dr, cc = x.second + dc;
          return rr >= 0 && cc >= 0 && rr < rows && cc < cols &&
                 grid[std::size_t(rr * cols + cc)] == 0;
        });
        if (!fits) continue;
        for (auto x : shape) grid[std::size_t((x.first + dr) * cols + x.second + dc)] = int(s);
        used[s] = true;
        run(cell + 1);
        used[s] = false;
        for (auto x : shape) grid[std::size_t((x.first + dr) * cols + x.second + dc)] = 0;
      }
    }
    if (holes > 0) {  // leave the cell empty
      grid[std::size_t(cell)] = -1;
      --holes;
      run(cell + 1);
      ++holes;
      grid[std::size_t(cell)] = 0;
    }
  }
};

std::vector<int> transform(const std::vector<int>& g, int rows, int cols, int t) {
  std::vector<int> out(g.size());
  const int R = rows - 1, C = cols - 1;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int r2 = r, c2 = c;
      if (t & 1) r2 = R - r2;
      if (t & 2) c2 = C - c2;
      if (t & 4) std::swap(r2, c2);  // only for square boards
      out[std::size_t(r2 * cols + c2)] = g[std::size_t(r * cols + c)];
    }
  return out;
}

/// The class of each stone number: the first stone with a common shape (identical), or itself.
std::vector<int> classes(const Puzzle& puzzle, bool identical) {
  std::vector<int> cls(puzzle.stones.size() + 1);
  std::vector<std::vector<Cells>> shapes;
  for (std::size_t i = 0; i < puzzle.stones.size(); ++i) {
    cls[i + 1] = int(i + 1);
    shapes.push_back(all_shapes(puzzle.stones[i].orientation[0]));
    if (!identical) continue;
    for (std::size_t j = 0; j < i; ++j)
      if (shapes[j] == shapes[i]) {
        cls[i + 1] = cls[j + 1];
        break;
      }
  }
  return cls;
}

/// The grid with stones written as class * 1000 + their order of first cell.
std::vector<int> relabelled(const std::vector<int>& cls, const std::vector<int>& grid) {
  std::vector<int> order(cls.size(), 0), out;
  int next = 0;
  for (int s : grid) {
    if (s == 0) {
      out.push_back(0);
      continue;
    }
    if (order[std::size_t(s)] == 0) order[std::size_t(s)] = ++next;
    out.push_back(cls[std::size_t(s)] * 1000 + order[std::size_t(s)]);
  }
  return out;
}

}  // namespace

std::vector<int> canonical(const Puzzle& puzzle, const std::vector<int>& grid, bool identical) {
  return relabelled(classes(puzzle, identical), grid);
}

std::size_t Reference::identical() const {
  const std::vector<int> cls = classes(*puzzle, true);
  std::set<std::vector<int>> seen;
  for (const auto& g : boards) seen.insert(relabelled(cls, g));
  return seen.size();
}

std::size_t Reference::unique(int rows, int cols, bool identical) const {
  const std::vector<int> cls = classes(*puzzle, identical);
  std::set<std::vector<int>> seen;
  std::vector<int> keep;  // the symmetries that keep the starting position
  for (int t = 0; t < (rows == cols ? 8 : 4); ++t)
    if (relabelled(cls, transform(start, rows, cols, t)) == relabelled(cls, start))
      keep.push_back(t);
  for (const auto& g : boards) {
    std::vector<int> best;
    for (int t : keep) {
      auto c = relabelled(cls, transform(g, rows, cols, t));
      if (best.empty() || c < best) best = c;
    }
    seen.insert(best);
  }
  return seen.size();
}

std::optional<Reference> brute_force(const Puzzle& puzzle, int rows, int cols,
                                     std::vector<int> start, std::size_t limit) {
  int area = 0, empty = 0;
  for (int x : start) empty += x == 0;
  Brute b{puzzle, rows, cols, 0, {}, std::move(start), std::vector<bool>(puzzle.stones.size() + 1),
          limit,  {}};
  for (int x : b.grid)
    if (x > 0) b.used[std::size_t(x)] = true;
  for (const Stone& s : puzzle.stones) {
    b.shapes.push_back(all_shapes(s.orientation[0]));
    if (!b.used[std::size_t(s.number)]) area += s.size();
  }
  b.holes = puzzle.format == Format::cap_puzzle ? empty - area : 0;
  b.out.puzzle = &puzzle;
  b.out.start = b.grid;
  if (b.holes >= 0) b.run(0);
  if (b.out.boards.size() > limit) return std::nullopt;
  std::set<std::vector<int>> clean;  // holes back to 0
  for (auto g : b.out.boards) {
    for (int& x : g) x = std::max(x, 0);
    clean.insert(g);
  }
  b.out.boards = std::move(clean);
  return b.out;
}

}  // namespace stenen::test
