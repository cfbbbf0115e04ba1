#include "shape.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

namespace stenen {

namespace {

/// The shape with its cells in row-major order: a counting sort by column, then a stable one
/// by row, so linear in the cells and the sides (stones may have a million cells).
Shape normalised(int rows, int cols, std::vector<Cell> cells) {
  std::vector<Cell> out(cells.size());
  std::vector<std::size_t> start;
  const auto by = [&](auto key, int keys, const std::vector<Cell>& from, std::vector<Cell>& to) {
    start.assign(std::size_t(keys) + 1, 0);
    for (Cell c : from) ++start[std::size_t(key(c)) + 1];
    for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
    for (Cell c : from) to[start[std::size_t(key(c))]++] = c;
  };
  by([](Cell c) { return c.col; }, cols, cells, out);
  by([](Cell c) { return c.row; }, rows, out, cells);
  return Shape{rows, cols, std::move(cells)};
}

}  // namespace

Shape Shape::turned() const {
  // Clockwise: the left column becomes the top row.
  std::vector<Cell> out;
  out.reserve(cells.size());
  for (Cell c : cells) out.push_back({c.col, rows - 1 - c.row});
  return normalised(cols, rows, std::move(out));
}

Shape Shape::mirrored() const {
  std::vector<Cell> out;
  out.reserve(cells.size());
  for (Cell c : cells) out.push_back({rows - 1 - c.row, c.col});
  return normalised(rows, cols, std::move(out));
}

std::vector<std::string> Shape::picture() const {
  std::vector<std::string> pic(std::size_t(rows), std::string(std::size_t(cols), '.'));
  for (Cell c : cells) pic[std::size_t(c.row)][std::size_t(c.col)] = '#';
  return pic;
}

std::string Stone::name() const {
  return letter != 0 ? std::string(1, letter) : std::to_string(number);
}

Stone make_stone(int number, char letter, Shape shape) {
  Stone s;
  s.number = number;
  s.letter = letter;
  s.orientation[0] = normalised(shape.rows, shape.cols, std::move(shape.cells));
  s.orientation[4] = s.orientation[0].mirrored();
  for (std::size_t o : {1u, 2u, 3u, 5u, 6u, 7u}) s.orientation[o] = s.orientation[o - 1].turned();
  for (int o = 0; o < num_orientations; ++o) {
    int first = 0;
    while (!(s.orientation[std::size_t(first)] == s.orientation[std::size_t(o)])) ++first;
    s.same_as[std::size_t(o)] = first;
  }
  s.parts = part_sizes(s.orientation[0]);
  return s;
}

std::vector<int> part_sizes(const Shape& shape) {
  // A flood fill over the bounding box: linear in the box, which the input's picture spans.
  const auto rows = std::size_t(shape.rows), cols = std::size_t(shape.cols);
  std::vector<char> open(rows * cols, 0);
  for (Cell c : shape.cells) open[std::size_t(c.row) * cols + std::size_t(c.col)] = 1;
  std::vector<std::size_t> todo;
  std::vector<int> sizes;
  for (std::size_t start = 0; start < open.size(); ++start) {
    if (!open[start]) continue;
    open[start] = 0;
    todo.assign(1, start);
    int size = 0;
    while (!todo.empty()) {
      const std::size_t i = todo.back();
      todo.pop_back();
      ++size;
      const std::size_t r = i / cols, c = i % cols;
      const std::size_t next[4] = {r > 0 ? i - cols : i, r + 1 < rows ? i + cols : i,
                                   c > 0 ? i - 1 : i, c + 1 < cols ? i + 1 : i};
      for (std::size_t n : next)
        if (open[n]) {
          open[n] = 0;
          todo.push_back(n);
        }
    }
    sizes.push_back(size);
  }
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  return sizes;
}

bool connected(const Shape& shape) { return part_sizes(shape).size() == 1; }

std::vector<int> congruence_classes(const std::vector<Stone>& stones) {
  // Congruent stones have the same least orientation; a map from it finds the first such
  // stone in O(S log S) comparisons instead of comparing every pair.
  const auto less = [](const Shape* a, const Shape* b) {
    return std::tie(a->rows, a->cols, a->cells) < std::tie(b->rows, b->cols, b->cells);
  };
  std::map<const Shape*, int, decltype(less)> first(less);
  std::vector<int> cls(stones.size());
  for (std::size_t i = 0; i < stones.size(); ++i) {
    const Shape* least = &stones[i].orientation[0];
    for (const Shape& o : stones[i].orientation)
      if (less(&o, least)) least = &o;
    cls[i] = first.emplace(least, int(i)).first->second;
  }
  return cls;
}

}  // namespace stenen
