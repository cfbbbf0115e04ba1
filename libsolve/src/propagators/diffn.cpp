// diffn / diffn_nonstrict: rectangles that do not overlap. Two kinds of reasoning, both on
// bounds and recomputed on every run (nothing kept between runs, nothing to trail):
//  - per pair, the four relations (i left of j, j left of i, i below j, j below i; and for
//    the non-strict form "a size is 0"): none possible fails, exactly one possible is enforced
//    (the bounds of x[j] >= x[i] + dx[i] and so on);
//  - when no size can be negative, per axis the cumulative projection: the rectangles as tasks
//    along the axis, each using its side along the other axis, the capacity the extent of all
//    placements on the other axis. Rectangles that overlap along the axis must be apart on the
//    other one, so the sides of those over any point add up to at most the capacity. A sweep
//    over the compulsory parts (time-tabling) fails on an overload and pushes each start
//    (and end) past the segments where the rectangle cannot fit; and the sum of the smallest
//    areas must fit the bounding box of every placement.
// O(n^2) per run; a run that pruned answers `changed` (one pruning can enable another).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/packing.hpp"

namespace solve {
namespace detail {
namespace {

using I64 = std::int64_t;
__extension__ typedef __int128 Wide;  // a sum of areas (each below 2^62)

class Diffn final : public CloneableConstraint<Diffn> {
 public:
  Diffn(std::vector<Var> scope, bool strict) : scope_(std::move(scope)), strict_(strict) {
    n_ = scope_.size() / 4;
  }
  std::span<const Var> scope() const override { return scope_; }
  std::string_view name() const override { return strict_ ? "diffn" : "diffn_nonstrict"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }

  bool check(std::span<const int> v) const override {
    const std::size_t n = n_;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        const I64 xi = v[i], yi = v[n + i], wi = v[2 * n + i], hi = v[3 * n + i];
        const I64 xj = v[j], yj = v[n + j], wj = v[2 * n + j], hj = v[3 * n + j];
        if (!strict_ && (wi == 0 || hi == 0 || wj == 0 || hj == 0)) continue;
        if (xi + wi <= xj || xj + wj <= xi || yi + hi <= yj || yj + hj <= yi) continue;
        return false;
      }
    return true;
  }

  PropStatus propagate(Space& s) override {
    bool pruned = false;
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j) {
        const PropStatus r = pair(s, i, j);
        if (r == PropStatus::failed) return r;
        pruned = pruned || r == PropStatus::changed;
      }
    bool nonnegative = true;
    for (std::size_t k = 2 * n_; k < 4 * n_; ++k) nonnegative = nonnegative && s.min(scope_[k]) >= 0;
    if (nonnegative && n_ > 1) {
      if (!fits_bounding_box(s)) return PropStatus::failed;
      for (int axis = 0; axis < 2; ++axis) {
        const PropStatus r = sweep(s, axis);
        if (r == PropStatus::failed) return r;
        pruned = pruned || r == PropStatus::changed;
      }
    }
    if (pruned) return PropStatus::changed;
    for (const Var v : scope_)
      if (!s.assigned(v)) return PropStatus::fixpoint;
    return PropStatus::entailed;  // every pair passed with one relation possible, i.e. holding
  }

 private:
  Var pos(int axis, std::size_t i) const { return scope_[std::size_t(axis) * n_ + i]; }
  Var size(int axis, std::size_t i) const { return scope_[(2 + std::size_t(axis)) * n_ + i]; }

  /// a + da <= b on bounds: whether it can hold, and enforcing it.
  static bool possible(const Space& s, Var a, Var da, Var b) {
    return I64(s.min(a)) + s.min(da) <= s.max(b);
  }
  static bool enforce(Space& s, Var a, Var da, Var b, bool& changed) {
    const Event e1 = s.set_min(b, I64(s.min(a)) + s.min(da));
    const Event e2 = s.set_max(a, I64(s.max(b)) - s.min(da));
    const Event e3 = s.set_max(da, I64(s.max(b)) - s.min(a));
    changed = changed || e1 != Event::none || e2 != Event::none || e3 != Event::none;
    return e1 != Event::failed && e2 != Event::failed && e3 != Event::failed;
  }

  /// The pairwise reasoning over rectangles i and j.
  PropStatus pair(Space& s, std::size_t i, std::size_t j) {
    // the relations: i left of j, j left of i, i below j, j below i
    struct Rel {
      Var a, da, b;
    } rels[4] = {{pos(0, i), size(0, i), pos(0, j)},
                 {pos(0, j), size(0, j), pos(0, i)},
                 {pos(1, i), size(1, i), pos(1, j)},
                 {pos(1, j), size(1, j), pos(1, i)}};
    int count = 0, last = -1;
    for (int r = 0; r < 4; ++r)
      if (possible(s, rels[r].a, rels[r].da, rels[r].b)) {
        ++count;
        last = r;
      }
    Var zero_size{};
    if (!strict_) {  // a size that can be 0 frees the pair
      const Var sizes[4] = {size(0, i), size(1, i), size(0, j), size(1, j)};
      for (const Var z : sizes)
        if (s.contains(z, 0)) {
          ++count;
          zero_size = z;
          last = 4;
        }
    }
    if (count == 0) return PropStatus::failed;
    if (count > 1) return PropStatus::fixpoint;
    bool changed = false;
    if (last == 4) {
      const Event e = s.assign(zero_size, 0);
      if (e == Event::failed) return PropStatus::failed;
      changed = e != Event::none;
    } else if (!enforce(s, rels[last].a, rels[last].da, rels[last].b, changed)) {
      return PropStatus::failed;
    }
    return changed ? PropStatus::changed : PropStatus::fixpoint;
  }

  /// The sum of the smallest areas fits the box that holds every placement.
  bool fits_bounding_box(const Space& s) const {
    I64 lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {INT64_MIN, INT64_MIN};
    Wide area = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      for (int a = 0; a < 2; ++a) {
        lo[a] = std::min<I64>(lo[a], s.min(pos(a, i)));
        hi[a] = std::max<I64>(hi[a], I64(s.max(pos(a, i))) + s.max(size(a, i)));
      }
      area += Wide(s.min(size(0, i))) * s.min(size(1, i));
    }
    return area <= Wide(hi[0] - lo[0]) * (hi[1] - lo[1]);
  }

  /// Time-tabling on the projection along `axis`.
  PropStatus sweep(Space& s, int axis) {
    const int other = 1 - axis;
    I64 lo = INT64_MAX, hi = INT64_MIN;
    for (std::size_t i = 0; i < n_; ++i) {
      lo = std::min<I64>(lo, s.min(pos(other, i)));
      hi = std::max<I64>(hi, I64(s.max(pos(other, i))) + s.max(size(other, i)));
    }
    const I64 capacity = hi - lo;
    // the compulsory parts [latest start, earliest end) with their smallest heights
    events_.clear();
    for (std::size_t i = 0; i < n_; ++i) {
      const I64 lst = s.max(pos(axis, i)), ect = I64(s.min(pos(axis, i))) + s.min(size(axis, i));
      const I64 h = s.min(size(other, i));
      if (lst < ect && h > 0) {
        events_.push_back({lst, h});
        events_.push_back({ect, -h});
      }
    }
    if (events_.empty()) return PropStatus::fixpoint;
    std::sort(events_.begin(), events_.end(),
              [](const Event2& a, const Event2& b) { return a.at < b.at; });
    segments_.clear();
    I64 height = 0;
    for (std::size_t e = 0; e < events_.size();) {
      const I64 at = events_[e].at;
      while (e < events_.size() && events_[e].at == at) height += events_[e++].delta;
      if (height > capacity) return PropStatus::failed;
      if (height > 0 && e < events_.size()) segments_.push_back({at, events_[e].at, height});
    }
    bool changed = false;
    for (std::size_t i = 0; i < n_; ++i) {
      const I64 len = s.min(size(axis, i)), h = s.min(size(other, i));
      if (len <= 0 || h <= 0) continue;
      const I64 lst = s.max(pos(axis, i)), ect = I64(s.min(pos(axis, i))) + len;
      auto own = [&](const Segment& g) { return lst < ect && g.from >= lst && g.to <= ect ? h : 0; };
      // the earliest start: past every segment the rectangle cannot share
      I64 start = s.min(pos(axis, i));
      for (const Segment& g : segments_) {
        if (g.to <= start) continue;
        if (g.from >= start + len) break;
        if (g.height - own(g) + h > capacity) start = g.to;
      }
      // the latest start: before every such segment
      I64 last = lst;
      for (std::size_t k = segments_.size(); k-- > 0;) {
        const Segment& g = segments_[k];
        if (g.from >= last + len) continue;
        if (g.to <= last) break;
        if (g.height - own(g) + h > capacity) last = g.from - len;
      }
      const Event e1 = s.set_min(pos(axis, i), start), e2 = s.set_max(pos(axis, i), last);
      if (e1 == Event::failed || e2 == Event::failed) return PropStatus::failed;
      changed = changed || e1 != Event::none || e2 != Event::none;
    }
    return changed ? PropStatus::changed : PropStatus::fixpoint;
  }

  struct Event2 {
    I64 at, delta;
  };
  struct Segment {
    I64 from, to, height;
  };

  std::vector<Var> scope_;  // x..., y..., dx..., dy...
  std::size_t n_ = 0;
  bool strict_ = true;
  // scratch of the sweep
  std::vector<Event2> events_;
  std::vector<Segment> segments_;
};

void post(Model& m, std::span<const Var> x, std::span<const Var> y, std::span<const Var> dx,
          std::span<const Var> dy, bool strict) {
  const char* name = strict ? "diffn" : "diffn_nonstrict";
  if (y.size() != x.size() || dx.size() != x.size() || dy.size() != x.size())
    throw ModelError(std::string(name) + ": " + std::to_string(x.size()) + " x, " +
                     std::to_string(y.size()) + " y, " + std::to_string(dx.size()) + " dx and " +
                     std::to_string(dy.size()) + " dy (one of each per rectangle)");
  if (x.size() < 2) return;  // one rectangle overlaps nothing
  std::vector<Var> scope;
  for (auto part : {x, y, dx, dy}) scope.insert(scope.end(), part.begin(), part.end());
  m.post(std::make_unique<Diffn>(std::move(scope), strict));
}

}  // namespace
}  // namespace detail

void diffn(Model& m, std::span<const Var> x, std::span<const Var> y, std::span<const Var> dx,
           std::span<const Var> dy) {
  detail::post(m, x, y, dx, dy, true);
}

void diffn_nonstrict(Model& m, std::span<const Var> x, std::span<const Var> y,
                     std::span<const Var> dx, std::span<const Var> dy) {
  detail::post(m, x, y, dx, dy, false);
}

}  // namespace solve
