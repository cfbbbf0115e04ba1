#include "symmetry.hpp"

#include <functional>

namespace stenen {

std::vector<BoardSymmetry> board_symmetries(int rows, int cols) {
  struct Map {
    const char* name;
    std::function<std::pair<int, int>(int, int)> f;
    bool square_only;
  };
  const int R = rows - 1, C = cols - 1;
  const Map maps[] = {
      {"identity",
       [](int r, int c) {
         return std::pair{r, c};
       },
       false},
      {"turn 180",
       [&](int r, int c) {
         return std::pair{R - r, C - c};
       },
       false},
      {"mirror rows",
       [&](int r, int c) {
         return std::pair{R - r, c};
       },
       false},
      {"mirror columns",
       [&](int r, int c) {
         return std::pair{r, C - c};
       },
       false},
      {"turn 90",
       [&](int r, int c) {
         return std::pair{c, R - r};
       },
       true},
      {"turn 270",
       [&](int r, int c) {
         return std::pair{C - c, r};
       },
       true},
      {"transpose",
       [](int r, int c) {
         return std::pair{c, r};
       },
       true},
      {"anti-transpose",
       [&](int r, int c) {
         return std::pair{C - c, R - r};
       },
       true},
  };
  std::vector<BoardSymmetry> out;
  for (const Map& m : maps) {
    if (m.square_only && rows != cols) continue;
    BoardSymmetry g{m.name, std::vector<int>(std::size_t(rows * cols))};
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        const auto [r2, c2] = m.f(r, c);
        g.image[std::size_t(r * cols + c)] = r2 * cols + c2;
      }
    out.push_back(std::move(g));
  }
  return out;
}

bool invariant(const std::vector<int>& grid, const std::vector<int>& class_of,
               const std::vector<int>& image) {
  // g must send each stone onto one stone of its class, and no two stones onto the same one.
  std::vector<int> to(class_of.size(), 0), from(class_of.size(), 0);
  for (std::size_t c = 0; c < grid.size(); ++c) {
    const int a = grid[c], b = grid[std::size_t(image[c])];
    if ((a == 0) != (b == 0)) return false;
    if (a == 0) continue;
    if (class_of[std::size_t(a)] != class_of[std::size_t(b)]) return false;
    if (to[std::size_t(a)] == 0) to[std::size_t(a)] = b;
    if (from[std::size_t(b)] == 0) from[std::size_t(b)] = a;
    if (to[std::size_t(a)] != b || from[std::size_t(b)] != a) return false;
  }
  return true;
}

std::vector<int> board_key(const std::vector<int>& grid, const std::vector<int>& class_of) {
  std::vector<int> first(class_of.size(), -1), key(grid.size(), 0);
  const int cells = int(grid.size());
  for (int c = 0; c < cells; ++c) {
    const int s = grid[std::size_t(c)];
    if (s == 0) continue;
    if (first[std::size_t(s)] < 0) first[std::size_t(s)] = c;
    key[std::size_t(c)] = class_of[std::size_t(s)] * (cells + 1) + first[std::size_t(s)] + 1;
  }
  return key;
}

std::vector<int> transformed(const std::vector<int>& grid, const std::vector<int>& image) {
  std::vector<int> out(grid.size());
  for (std::size_t c = 0; c < grid.size(); ++c) out[std::size_t(image[c])] = grid[c];
  return out;
}

}  // namespace stenen
