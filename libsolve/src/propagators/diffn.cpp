// diffn / diffn_nonstrict, in k dimensions (boxes; k = 2 for rectangles): boxes that do not
// overlap. Two kinds of reasoning, both on bounds and recomputed on every run (nothing kept
// between runs, nothing to trail):
//  - per pair, the 2k relations (i before j on axis a, j before i; and for the non-strict
//    form "a size is 0"): none possible fails, exactly one possible is enforced (the bounds of
//    x[j] >= x[i] + dx[i] and so on);
//  - when no size can be negative, per axis the cumulative projection: the boxes as tasks
//    along the axis, each using the product of its other sides, the capacity the product of
//    the extents of all placements on the other axes. Boxes that overlap along the axis must
//    be apart on another one, so the cross-sections of those over any point add up to at most
//    the capacity. A sweep over the compulsory parts (time-tabling) fails on an overload and
//    pushes each start (and end) past the segments where the box cannot fit; and the sum of
//    the smallest volumes must fit the bounding box of every placement.
// O(k n^2) per run; a run that pruned answers `changed` (one pruning can enable another).
#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/packing.hpp"
#include "solve/scheduling.hpp"

namespace solve {
namespace detail {
namespace {

using I64 = std::int64_t;
__extension__ typedef __int128 Wide;    // products of sides and their sums
constexpr Wide kHuge = Wide(1) << 100;  // products saturate here (k sides of 33 bits each)

/// a * b for a, b >= 0, saturated at kHuge.
Wide product(Wide a, Wide b) {
  if (a == 0 || b == 0) return 0;
  return a > kHuge / b ? kHuge : std::min(a * b, kHuge);
}

class Diffn final : public CloneableConstraint<Diffn> {
 public:
  /// scope: the origins axis by axis (n per axis), then the sizes axis by axis.
  Diffn(std::vector<Var> scope, std::size_t k, bool strict)
      : scope_(std::move(scope)), n_(scope_.size() / (2 * k)), k_(k), strict_(strict) {}
  std::span<const Var> scope() const override { return scope_; }
  std::string_view name() const override { return strict_ ? "diffn" : "diffn_nonstrict"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }
  /// Below arc the engine checks (none) and forward-checks (forward) through check().
  Propagation propagates_from() const override { return Propagation::arc; }

  bool check(std::span<const int> v) const override {
    auto at = [&](std::size_t part, std::size_t axis, std::size_t i) -> I64 {
      return v[(part * k_ + axis) * n_ + i];
    };
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j) {
        bool apart = false;
        for (std::size_t a = 0; a < k_ && !apart; ++a) {
          apart =
              at(0, a, i) + at(1, a, i) <= at(0, a, j) || at(0, a, j) + at(1, a, j) <= at(0, a, i);
          if (!strict_) apart = apart || at(1, a, i) == 0 || at(1, a, j) == 0;
        }
        if (!apart) return false;
      }
    return true;
  }

  PropStatus propagate(Space& s) override {
    bool pruned = false;
    // a rule run after another one pruned is a step of its own (Space::begin_step()): its
    // reason is read on the domains the step began with, where it holds, instead of the
    // call's start, where it may not (then the scope's domains were named)
    bool since_step = false;  // a pruning since the step began
    auto next_step = [&] {
      if (since_step) s.begin_step();
      since_step = false;
    };
    auto note = [&](PropStatus r) {
      since_step = since_step || r == PropStatus::changed;
      pruned = pruned || r == PropStatus::changed;
    };
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j) {
        next_step();
        const PropStatus r = pair(s, i, j);
        if (r == PropStatus::failed) return r;
        note(r);
      }
    if (nonnegative(s) && n_ > 1) {
      next_step();
      if (!fits_bounding_box(s)) return PropStatus::failed;
      for (std::size_t axis = 0; axis < k_; ++axis) {
        next_step();
        const PropStatus r = sweep(s, axis);
        if (r == PropStatus::failed) return r;
        note(r);
      }
    }
    if (pruned) return PropStatus::changed;
    for (const Var v : scope_)
      if (!s.assigned(v)) return PropStatus::fixpoint;
    return PropStatus::entailed;  // every pair passed with one relation possible, i.e. holding
  }

  // The rules on their step's start (a pruning that needed an earlier one of the same rule,
  // or the bounding box, falls back to the scope): a pair with one relation left, the bounds
  // that rule out the others and those the enforced one reads; a push by time-tabling, the
  // boxes whose compulsory parts cover the segments that pushed it (by their bounds on the
  // axis and their smallest sides across) and, for the capacity, where those boxes and the
  // pushed one lie on the other axes (as cumulative_reason names a profile).
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) return explain_failure(before, r);
      if (explain_pair(before, *pruned, r)) return true;
      for (std::size_t axis = 0; axis < k_; ++axis)
        for (std::size_t i = 0; i < n_; ++i)
          if (pos(axis, i) == pruned->var && explain_push(before, axis, i, *pruned, r))
            return true;
      return false;
    });
  }

 private:
  static constexpr I64 kNoBound = INT64_MIN;
  /// l follows from [y >= lo] and [y <= hi] (kNoBound: no such bound) in `before`, the holes
  /// a bound lands past named; false (nothing named) otherwise.
  static bool by_bounds(const Space& before, const Literal& l, I64 lo, I64 hi, Reason& r) {
    const std::size_t mark = r.size();
    // (a bound the variable has already is its own literal)
    auto at_least = [&](I64 v) {
      if (before.min(l.var) >= v) return r.add(Literal::ge(l.var, before.min(l.var))), true;
      return lo != kNoBound && follows_from_min(before, lo, Literal::ge(l.var, int(v)), r);
    };
    auto at_most = [&](I64 v) {
      if (before.max(l.var) <= v) return r.add(Literal::le(l.var, before.max(l.var))), true;
      return hi != kNoBound && follows_from_max(before, hi, Literal::le(l.var, int(v)), r);
    };
    bool ok = false;
    switch (l.kind) {
      case Literal::Kind::ge: ok = at_least(l.value); break;
      case Literal::Kind::le: ok = at_most(l.value); break;
      case Literal::Kind::eq: ok = at_least(l.value) && at_most(l.value); break;
      case Literal::Kind::ne: ok = at_least(I64(l.value) + 1) || at_most(I64(l.value) - 1); break;
    }
    if (!ok) r.truncate(mark);
    return ok;
  }
  /// The relations of boxes i and j that `before` leaves possible (as pair() finds them):
  /// their count, and the last one in `only` (a + da <= b, or the size `zero_size` 0).
  struct Relation {
    Var a{}, da{}, b{}, zero_size{};
    bool zero = false;
  };
  int relations(const Space& before, std::size_t i, std::size_t j, Relation& only) const {
    int count = 0;
    for (std::size_t axis = 0; axis < k_; ++axis) {
      const Var pi = pos(axis, i), pj = pos(axis, j), si = size(axis, i), sj = size(axis, j);
      if (possible(before, pi, si, pj)) ++count, only = {pi, si, pj, {}, false};
      if (possible(before, pj, sj, pi)) ++count, only = {pj, sj, pi, {}, false};
      if (!strict_) {
        if (before.contains(si, 0)) ++count, only = {{}, {}, {}, si, true};
        if (before.contains(sj, 0)) ++count, only = {{}, {}, {}, sj, true};
      }
    }
    return count;
  }
  /// Names why each relation of boxes i and j that `before` rules out is ruled out.
  void name_ruled_out(const Space& before, std::size_t i, std::size_t j, Reason& r) const {
    auto apart = [&](Var a, Var da, Var b) {
      if (possible(before, a, da, b)) return;
      r.add(Literal::ge(a, before.min(a)));
      r.add(Literal::ge(da, before.min(da)));
      r.add(Literal::le(b, before.max(b)));
    };
    for (std::size_t axis = 0; axis < k_; ++axis) {
      const Var pi = pos(axis, i), pj = pos(axis, j), si = size(axis, i), sj = size(axis, j);
      apart(pi, si, pj);
      apart(pj, sj, pi);
      if (strict_) continue;
      for (const Var sz : {si, sj})
        if (!before.contains(sz, 0) && reachable(sz, 0)) r.add(Literal::ne(sz, 0));
    }
  }
  /// l by a pair with one relation left in `before`.
  bool explain_pair(const Space& before, const Literal& l, Reason& r) const {
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j) {
        Relation only;
        if (relations(before, i, j, only) != 1) continue;
        bool ok = false;
        if (only.zero) {
          ok = only.zero_size == l.var && by_bounds(before, l, 0, 0, r);
        } else if (only.b == l.var) {
          ok = by_bounds(before, l, I64(before.min(only.a)) + before.min(only.da), kNoBound, r);
          if (ok) r.add(Literal::ge(only.a, before.min(only.a)));
          if (ok) r.add(Literal::ge(only.da, before.min(only.da)));
        } else if (only.a == l.var || only.da == l.var) {
          const Var other = only.a == l.var ? only.da : only.a;
          ok = by_bounds(before, l, kNoBound, I64(before.max(only.b)) - before.min(other), r);
          if (ok) r.add(Literal::le(only.b, before.max(only.b)));
          if (ok) r.add(Literal::ge(other, before.min(other)));
        }
        if (!ok) continue;
        name_ruled_out(before, i, j, r);
        return true;
      }
    return false;
  }

  /// The cross-section of box i across `axis` in s: the product of its smallest other sides.
  Wide section(const Space& s, std::size_t axis, std::size_t i) const {
    Wide h = 1;
    for (std::size_t other = 0; other < k_; ++other)
      if (other != axis) h = product(h, s.min(size(other, i)));
    return h;
  }
  /// No side can be negative in s (the projections hold only then).
  bool nonnegative(const Space& s) const {
    for (std::size_t a = 0; a < k_; ++a)
      for (std::size_t i = 0; i < n_; ++i)
        if (s.min(size(a, i)) < 0) return false;
    return true;
  }
  /// The profile of compulsory parts along `axis` in s into segments_ (heights of 0
  /// included) and the capacity; false when the time-tabling does not run there (a side may
  /// be negative, or the capacity is too wide to tell).
  bool profile(const Space& s, std::size_t axis, Wide& capacity) const {
    if (!nonnegative(s)) return false;
    capacity = 1;
    for (std::size_t other = 0; other < k_; ++other)
      if (other != axis) capacity = product(capacity, extent(s, other));
    if (capacity >= kHuge || n_ < 2) return false;
    events_.clear();
    for (std::size_t i = 0; i < n_; ++i) {
      const I64 lst = s.max(pos(axis, i)), ect = I64(s.min(pos(axis, i))) + s.min(size(axis, i));
      const Wide h = section(s, axis, i);
      if (lst < ect && h > 0) {
        events_.push_back({lst, h});
        events_.push_back({ect, -h});
      }
    }
    std::sort(events_.begin(), events_.end(),
              [](const Change& x, const Change& y) { return x.at < y.at; });
    segments_.clear();
    Wide height = 0;
    for (std::size_t e = 0; e < events_.size();) {
      const I64 at = events_[e].at;
      while (e < events_.size() && events_[e].at == at) height += events_[e++].delta;
      if (e < events_.size()) segments_.push_back({at, events_[e].at, height});
    }
    return true;
  }
  /// Names the boxes (but `except`) whose compulsory parts along `axis` cover [from, to),
  /// by their bounds there and their smallest sides across; marks them in used_.
  void name_cover(const Space& before, std::size_t axis, I64 from, I64 to, std::size_t except,
                  Reason& r) const {
    for (std::size_t j = 0; j < n_; ++j) {
      if (j == except) continue;
      const Var p = pos(axis, j), d = size(axis, j);
      const I64 lst = before.max(p), ect = I64(before.min(p)) + before.min(d);
      if (!(lst <= from && to <= ect) || section(before, axis, j) <= 0) continue;
      used_[j] = 1;
      add_bounds(before, p, r);
      r.add(Literal::ge(d, before.min(d)));
    }
  }
  /// Names, for the boxes in used_, their smallest sides across `axis` and where they lie on
  /// the other axes (their extent bounds the capacity).
  void name_used(const Space& before, std::size_t axis, Reason& r) const {
    for (std::size_t j = 0; j < n_; ++j) {
      if (!used_[j]) continue;
      for (std::size_t other = 0; other < k_; ++other) {
        if (other == axis) continue;
        const Var d = size(other, j);
        add_bounds(before, pos(other, j), r);
        r.add(Literal::ge(d, before.min(d)));
        r.add(Literal::le(d, before.max(d)));
      }
    }
  }
  /// Pushes the origin of box i along `axis` by time-tabling in `before` (profile() ran):
  /// `low`, its earliest start (past every segment it cannot share), else its latest; with
  /// a reason, names the boxes that cover each segment it passes. False when the box takes
  /// no part.
  bool push(const Space& before, std::size_t axis, std::size_t i, Wide capacity, bool low,
            I64& bound, Reason* r) const {
    const Var p = pos(axis, i);
    const I64 len = before.min(size(axis, i));
    const Wide h = section(before, axis, i);
    if (len <= 0 || h <= 0) return false;
    const I64 lst = before.max(p), ect = I64(before.min(p)) + len;
    auto own = [&](const Segment& g) { return lst < ect && g.from >= lst && g.to <= ect ? h : 0; };
    auto blocks = [&](const Segment& g) { return g.height - own(g) + h > capacity; };
    if (r) used_.assign(n_, 0);
    auto passed = [&](const Segment& g) {
      if (r) name_cover(before, axis, g.from, g.to, i, *r);
    };
    if (low) {
      bound = before.min(p);
      for (const Segment& g : segments_) {
        if (g.to <= bound) continue;
        if (g.from >= bound + len) break;
        if (blocks(g)) passed(g), bound = g.to;
      }
      return true;
    }
    bound = lst;
    for (std::size_t k = segments_.size(); k-- > 0;) {
      const Segment& g = segments_[k];
      if (g.from >= bound + len) continue;
      if (g.to <= bound) break;
      if (blocks(g)) passed(g), bound = g.from - len;
    }
    return true;
  }
  /// Ends the reason of a push of box i: its side along `axis`, and the smallest sides and
  /// places of every box named across it (their extent bounds the capacity).
  void name_pushed(const Space& before, std::size_t axis, std::size_t i, Reason& r) const {
    const Var d = size(axis, i);
    r.add(Literal::ge(d, before.min(d)));
    used_[i] = 1;
    name_used(before, axis, r);
  }
  /// l on the origin of box i along `axis` by time-tabling on `before`.
  bool explain_push(const Space& before, std::size_t axis, std::size_t i, const Literal& l,
                    Reason& r) const {
    Wide capacity = 0;
    if (!profile(before, axis, capacity)) return false;
    const Var p = pos(axis, i);
    const std::size_t mark = r.size();
    I64 bound = 0;
    if (push(before, axis, i, capacity, true, bound, &r) && bound > before.min(p) &&
        by_bounds(before, l, bound, kNoBound, r)) {
      r.add(Literal::ge(p, before.min(p)));
      return name_pushed(before, axis, i, r), true;
    }
    r.truncate(mark);
    if (push(before, axis, i, capacity, false, bound, &r) && bound < before.max(p) &&
        by_bounds(before, l, kNoBound, bound, r)) {
      r.add(Literal::le(p, before.max(p)));
      return name_pushed(before, axis, i, r), true;
    }
    r.truncate(mark);
    return false;
  }
  /// Why the call failed: a pair with no relation left, or a point of a profile over the
  /// capacity; false for the others.
  bool explain_failure(const Space& before, Reason& r) const {
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t j = i + 1; j < n_; ++j) {
        Relation only;
        if (relations(before, i, j, only) > 0) continue;
        name_ruled_out(before, i, j, r);
        return true;
      }
    for (std::size_t axis = 0; axis < k_; ++axis) {
      Wide capacity = 0;
      if (!profile(before, axis, capacity)) continue;
      for (const Segment& g : segments_) {
        if (g.height <= capacity) continue;
        used_.assign(n_, 0);
        name_cover(before, axis, g.from, g.to, n_, r);
        name_used(before, axis, r);
        return true;
      }
      // a box pushed past its other bound
      for (std::size_t i = 0; i < n_; ++i) {
        const Var p = pos(axis, i);
        const std::size_t mark = r.size();
        I64 bound = 0;
        if (push(before, axis, i, capacity, true, bound, &r) && bound > before.max(p)) {
          add_bounds(before, p, r);
          return name_pushed(before, axis, i, r), true;
        }
        r.truncate(mark);
        if (push(before, axis, i, capacity, false, bound, &r) && bound < before.min(p)) {
          add_bounds(before, p, r);
          return name_pushed(before, axis, i, r), true;
        }
        r.truncate(mark);
      }
    }
    return false;
  }

  Var pos(std::size_t axis, std::size_t i) const { return scope_[axis * n_ + i]; }
  Var size(std::size_t axis, std::size_t i) const { return scope_[(k_ + axis) * n_ + i]; }

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

  /// The pairwise reasoning over boxes i and j.
  PropStatus pair(Space& s, std::size_t i, std::size_t j) {
    // the one relation left possible, if any: (a, da, b) for a + da <= b, or a size to be 0
    int count = 0;
    Var a{}, da{}, b{}, zero_size{};
    bool zero = false;
    for (std::size_t axis = 0; axis < k_ && count < 2; ++axis) {
      const Var pi = pos(axis, i), pj = pos(axis, j), si = size(axis, i), sj = size(axis, j);
      if (possible(s, pi, si, pj)) ++count, a = pi, da = si, b = pj, zero = false;
      if (possible(s, pj, sj, pi)) ++count, a = pj, da = sj, b = pi, zero = false;
      if (!strict_) {  // a size that can be 0 frees the pair
        if (s.contains(si, 0)) ++count, zero_size = si, zero = true;
        if (s.contains(sj, 0)) ++count, zero_size = sj, zero = true;
      }
    }
    if (count == 0) return PropStatus::failed;
    if (count > 1) return PropStatus::fixpoint;
    bool changed = false;
    if (zero) {
      const Event e = s.assign(zero_size, 0);
      if (e == Event::failed) return PropStatus::failed;
      changed = e != Event::none;
    } else if (!enforce(s, a, da, b, changed)) {
      return PropStatus::failed;
    }
    return changed ? PropStatus::changed : PropStatus::fixpoint;
  }

  /// The extent of every placement along an axis: [lowest origin, highest end].
  Wide extent(const Space& s, std::size_t axis) const {
    I64 lo = INT64_MAX, hi = INT64_MIN;
    for (std::size_t i = 0; i < n_; ++i) {
      lo = std::min<I64>(lo, s.min(pos(axis, i)));
      hi = std::max<I64>(hi, I64(s.max(pos(axis, i))) + s.max(size(axis, i)));
    }
    return std::max<I64>(hi - lo, 0);
  }

  /// The sum of the smallest volumes fits the box that holds every placement.
  bool fits_bounding_box(const Space& s) const {
    Wide box = 1, volume = 0;
    for (std::size_t axis = 0; axis < k_; ++axis) box = product(box, extent(s, axis));
    for (std::size_t i = 0; i < n_; ++i) {
      Wide v = 1;
      for (std::size_t axis = 0; axis < k_; ++axis) v = product(v, s.min(size(axis, i)));
      volume = std::min(volume + v, kHuge);  // (saturated: then never above a real box)
    }
    return volume <= box;
  }

  /// Time-tabling on the projection along `axis`.
  PropStatus sweep(Space& s, std::size_t axis) {
    Wide capacity = 0;
    if (!profile(s, axis, capacity)) return PropStatus::fixpoint;
    for (const Segment& g : segments_)
      if (g.height > capacity) return PropStatus::failed;
    if (segments_.empty()) return PropStatus::fixpoint;
    bool changed = false;
    for (std::size_t i = 0; i < n_; ++i) {
      I64 start = 0, last = 0;
      if (!push(s, axis, i, capacity, true, start, nullptr)) continue;
      push(s, axis, i, capacity, false, last, nullptr);
      const Event e1 = s.set_min(pos(axis, i), start), e2 = s.set_max(pos(axis, i), last);
      if (e1 == Event::failed || e2 == Event::failed) return PropStatus::failed;
      changed = changed || e1 != Event::none || e2 != Event::none;
    }
    return changed ? PropStatus::changed : PropStatus::fixpoint;
  }

  struct Change {
    I64 at;
    Wide delta;
  };
  struct Segment {
    I64 from, to;
    Wide height;
  };

  std::vector<Var> scope_;  // origins axis by axis, then sizes axis by axis
  std::size_t n_ = 0, k_ = 2;
  bool strict_ = true;
  // scratch of the sweep (mutable: explain() builds profiles too)
  mutable std::vector<Change> events_;
  mutable std::vector<Segment> segments_;
  mutable std::vector<std::uint8_t> used_;  // of explain(): the boxes a reason names
};

/// x's value when the model fixed it at creation.
std::optional<std::int64_t> fixed_value(const Model& m, Var x) {
  const std::vector<int>& values = m.initial_domain(x);
  if (values.size() != 1) return std::nullopt;  // open (or empty)
  return x.apply(values[0]);
}

/// Every box is fixed on this axis with a positive side, and the intervals [origin, origin +
/// side) share a point (pairwise overlapping intervals on a line always do).
bool all_cross_one_line(const Model& m, std::span<const Var> origins, std::span<const Var> sides) {
  std::int64_t last_start = INT64_MIN, first_end = INT64_MAX;
  for (std::size_t i = 0; i < origins.size(); ++i) {
    const std::optional<std::int64_t> o = fixed_value(m, origins[i]), d = fixed_value(m, sides[i]);
    if (!o || !d || *d <= 0) return false;
    last_start = std::max(last_start, *o);
    first_end = std::min(first_end, *o + *d);
  }
  return last_start < first_end;
}

/// No side can be negative (disjunctive() would remove negative durations, diffn does not).
bool nonnegative(const Model& m, std::span<const Var> sides) {
  for (const Var d : sides) {
    const std::vector<int>& values = m.initial_domain(d);
    if (values.empty()) return false;
    if (d.apply(values.front()) < 0 || d.apply(values.back()) < 0) return false;
  }
  return true;
}

/// Posts boxes given axis by axis: axes[a] = the origins on axis a, sizes[a] their sides.
void post(Model& m, std::span<const std::span<const Var>> origins,
          std::span<const std::span<const Var>> sides, bool strict, const char* name) {
  const std::size_t n = origins.empty() ? 0 : origins[0].size();
  for (std::size_t a = 0; a < origins.size(); ++a)
    if (origins[a].size() != n || sides[a].size() != n)
      throw ModelError(std::string(name) + ": axis " + std::to_string(a) + " has " +
                       std::to_string(origins[a].size()) + " origins and " +
                       std::to_string(sides[a].size()) + " sizes for " + std::to_string(n) +
                       " boxes");
  if (n < 2) return;  // one box overlaps nothing
  // rectangles that all cross one line (a row of a schedule): no two can be apart on that
  // axis, so the other must keep each pair apart, which is a unary resource
  if (origins.size() == 2)
    for (std::size_t axis = 0; axis < 2; ++axis)
      if (all_cross_one_line(m, origins[axis], sides[axis]) && nonnegative(m, sides[1 - axis])) {
        disjunctive(m, origins[1 - axis], sides[1 - axis],
                    strict ? ZeroDuration::strict : ZeroDuration::free);
        return;
      }
  std::vector<Var> scope;
  for (const auto part : {origins, sides})
    for (const std::span<const Var> axis : part)
      scope.insert(scope.end(), axis.begin(), axis.end());
  m.post(std::make_unique<Diffn>(std::move(scope), origins.size(), strict));
}

void post_2d(Model& m, std::span<const Var> x, std::span<const Var> y, std::span<const Var> dx,
             std::span<const Var> dy, bool strict) {
  const std::span<const Var> origins[] = {x, y}, sides[] = {dx, dy};
  const char* name = strict ? "diffn" : "diffn_nonstrict";
  if (y.size() != x.size() || dx.size() != x.size() || dy.size() != x.size())
    throw ModelError(std::string(name) + ": " + std::to_string(x.size()) + " x, " +
                     std::to_string(y.size()) + " y, " + std::to_string(dx.size()) + " dx and " +
                     std::to_string(dy.size()) + " dy (one of each per rectangle)");
  post(m, origins, sides, strict, name);
}

void post_k(Model& m, std::span<const std::vector<Var>> origins,
            std::span<const std::vector<Var>> sizes, bool strict) {
  const char* name = strict ? "diffn_k" : "diffn_nonstrict_k";
  if (origins.size() != sizes.size())
    throw ModelError(std::string(name) + ": " + std::to_string(origins.size()) + " origins and " +
                     std::to_string(sizes.size()) + " sizes (one of each per box)");
  if (origins.empty()) return;
  const std::size_t k = origins[0].size();
  if (k == 0) throw ModelError(std::string(name) + ": boxes of no dimension");
  std::vector<std::vector<Var>> by_axis(2 * k);
  for (std::size_t i = 0; i < origins.size(); ++i) {
    if (origins[i].size() != k || sizes[i].size() != k)
      throw ModelError(std::string(name) + ": box " + std::to_string(i) + " has " +
                       std::to_string(origins[i].size()) + " origins and " +
                       std::to_string(sizes[i].size()) + " sizes (" + std::to_string(k) +
                       " dimensions)");
    for (std::size_t a = 0; a < k; ++a) {
      by_axis[a].push_back(origins[i][a]);
      by_axis[k + a].push_back(sizes[i][a]);
    }
  }
  std::vector<std::span<const Var>> spans(by_axis.begin(), by_axis.end());
  post(m, std::span(spans).first(k), std::span(spans).subspan(k), strict, name);
}

}  // namespace
}  // namespace detail

void diffn(Model& m, std::span<const Var> x, std::span<const Var> y, std::span<const Var> dx,
           std::span<const Var> dy) {
  detail::post_2d(m, x, y, dx, dy, true);
}

void diffn_nonstrict(Model& m, std::span<const Var> x, std::span<const Var> y,
                     std::span<const Var> dx, std::span<const Var> dy) {
  detail::post_2d(m, x, y, dx, dy, false);
}

void diffn_k(Model& m, std::span<const std::vector<Var>> origins,
             std::span<const std::vector<Var>> sizes) {
  detail::post_k(m, origins, sizes, true);
}

void diffn_nonstrict_k(Model& m, std::span<const std::vector<Var>> origins,
                       std::span<const std::vector<Var>> sizes) {
  detail::post_k(m, origins, sizes, false);
}

}  // namespace solve
