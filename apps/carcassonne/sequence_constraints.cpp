#include "sequence_constraints.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "edge_counts.hpp"

namespace carcassonne {

namespace {

using solve::Event;
using solve::Propagation;
using solve::PropStatus;
using solve::Space;
using solve::Var;
using solve::Wake;

/// The tile variables of one constraint, kept twice: as given (for scope()) and as bare ids,
/// which the propagators' loops read. Tile variables are never views (checked here), and a
/// Var rebuilt from its id alone tells the compiler so: Space's view arithmetic (scale,
/// offset) folds away, and a step through the ids is 4 bytes instead of a Var's 12.
/// Measured on the sequences with every solution: docs/notes/kernel-port.md (issue 8, seq8).
class TileVars {
 public:
  /// Throws std::invalid_argument when a view is among vars (`who` names the constraint).
  TileVars(std::vector<Var> vars, const char* who) : vars_(std::move(vars)) {
    ids_.reserve(vars_.size());
    for (Var x : vars_) {
      if (x.is_view())
        throw std::invalid_argument(std::string(who) + ": tile variables must not be views");
      ids_.push_back(x.id);
    }
  }
  /// The variables as given.
  std::span<const Var> all() const { return vars_; }
  /// Number of variables.
  std::size_t size() const { return ids_.size(); }
  /// Variable i, as a plain variable.
  Var operator[](std::size_t i) const { return Var{ids_[i]}; }
  /// The last variable.
  Var back() const { return Var{ids_.back()}; }
  /// The ids, for range loops (Var{id} is variable i).
  std::span<const std::int32_t> ids() const { return ids_; }

 private:
  std::vector<Var> vars_;
  std::vector<std::int32_t> ids_;
};

/// A tile in its four turns (index: quarter turns clockwise; [0] is the tile as given).
using Turns = std::array<Tile, 4>;

/// Every tile in its four turns, made once per constraint: the propagators look a turn up
/// instead of calling Tile::turned (out of line) for every neighbour they compare.
std::vector<Turns> all_turns(const std::vector<Tile>& tiles) {
  std::vector<Turns> turns(tiles.size());
  for (std::size_t i = 0; i < tiles.size(); ++i)
    for (int q = 0; q < 4; ++q) turns[i][std::size_t(q)] = tiles[i].turned(q);
  return turns;
}

/// A bit mask in the layout of one variable's domain (bit i stands for value base + i).
class ValueMask {
 public:
  void reset(const Space& s, Var x) {
    base_ = s.base(x);
    words_.assign(s.bits(x).size(), 0);
  }
  void add(int value) {
    const long i = long(value) - base_;
    if (i >= 0 && std::size_t(i) < words_.size() * 64)
      words_[std::size_t(i) >> 6] |= 1ull << (i & 63);
  }
  void add_cell(int cell) {
    for (int t = 0; t < 4; ++t) add(Grid::value(cell, t));
  }
  std::span<const std::uint64_t> words() const { return words_; }

 private:
  int base_ = 0;
  std::vector<std::uint64_t> words_;
};

// ---- play_order ----

class PlayOrder : public solve::CloneableConstraint<PlayOrder> {
 public:
  PlayOrder(const Grid& g, const std::vector<Tile>& tiles, std::vector<Var> vars, int later)
      : step_(g.step()),
        turns_(all_turns(tiles)),
        vars_(std::move(vars), "play_order"),
        later_(later),
        owner_(std::size_t(g.cells()), -1),
        required_(std::size_t(g.cells()), 0) {}

  std::span<const Var> scope() const override { return vars_.all(); }
  std::string_view name() const override { return "play_order"; }
  Wake wakes_on(Propagation) const override { return Wake::assigned; }

  PropStatus propagate(Space& s) override {
    const std::size_t last = vars_.size() - 1;
    for (std::size_t i = 0; i < last; ++i)
      if (!s.assigned(vars_[i])) return PropStatus::fixpoint;
    for (std::size_t i = 0; i < last; ++i) {
      const int v = s.value(vars_[i]);
      owner_[std::size_t(Grid::cell_of(v))] = std::int16_t(i);
    }
    // Empty cells that road/city edges of the placed tiles need filled.
    open_.clear();
    for (std::size_t i = 0; i < last; ++i) {
      const int v = s.value(vars_[i]);
      const Tile t = turns_[i][std::size_t(Grid::turn_of(v))];
      for (int side = 0; side < 4; ++side) {
        const int next = Grid::cell_of(v) + step_[std::size_t(side)];
        if (t[side] != Edge::pasture && owner_[std::size_t(next)] < 0 &&
            !required_[std::size_t(next)]) {
          required_[std::size_t(next)] = 1;
          open_.push_back(next);
        }
      }
    }
    mask_.reset(s, vars_[last]);
    for (std::size_t i = 0; i < last; ++i) {
      const int cell = Grid::cell_of(s.value(vars_[i]));
      for (int step : step_)
        if (owner_[std::size_t(cell + step)] < 0) allow_matching_turns(s, cell + step);
    }
    for (std::size_t i = 0; i < last; ++i)
      owner_[std::size_t(Grid::cell_of(s.value(vars_[i])))] = -1;
    for (int c : open_) required_[std::size_t(c)] = 0;
    return s.intersect(vars_[last], mask_.words()) == Event::failed ? PropStatus::failed
                                                                    : PropStatus::entailed;
  }

 private:
  /// Adds to mask_ the turns of the last tile that match every placed neighbour of `cell`
  /// and leave no more cells to fill than tiles to come.
  void allow_matching_turns(const Space& s, int cell) {
    const Var x = vars_.back();
    for (int q = 0; q < 4; ++q) {
      const int value = Grid::value(cell, q);
      if (!s.contains(x, value)) continue;
      const Tile t = turns_.back()[std::size_t(q)];
      bool ok = true;
      for (int side = 0; side < 4 && ok; ++side) {
        const int who = owner_[std::size_t(cell + step_[std::size_t(side)])];
        if (who < 0) continue;
        const int v = s.value(vars_[std::size_t(who)]);
        ok = turns_[std::size_t(who)][std::size_t(Grid::turn_of(v))][opposite(side)] == t[side];
      }
      if (ok && open_after(t, cell) <= later_) mask_.add(value);
    }
  }

  /// The number of cells to fill once t lies on cell.
  int open_after(const Tile& t, int cell) const {
    int open = int(open_.size()) - required_[std::size_t(cell)];
    for (int side = 0; side < 4; ++side) {
      const int next = cell + step_[std::size_t(side)];
      open += t[side] != Edge::pasture && owner_[std::size_t(next)] < 0 &&
              !required_[std::size_t(next)];
    }
    return open;
  }

  std::array<int, 4> step_;
  std::vector<Turns> turns_;  // per tile: its four turns
  TileVars vars_;
  int later_;                           // tiles played after this one
  std::vector<std::int16_t> owner_;     // per cell: the earlier tile on it or -1 (scratch)
  std::vector<std::uint8_t> required_;  // per cell: an earlier tile needs it filled (scratch)
  std::vector<int> open_;               // the cells marked in required_ (scratch)
  ValueMask mask_;                      // scratch
};

// ---- closed_map ----

class ClosedMap : public solve::CloneableConstraint<ClosedMap> {
 public:
  ClosedMap(const Grid& g, const std::vector<Tile>& tiles, std::vector<Var> vars, bool rotations,
            bool counting)
      : step_(g.step()),
        turns_(all_turns(tiles)),
        vars_(std::move(vars), "closed_map"),
        rotations_(rotations),
        counting_(counting),
        mark_(std::size_t(g.cells()), 0),
        owner_(std::size_t(g.cells()), -1) {}

  std::span<const Var> scope() const override { return vars_.all(); }
  std::string_view name() const override { return "closed_map"; }
  Wake wakes_on(Propagation) const override { return Wake::assigned; }

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
    EdgeCounts left;  // edges of the tiles not placed yet
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      if (!s.assigned(vars_[i])) {
        ++free;
        left.add(turns_[i][0]);
        continue;
      }
      const int cell = Grid::cell_of(s.value(vars_[i]));
      mark(cell, occupied);
      owner_[std::size_t(cell)] = std::int16_t(i);
    }
    required_.clear();
    EdgeCounts open;  // road and city edges of placed tiles facing an empty cell
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      if (!s.assigned(vars_[i])) continue;
      const int v = s.value(vars_[i]);
      const Tile t = turns_[i][std::size_t(Grid::turn_of(v))];
      for (int side = 0; side < 4; ++side) {
        if (t[side] == Edge::pasture) continue;
        const int next = Grid::cell_of(v) + step_[std::size_t(side)];
        if (mark_[std::size_t(next)] & occupied) continue;
        ++open.count[std::size_t(t[side])][std::size_t(side)];
        if (mark_[std::size_t(next)]) continue;  // already required
        mark(next, required);
        required_.push_back(next);
      }
    }
    if (int(required_.size()) > free || (counting_ && !can_close(left, open, rotations_)))
      return PropStatus::failed;
    if (free == 0) return PropStatus::entailed;
    for (int cell : required_)
      if (!fillable(s, cell)) return PropStatus::failed;
    if (int(required_.size()) < free) return PropStatus::fixpoint;
    // As many required cells as tiles left: every tile left goes to one of them. A tile
    // placed by this changes the required cells, hence `changed` (run again).
    PropStatus st = PropStatus::fixpoint;
    for (const std::int32_t id : vars_.ids()) {
      const Var x{id};
      if (s.assigned(x)) continue;
      mask_.reset(s, x);
      for (int cell : required_) mask_.add_cell(cell);
      const Event e = s.intersect(x, mask_.words());
      if (e == Event::failed) return PropStatus::failed;
      if (e == Event::assigned) st = PropStatus::changed;
    }
    return st;
  }

  /// Some tile not placed yet can lie on `cell`, matching the placed tiles around it.
  bool fillable(const Space& s, int cell) const {
    for (std::size_t j = 0; j < vars_.size(); ++j) {
      if (s.assigned(vars_[j])) continue;
      for (int q = 0; q < 4; ++q)
        if (s.contains(vars_[j], Grid::value(cell, q)) &&
            matches(s, turns_[j][std::size_t(q)], cell))
          return true;
    }
    return false;
  }

  bool matches(const Space& s, const Tile& t, int cell) const {
    for (int side = 0; side < 4; ++side) {
      const int next = cell + step_[std::size_t(side)];
      if (!(mark_[std::size_t(next)] & occupied)) continue;
      const int who = owner_[std::size_t(next)];
      const int v = s.value(vars_[std::size_t(who)]);
      const Tile& n = turns_[std::size_t(who)][std::size_t(Grid::turn_of(v))];
      if (n[opposite(side)] != t[side]) return false;
    }
    return true;
  }

  std::array<int, 4> step_;
  std::vector<Turns> turns_;  // per tile: its four turns
  TileVars vars_;
  bool rotations_;                   // tiles not placed yet may still turn
  bool counting_;                    // use can_close
  std::vector<std::uint8_t> mark_;   // per cell, cleared after each run
  std::vector<std::int16_t> owner_;  // per occupied cell: the tile on it (valid where marked)
  std::vector<int> touched_;         // cells marked in this run
  std::vector<int> required_;        // scratch
  ValueMask mask_;                   // scratch
};

// ---- bounding_box ----

class BoundingBox : public solve::CloneableConstraint<BoundingBox> {
 public:
  BoundingBox(const Grid& g, int rows, int cols, std::vector<Var> vars)
      : grid_(g), rows_(rows), cols_(cols), vars_(std::move(vars), "bounding_box") {}

  std::span<const Var> scope() const override { return vars_.all(); }
  std::string_view name() const override { return "bounding_box"; }
  Wake wakes_on(Propagation) const override { return Wake::assigned; }

  PropStatus propagate(Space& s) override {
    int r0 = INT_MAX, r1 = INT_MIN, c0 = INT_MAX, c1 = INT_MIN;
    for (const std::int32_t id : vars_.ids()) {
      const Var x{id};
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
    for (const std::int32_t id : vars_.ids()) {
      const Var x{id};
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
  TileVars vars_;
  ValueMask mask_;  // scratch
};

}  // namespace

std::unique_ptr<solve::Constraint> play_order(const Grid& g, std::vector<Tile> tiles,
                                              std::vector<Var> vars, int later) {
  return std::make_unique<PlayOrder>(g, tiles, std::move(vars), later);
}

std::unique_ptr<solve::Constraint> closed_map(const Grid& g, std::vector<Tile> tiles,
                                              std::vector<Var> vars, bool rotations,
                                              bool counting) {
  return std::make_unique<ClosedMap>(g, tiles, std::move(vars), rotations, counting);
}

std::unique_ptr<solve::Constraint> bounding_box(const Grid& g, int rows, int cols,
                                                std::vector<Var> vars) {
  return std::make_unique<BoundingBox>(g, rows, cols, std::move(vars));
}

}  // namespace carcassonne
