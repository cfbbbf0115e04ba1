#include "sequence_constraints.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

namespace carcassonne {

namespace {

using solve::Event;
using solve::PropStatus;
using solve::Space;
using solve::Var;

/// A bit mask in the layout of one variable's domain (bit i stands for value base + i).
class ValueMask {
 public:
  void reset(const Space& s, Var x) {
    base_ = s.base(x);
    words_.assign(s.bits(x).size(), 0);
  }
  void add(int value) {
    const long i = long(value) - base_;
    if (i >= 0 && std::size_t(i) < words_.size() * 64) words_[std::size_t(i) >> 6] |= 1ull << (i & 63);
  }
  void add_cell(int cell) {
    for (int t = 0; t < 4; ++t) add(Grid::value(cell, t));
  }
  std::span<const std::uint64_t> words() const { return words_; }

 private:
  int base_ = 0;
  std::vector<std::uint64_t> words_;
};

// ---- touching_edges_match ----

class TouchingEdges : public solve::CloneableConstraint<TouchingEdges> {
 public:
  TouchingEdges(const Grid& g, const Tile& a, Var va, const Tile& b, Var vb)
      : step_(g.step()), vars_{va, vb} {
    // allowed_[k][t][s]: turns of the other tile that match tile k turned t across side s.
    const Tile tiles[2] = {a, b};
    for (int k = 0; k < 2; ++k)
      for (int t = 0; t < 4; ++t)
        for (int s = 0; s < 4; ++s) {
          std::uint8_t m = 0;
          for (int q = 0; q < 4; ++q)
            if (tiles[1 - k].turned(q)[opposite(s)] == tiles[k].turned(t)[s]) m |= std::uint8_t(1 << q);
          allowed_[k][t][s] = m;
        }
  }

  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "touching_edges_match"; }
  bool wakes_on_assignment_only() const override { return true; }

  PropStatus propagate(Space& s) override {
    // Once one side is placed, pruning the other enforces the constraint completely.
    for (int k = 0; k < 2; ++k) {
      if (!s.assigned(vars_[k])) continue;
      const Var other = vars_[1 - k];
      const int v = s.value(vars_[k]);
      const int cell = Grid::cell_of(v), turn = Grid::turn_of(v);
      for (int q = 0; q < 4; ++q)
        if (s.remove(other, Grid::value(cell, q)) == Event::failed) return PropStatus::failed;
      for (int side = 0; side < 4; ++side) {
        const int next = cell + step_[std::size_t(side)];
        const std::uint8_t ok = allowed_[k][turn][side];
        for (int q = 0; q < 4; ++q)
          if (!(ok >> q & 1) && s.remove(other, Grid::value(next, q)) == Event::failed)
            return PropStatus::failed;
      }
      return PropStatus::entailed;
    }
    return PropStatus::fixpoint;
  }

 private:
  std::array<int, 4> step_;
  Var vars_[2];
  std::uint8_t allowed_[2][4][4];
};

// ---- next_to_earlier ----

class NextToEarlier : public solve::CloneableConstraint<NextToEarlier> {
 public:
  NextToEarlier(const Grid& g, std::vector<Var> vars) : step_(g.step()), vars_(std::move(vars)) {}

  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "next_to_earlier"; }
  bool wakes_on_assignment_only() const override { return true; }

  PropStatus propagate(Space& s) override {
    const Var last = vars_.back();
    for (std::size_t i = 0; i + 1 < vars_.size(); ++i)
      if (!s.assigned(vars_[i])) return PropStatus::fixpoint;
    mask_.reset(s, last);
    for (std::size_t i = 0; i + 1 < vars_.size(); ++i) {
      const int cell = Grid::cell_of(s.value(vars_[i]));
      for (int step : step_) mask_.add_cell(cell + step);
    }
    return s.intersect(last, mask_.words()) == Event::failed ? PropStatus::failed
                                                             : PropStatus::entailed;
  }

 private:
  std::array<int, 4> step_;
  std::vector<Var> vars_;
  ValueMask mask_;  // scratch
};

// ---- closed_map ----

class ClosedMap : public solve::CloneableConstraint<ClosedMap> {
 public:
  ClosedMap(const Grid& g, std::vector<Tile> tiles, std::vector<Var> vars)
      : step_(g.step()), tiles_(std::move(tiles)), vars_(std::move(vars)),
        mark_(std::size_t(g.cells()), 0) {}

  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "closed_map"; }
  bool wakes_on_assignment_only() const override { return true; }

  PropStatus propagate(Space& s) override {
    const PropStatus st = run(s);
    for (int c : touched_) mark_[std::size_t(c)] = 0;
    touched_.clear();
    return st;
  }

 private:
  enum : std::uint8_t { occupied = 1, required = 2 };

  void mark(int cell, std::uint8_t what) {
    if (!mark_[std::size_t(cell)]) touched_.push_back(cell);
    mark_[std::size_t(cell)] |= what;
  }

  PropStatus run(Space& s) {
    int free = 0;
    for (Var x : vars_) {
      if (s.assigned(x)) mark(Grid::cell_of(s.value(x)), occupied);
      else ++free;
    }
    required_.clear();
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      if (!s.assigned(vars_[i])) continue;
      const int v = s.value(vars_[i]);
      const Tile t = tiles_[i].turned(Grid::turn_of(v));
      for (int side = 0; side < 4; ++side) {
        if (t[side] == Edge::pasture) continue;
        const int next = Grid::cell_of(v) + step_[std::size_t(side)];
        if (mark_[std::size_t(next)]) continue;  // occupied or already required
        mark(next, required);
        required_.push_back(next);
      }
    }
    if (int(required_.size()) > free) return PropStatus::failed;
    if (free == 0) return PropStatus::entailed;
    for (int cell : required_)
      if (!fillable(s, cell)) return PropStatus::failed;
    if (int(required_.size()) < free) return PropStatus::fixpoint;
    // As many required cells as tiles left: every tile left goes to one of them. A tile
    // placed by this changes the required cells, hence `changed` (run again).
    PropStatus st = PropStatus::fixpoint;
    for (Var x : vars_) {
      if (s.assigned(x)) continue;
      mask_.reset(s, x);
      for (int cell : required_) mask_.add_cell(cell);
      const Event e = s.intersect(x, mask_.words());
      if (e == Event::failed) return PropStatus::failed;
      if (e == Event::assigned) st = PropStatus::changed;
    }
    return st;
  }

  bool fillable(const Space& s, int cell) const {
    for (Var x : vars_) {
      if (s.assigned(x)) continue;
      for (int q = 0; q < 4; ++q)
        if (s.contains(x, Grid::value(cell, q))) return true;
    }
    return false;
  }

  std::array<int, 4> step_;
  std::vector<Tile> tiles_;
  std::vector<Var> vars_;
  std::vector<std::uint8_t> mark_;  // per cell, cleared after each run
  std::vector<int> touched_;        // cells marked in this run
  std::vector<int> required_;       // scratch
  ValueMask mask_;                  // scratch
};

// ---- bounding_box ----

class BoundingBox : public solve::CloneableConstraint<BoundingBox> {
 public:
  BoundingBox(const Grid& g, int rows, int cols, std::vector<Var> vars)
      : grid_(g), rows_(rows), cols_(cols), vars_(std::move(vars)) {}

  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "bounding_box"; }
  bool wakes_on_assignment_only() const override { return true; }

  PropStatus propagate(Space& s) override {
    int r0 = INT_MAX, r1 = INT_MIN, c0 = INT_MAX, c1 = INT_MIN;
    for (Var x : vars_) {
      if (!s.assigned(x)) continue;
      const int cell = Grid::cell_of(s.value(x));
      r0 = std::min(r0, grid_.row(cell));
      r1 = std::max(r1, grid_.row(cell));
      c0 = std::min(c0, grid_.col(cell));
      c1 = std::max(c1, grid_.col(cell));
    }
    if (r0 == INT_MAX) return PropStatus::fixpoint;
    if (r1 - r0 >= rows_ || c1 - c0 >= cols_) return PropStatus::failed;
    const int lo_r = std::max(1, r1 - rows_ + 1), hi_r = std::min(grid_.height - 2, r0 + rows_ - 1);
    const int lo_c = std::max(1, c1 - cols_ + 1), hi_c = std::min(grid_.width - 2, c0 + cols_ - 1);
    PropStatus st = PropStatus::fixpoint;  // `changed` when a tile got placed: a new box
    for (Var x : vars_) {
      if (s.assigned(x)) continue;
      mask_.reset(s, x);
      for (int r = lo_r; r <= hi_r; ++r)
        for (int c = lo_c; c <= hi_c; ++c) mask_.add_cell(grid_.cell(r, c));
      const Event e = s.intersect(x, mask_.words());
      if (e == Event::failed) return PropStatus::failed;
      if (e == Event::assigned) st = PropStatus::changed;
    }
    return st;
  }

 private:
  Grid grid_;
  int rows_, cols_;
  std::vector<Var> vars_;
  ValueMask mask_;  // scratch
};

}  // namespace

std::unique_ptr<solve::Constraint> touching_edges_match(const Grid& g, const Tile& a, Var va,
                                                        const Tile& b, Var vb) {
  return std::make_unique<TouchingEdges>(g, a, va, b, vb);
}

std::unique_ptr<solve::Constraint> next_to_earlier(const Grid& g, std::vector<Var> tiles) {
  return std::make_unique<NextToEarlier>(g, std::move(tiles));
}

std::unique_ptr<solve::Constraint> closed_map(const Grid& g, std::vector<Tile> tiles,
                                              std::vector<Var> vars) {
  return std::make_unique<ClosedMap>(g, std::move(tiles), std::move(vars));
}

std::unique_ptr<solve::Constraint> bounding_box(const Grid& g, int rows, int cols,
                                                std::vector<Var> vars) {
  return std::make_unique<BoundingBox>(g, rows, cols, std::move(vars));
}

}  // namespace carcassonne
