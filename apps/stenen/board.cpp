#include "board.hpp"

namespace stenen {

Board::Board(const Puzzle& puzzle, int rows, int cols)
    : puzzle_(&puzzle),
      rows_(rows),
      cols_(cols),
      grid_(std::size_t(rows * cols), 0),
      used_(puzzle.stones.size() + 1, false),
      empty_(rows * cols) {}

std::optional<std::string> Board::why_illegal(const Move& m) const {
  const int n = int(puzzle_->stones.size());
  if (m.stone < 1 || m.stone > n)
    return "no stone " + std::to_string(m.stone) + ": stones are numbered 1.." + std::to_string(n);
  const Stone& s = puzzle_->stones[std::size_t(m.stone - 1)];
  if (m.orient < 0 || m.orient >= num_orientations)
    return "orientation " + std::to_string(m.orient) + " out of range: orientations are 0..7";
  if (used(m.stone)) {
    for (const Move& d : moves_)
      if (d.stone == m.stone)
        return "stone " + s.name() + " is already on the board at " + to_string(d, puzzle_);
  }
  const Shape& shape = s.orientation[std::size_t(m.orient)];
  if (m.row < 0 || m.col < 0 || m.row + shape.rows > rows_ || m.col + shape.cols > cols_)
    return "off the board: stone " + s.name() + " in orientation " + std::to_string(m.orient) +
           " is " + std::to_string(shape.rows) + "x" + std::to_string(shape.cols) +
           ", its box from (" + std::to_string(m.row) + "," + std::to_string(m.col) +
           ") must stay within rows 0.." + std::to_string(rows_ - 1) + " and columns 0.." +
           std::to_string(cols_ - 1);
  for (Cell c : shape.cells) {
    const int r = m.row + c.row, k = m.col + c.col;
    if (const int other = at(r, k))
      return "overlap: cell (" + std::to_string(r) + "," + std::to_string(k) +
             ") is covered by stone " + puzzle_->stones[std::size_t(other - 1)].name();
  }
  return std::nullopt;
}

std::optional<std::string> Board::place(const Move& m) {
  if (auto why = why_illegal(m)) return why;
  paint(m, m.stone);
  used_[std::size_t(m.stone)] = true;
  moves_.push_back(m);
  empty_ -= puzzle_->stones[std::size_t(m.stone - 1)].size();
  return std::nullopt;
}

bool Board::undo() {
  if (moves_.empty()) return false;
  const Move m = moves_.back();
  moves_.pop_back();
  paint(m, 0);
  used_[std::size_t(m.stone)] = false;
  empty_ += puzzle_->stones[std::size_t(m.stone - 1)].size();
  return true;
}

void Board::paint(const Move& m, int value) {
  const Shape& shape = puzzle_->stones[std::size_t(m.stone - 1)].orientation[std::size_t(m.orient)];
  for (Cell c : shape.cells) grid_[std::size_t((m.row + c.row) * cols_ + m.col + c.col)] = value;
}

}  // namespace stenen
