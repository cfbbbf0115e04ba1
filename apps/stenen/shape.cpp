#include "shape.hpp"

#include <algorithm>
#include <cstddef>
#include <functional>

namespace stenen {

namespace {

Shape normalised(int rows, int cols, std::vector<Cell> cells) {
  std::sort(cells.begin(), cells.end());
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
  s.parts = part_sizes(s.orientation[0].cells);
  return s;
}

std::vector<int> part_sizes(std::vector<Cell> cells) {
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  const auto index = [&](Cell c) -> std::ptrdiff_t {
    const auto it = std::lower_bound(cells.begin(), cells.end(), c);
    return it != cells.end() && *it == c ? it - cells.begin() : -1;
  };
  std::vector<char> seen(cells.size(), 0);
  std::vector<std::size_t> todo;
  std::vector<int> sizes;
  for (std::size_t start = 0; start < cells.size(); ++start) {
    if (seen[start]) continue;
    seen[start] = 1;
    todo.assign(1, start);
    int size = 0;
    while (!todo.empty()) {
      const Cell c = cells[todo.back()];
      todo.pop_back();
      ++size;
      for (Cell n : {Cell{c.row - 1, c.col}, Cell{c.row + 1, c.col}, Cell{c.row, c.col - 1}, Cell{c.row, c.col + 1}}) {
        const std::ptrdiff_t i = index(n);
        if (i < 0 || seen[std::size_t(i)]) continue;
        seen[std::size_t(i)] = 1;
        todo.push_back(std::size_t(i));
      }
    }
    sizes.push_back(size);
  }
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  return sizes;
}

bool connected(const std::vector<Cell>& cells) { return part_sizes(cells).size() == 1; }

std::vector<int> congruence_classes(const std::vector<Stone>& stones) {
  std::vector<int> cls(stones.size());
  for (std::size_t i = 0; i < stones.size(); ++i) {
    cls[i] = int(i);
    for (std::size_t j = 0; j < i && cls[i] == int(i); ++j) {
      const auto& os = stones[j].orientation;
      if (std::find(os.begin(), os.end(), stones[i].orientation[0]) != os.end()) cls[i] = cls[j];
    }
  }
  return cls;
}

}  // namespace stenen
