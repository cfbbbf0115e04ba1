#include "layout.hpp"

#include <algorithm>
#include <climits>

namespace carcassonne {

namespace {

struct Box {
  int r0 = INT_MAX, r1 = INT_MIN, c0 = INT_MAX, c1 = INT_MIN;
};

Box box_of(const Layout& l) {
  Box b;
  for (const Placement& p : l.placements) {
    b.r0 = std::min(b.r0, p.row);
    b.r1 = std::max(b.r1, p.row);
    b.c0 = std::min(b.c0, p.col);
    b.c1 = std::max(b.c1, p.col);
  }
  return b;
}

}  // namespace

int Layout::rows() const {
  if (placements.empty()) return 0;
  const Box b = box_of(*this);
  return b.r1 - b.r0 + 1;
}

int Layout::cols() const {
  if (placements.empty()) return 0;
  const Box b = box_of(*this);
  return b.c1 - b.c0 + 1;
}

Layout Layout::normalised() const {
  const Box b = box_of(*this);
  Layout out = *this;
  for (Placement& p : out.placements) {
    p.row -= b.r0;
    p.col -= b.c0;
  }
  return out;
}

Layout Layout::turned() const {
  // A clockwise quarter turn sends (row, col) to (col, -row).
  Layout out = *this;
  for (Placement& p : out.placements) {
    const int r = p.row;
    p.row = p.col;
    p.col = -r;
    p.turn = (p.turn + 1) & 3;
  }
  return out.normalised();
}

}  // namespace carcassonne
