// Arithmetic constraints z = f(x, y), z = |x|, z = max(xs) (min through views: -max(-xs)).
//
// times, divide, modulo, power share one propagator: while |D(x)| * |D(y)| <= 4096 it
// enumerates the pairs and keeps exactly the supported values of x, y and z (domain
// consistency; one pass is a fixpoint, as every kept value keeps its whole support). Above
// that it narrows z by interval arithmetic on the bounds of x and y, and for times also x
// and y from z.
//
// Reasons (Constraint::explain): a bound from the bounds it was computed from, else from the
// bounds of the whole scope after the interval fixpoint; a lost value by the tuples that would
// have supported it, each excluded by one literal (tuple_reason.hpp).
#include "solve/arithmetic.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <vector>

#include "csp/arith.hpp"
#include "propagators/explain_removals.hpp"
#include "propagators/tuple_reason.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

enum class Op { times, divide, modulo, power };

/// f(a, b), or nothing where it is undefined (division by 0, 0 to a negative power).
/// Values beyond int come out as such: no int variable can equal them.
std::optional<std::int64_t> eval(Op op, std::int64_t a, std::int64_t b) {
  switch (op) {
    case Op::times: return a * b;
    case Op::divide: return b == 0 ? std::nullopt : std::optional(a / b);
    case Op::modulo: return b == 0 ? std::nullopt : std::optional(a % b);
    case Op::power: {
      if (b < 0) {
        if (a == 0) return std::nullopt;
        if (a == 1) return 1;
        if (a == -1) return b % 2 == 0 ? 1 : -1;
        return 0;
      }
      std::int64_t r = 1;
      for (std::int64_t k = 0; k < b; ++k) {
        r *= a;
        if (r > INT_MAX || r < INT_MIN) return std::int64_t{1} << 40;  // out of every domain
        if (r == 0 || r == 1) break;
      }
      return r == 1 && a == -1 && b % 2 != 0 ? -1 : r;
    }
  }
  return std::nullopt;
}

/// The values between lo and hi (empty when lo > hi).
struct Range {
  std::int64_t lo, hi;
  bool empty() const { return lo > hi; }
  /// Shrinks to the common part with o; true when it moved.
  bool meet(Range o) {
    const Range old = *this;
    lo = std::max(lo, o.lo);
    hi = std::min(hi, o.hi);
    return lo != old.lo || hi != old.hi;
  }
};

Range bounds_of(const Space& s, Var x) { return {s.min(x), s.max(x)}; }

/// The range of z = f(x, y) for x and y within their ranges (y's split at 0 for divide), or
/// nothing known (power before both are fixed). Empty when no pair gives a value.
std::optional<Range> result_range(Op op, Range x, Range y) {
  if (op == Op::times) {
    const std::array<std::int64_t, 4> c{x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi};
    return Range{*std::min_element(c.begin(), c.end()), *std::max_element(c.begin(), c.end())};
  }
  if (op == Op::divide) {
    // |x / y| is largest for |y| smallest: the corners of y's parts below and above 0
    Range r{INT64_MAX, INT64_MIN};
    for (std::int64_t b : {y.lo, y.hi, std::int64_t{-1}, std::int64_t{1}})
      if (b != 0 && b >= y.lo && b <= y.hi)
        for (std::int64_t a : {x.lo, x.hi}) {
          r.lo = std::min(r.lo, a / b);
          r.hi = std::max(r.hi, a / b);
        }
    return r;  // empty when y can only be 0
  }
  if (op == Op::modulo) {
    const std::int64_t m = std::max(y.lo < 0 ? -y.lo : y.lo, y.hi < 0 ? -y.hi : y.hi) - 1;
    return Range{x.lo >= 0 ? 0 : std::max(-m, x.lo), x.hi <= 0 ? 0 : std::min(m, x.hi)};
  }
  if (x.lo != x.hi || y.lo != y.hi) return std::nullopt;
  const auto r = eval(op, x.lo, y.lo);
  if (!r || *r < INT_MIN || *r > INT_MAX) return Range{1, 0};
  return Range{*r, *r};
}

/// For z == a * b: a's range within z / b over the corners, or nothing when b's range holds 0.
std::optional<Range> factor_range(Range z, Range b) {
  if (b.lo <= 0 && b.hi >= 0) return std::nullopt;
  Range a{INT64_MAX, INT64_MIN};
  for (std::int64_t n : {z.lo, z.hi})
    for (std::int64_t d : {b.lo, b.hi}) {
      a.lo = std::min(a.lo, ceil_div(n, d));
      a.hi = std::max(a.hi, floor_div(n, d));
    }
  return a;
}

/// Narrows x to r.
Event narrow(Space& s, Var x, Range r) {
  const Event e = s.set_min(x, r.lo);
  return e == Event::failed ? e : std::max(e, s.set_max(x, r.hi));
}

/// True when x within r (and x's holes in `before`, appended) implies l; an equality is
/// implied bound by bound.
bool follows_from_range(const Space& before, Range r, const Literal& l, Reason& reason) {
  if (l.kind == Literal::Kind::eq)
    return follows_from_min(before, r.lo, Literal::ge(l.var, l.value), reason) &&
           follows_from_max(before, r.hi, Literal::le(l.var, l.value), reason);
  return follows_from_min(before, r.lo, l, reason) || follows_from_max(before, r.hi, l, reason);
}

/// x's range in `before`: its value when fixed, else its two bounds.
void add_range(const Space& before, Var x, Reason& r) {
  if (before.assigned(x)) return r.add(Literal::eq(x, before.value(x)));
  add_bounds(before, x, r);
}

const char* op_name(Op op) {
  switch (op) {
    case Op::times: return "times";
    case Op::divide: return "divide";
    case Op::modulo: return "modulo";
    case Op::power: return "power";
  }
  return "arithmetic";
}

class Ternary final : public CloneableConstraint<Ternary> {
 public:
  Ternary(Op op, Var x, Var y, Var z) : op_(op), vars_{x, y, z} {}
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return op_name(op_); }
  bool check(std::span<const int> v) const override {
    const auto r = eval(op_, v[0], v[1]);
    return r && *r == v[2];
  }

  PropStatus propagate(Space& s) override {
    const Var x = vars_[0], y = vars_[1], z = vars_[2];
    if (std::int64_t(s.size(x)) * s.size(y) <= kPairLimit) return supports(s);
    for (int round = 0; round < 64; ++round) {  // bounds reach a fixpoint in a few rounds
      const auto rz = result_range(op_, bounds_of(s, x), bounds_of(s, y));
      const Event ez = rz ? narrow(s, z, *rz) : Event::none;
      if (ez == Event::failed) return PropStatus::failed;
      Event ex = Event::none, ey = Event::none;
      if (op_ == Op::times) {
        ex = narrow_factor(s, x, y);
        if (ex == Event::failed || (ey = narrow_factor(s, y, x)) == Event::failed)
          return PropStatus::failed;
      }
      if (ez == Event::none && ex == Event::none && ey == Event::none) break;
    }
    if (s.assigned(x) && s.assigned(y) && s.assigned(z)) return PropStatus::entailed;
    return PropStatus::fixpoint;
  }

  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      const std::size_t mark = r.size();
      if (pruned && by_one_step(before, *pruned, r)) return true;
      r.truncate(mark);
      if (by_supports(before, pruned, r)) return true;
      r.truncate(mark);
      return by_fixpoint(before, pruned, r);
    });
  }

 private:
  static constexpr std::int64_t kPairLimit = 4096;

  PropStatus supports(Space& s) {
    const Var x = vars_[0], y = vars_[1], z = vars_[2];
    keep_[0].clear();
    keep_[1].clear();
    keep_[2].clear();
    s.for_each_value(x, [&](int a) {
      bool a_ok = false;
      s.for_each_value(y, [&](int b) {
        const auto r = eval(op_, a, b);
        if (!r || *r < INT_MIN || *r > INT_MAX || !s.contains(z, int(*r))) return;
        a_ok = true;
        keep_[1].push_back(b);
        keep_[2].push_back(int(*r));
      });
      if (a_ok) keep_[0].push_back(a);
    });
    for (int k = 0; k < 3; ++k)
      if (s.keep_only(vars_[std::size_t(k)], keep_[k]) == Event::failed) return PropStatus::failed;
    return s.assigned(x) && s.assigned(y) ? PropStatus::entailed : PropStatus::fixpoint;
  }

  /// For z == a * b: a within z / b over the corners, when b's bounds exclude 0.
  Event narrow_factor(Space& s, Var a, Var b) const {
    const auto ra = factor_range(bounds_of(s, vars_[2]), bounds_of(s, b));
    return ra ? narrow(s, a, *ra) : Event::none;
  }

  /// The range of column k computed in one step from the other two columns' ranges r (z from
  /// x and y; for times a factor from z and the other factor), and those two columns.
  std::optional<Range> step(std::size_t k, const std::array<Range, 3>& r, std::size_t& from1,
                            std::size_t& from2) const {
    if (k == 2) return from1 = 0, from2 = 1, result_range(op_, r[0], r[1]);
    if (op_ != Op::times) return std::nullopt;
    return from1 = 2, from2 = 1 - k, factor_range(r[2], r[1 - k]);
  }

  /// The literal from one step on the ranges of two columns in `before` (their ranges named).
  bool by_one_step(const Space& before, const Literal& l, Reason& r) const {
    const std::array<Range, 3> b{bounds_of(before, vars_[0]), bounds_of(before, vars_[1]),
                                 bounds_of(before, vars_[2])};
    for (std::size_t k = 0; k < 3; ++k) {
      if (vars_[k] != l.var) continue;
      std::size_t from1 = 0, from2 = 0;
      const auto range = step(k, b, from1, from2);
      const std::size_t mark = r.size();
      if (range && !range->empty() && follows_from_range(before, *range, l, r)) {
        add_range(before, vars_[from1], r);
        add_range(before, vars_[from2], r);
        return true;
      }
      r.truncate(mark);
    }
    return false;
  }

  /// The literal (or the failure) from the interval fixpoint of the three columns' ranges in
  /// `before` (all three named).
  bool by_fixpoint(const Space& before, std::optional<Literal> pruned, Reason& r) const {
    std::array<Range, 3> b{bounds_of(before, vars_[0]), bounds_of(before, vars_[1]),
                           bounds_of(before, vars_[2])};
    bool empty = false;
    for (int round = 0; round < 64 && !empty; ++round) {
      bool moved = false;
      for (std::size_t k : {std::size_t{2}, std::size_t{0}, std::size_t{1}}) {
        std::size_t from1 = 0, from2 = 0;
        if (const auto range = step(k, b, from1, from2)) moved = b[k].meet(*range) || moved;
        if (b[k].empty()) empty = true;
      }
      if (!moved) break;
    }
    if (!pruned && !empty) return false;
    bool found = !pruned;
    for (std::size_t k = 0; k < 3 && !found; ++k)
      found = vars_[k] == pruned->var && (empty || follows_from_range(before, b[k], *pruned, r));
    if (!found) return false;
    for (const Var x : vars_) add_range(before, x, r);
    return true;
  }

  /// Each value lost by the tuples (a, b, f(a, b)) that would support it, over the bounds of
  /// the other columns in `before` (named): each excluded by a literal. False past
  /// kPairLimit * 4 tuples in all (the reason would cost more than it saves).
  bool by_supports(const Space& before, std::optional<Literal> pruned, Reason& r) const {
    std::int64_t budget = 4 * kPairLimit;
    TupleCover cover(before, vars_, r);
    // every tuple whose column col is w (col 3: every tuple), excluded by another column
    auto exclude_all = [&](std::size_t col, int w) {
      for (std::size_t j = 0; j < 2; ++j)
        if (j != col) cover.name_bounds(j);
      std::int64_t alo = before.min(vars_[0]), ahi = before.max(vars_[0]);
      std::int64_t blo = before.min(vars_[1]), bhi = before.max(vars_[1]);
      if (col == 0) alo = ahi = w;
      if (col == 1) blo = bhi = w;
      if (ahi - alo >= budget || bhi - blo >= budget) return false;  // (no overflow below)
      if ((budget -= (ahi - alo + 1) * (bhi - blo + 1)) < 0) return false;
      for (std::int64_t a = alo; a <= ahi; ++a)
        for (std::int64_t b = blo; b <= bhi; ++b) {
          const auto f = eval(op_, a, b);
          if (!f || *f < INT_MIN || *f > INT_MAX || (col == 2 && *f != w)) continue;
          const int t[3] = {int(a), int(b), int(*f)};
          if (!cover.exclude(t, col)) return false;
        }
      return true;
    };
    if (!pruned) return exclude_all(3, 0);
    return explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
      for (std::size_t col = 0; col < 3; ++col)
        if (vars_[col] == pruned->var) return exclude_all(col, w);
      return false;
    });
  }

  Op op_;
  std::array<Var, 3> vars_;
  std::vector<int> keep_[3];  // scratch: supported values
};

/// z == |x|, domain-consistent.
class Abs final : public CloneableConstraint<Abs> {
 public:
  Abs(Var x, Var z) : vars_{x, z} {}
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "abs"; }
  bool check(std::span<const int> v) const override {
    return std::int64_t(v[1]) == (v[0] < 0 ? -std::int64_t(v[0]) : v[0]);
  }

  PropStatus propagate(Space& s) override {
    const Var x = vars_[0], z = vars_[1];
    keep_.clear();
    s.for_each_value(z, [&](int v) {
      if (v >= 0 && (s.contains(x, v) || (v > INT_MIN && s.contains(x, -v)))) keep_.push_back(v);
    });
    if (s.keep_only(z, keep_) == Event::failed) return PropStatus::failed;
    keep_.clear();
    s.for_each_value(x, [&](int v) {
      if (v > INT_MIN && s.contains(z, v < 0 ? -v : v)) keep_.push_back(v);
    });
    if (s.keep_only(x, keep_) == Event::failed) return PropStatus::failed;
    return s.assigned(x) ? PropStatus::entailed : PropStatus::fixpoint;
  }
  // z loses v because x lacks v and -v; x loses v because z lacks |v|; a failure because no
  // value within x's bounds keeps its absolute value in z.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      TupleCover cover(before, vars_, r);
      auto pair = [&](std::int64_t a, std::size_t skip) {
        if (a <= INT_MIN) return true;  // |a| is no int: no such pair
        const int t[2] = {int(a), int(a < 0 ? -a : a)};
        return cover.exclude(t, skip);
      };
      if (!pruned) {
        const std::int64_t lo = before.min(vars_[0]), hi = before.max(vars_[0]);
        if (hi - lo > 4096) return false;
        cover.name_bounds(0);
        for (std::int64_t a = lo; a <= hi; ++a)
          if (!pair(a, 2)) return false;
        return true;
      }
      return explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
        if (pruned->var == vars_[0] && pair(w, 0)) return true;
        if (pruned->var != vars_[1]) return false;
        return w < 0 || (pair(w, 1) && pair(-std::int64_t(w), 1));
      });
    });
  }

 private:
  std::array<Var, 2> vars_;
  std::vector<int> keep_;  // scratch
};

/// z == max(xs), bounds-consistent. Scope: xs then z.
class Maximum final : public CloneableConstraint<Maximum> {
 public:
  Maximum(std::vector<Var> xs, Var z) : vars_(std::move(xs)) { vars_.push_back(z); }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "maximum"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }
  bool check(std::span<const int> v) const override {
    return *std::max_element(v.begin(), v.end() - 1) == v.back();
  }

  PropStatus propagate(Space& s) override {
    const std::size_t n = vars_.size() - 1;
    const Var z = vars_[n];
    for (bool moved = true; moved;) {
      moved = false;
      int lo = INT_MIN, hi = INT_MIN;
      for (std::size_t i = 0; i < n; ++i) {
        lo = std::max(lo, s.min(vars_[i]));
        hi = std::max(hi, s.max(vars_[i]));
      }
      if (s.set_min(z, lo) == Event::failed || s.set_max(z, hi) == Event::failed)
        return PropStatus::failed;
      // every x is at most max(z); if a single x can reach min(z), it must. A max that falls
      // into a hole of x lowers max(xs) below max(z): then z moves again
      std::size_t reach = n, reaching = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const Event e = s.set_max(vars_[i], s.max(z));
        if (e == Event::failed) return PropStatus::failed;
        moved = moved || (e != Event::none && s.max(vars_[i]) < s.max(z));
        if (s.max(vars_[i]) >= s.min(z)) reach = i, ++reaching;
      }
      if (reaching == 0) return PropStatus::failed;
      if (reaching == 1) {
        const Event e = s.set_min(vars_[reach], s.min(z));
        if (e == Event::failed) return PropStatus::failed;
        moved = moved || e != Event::none;
      }
    }
    for (const Var v : vars_)
      if (!s.assigned(v)) return PropStatus::fixpoint;
    return PropStatus::entailed;
  }
  // z's minimum from the x of largest minimum; z's maximum from every x's maximum, or from
  // its own with the holes of every x below it; an x's maximum from z's; the only x that can
  // reach z's minimum takes it, every other one lying below it; a failure when every x lies
  // below z's minimum.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) return failure(before, r);
      auto entry = [&](std::size_t i, const Literal& l, Reason& r) {
        const bool ge = l.kind == Literal::Kind::ge;
        if (i == z_at()) return ge ? z_at_least(before, l, r) : z_at_most(before, l, r);
        return ge ? x_at_least(before, i, l, r) : x_at_most(before, l, r);
      };
      return explain_by_bounds(before, vars_, *pruned, r, entry);
    });
  }

 private:
  std::size_t z_at() const { return vars_.size() - 1; }
  Var z() const { return vars_.back(); }

  /// [z >= v]: from the x of largest minimum (with z's holes).
  bool z_at_least(const Space& before, const Literal& l, Reason& r) const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < z_at(); ++i)
      if (before.min(vars_[i]) > before.min(vars_[best])) best = i;
    if (!follows_from_min(before, before.min(vars_[best]), l, r)) return false;
    r.add(Literal::ge(vars_[best], before.min(vars_[best])));
    return true;
  }
  /// [z <= v]: every x at most its maximum; else every x at most v, capped by z's maximum.
  bool z_at_most(const Space& before, const Literal& l, Reason& r) const {
    std::int64_t top = INT64_MIN;
    for (std::size_t i = 0; i < z_at(); ++i)
      top = std::max<std::int64_t>(top, before.max(vars_[i]));
    const std::size_t mark = r.size();
    if (follows_from_max(before, top, l, r)) {
      for (std::size_t i = 0; i < z_at(); ++i) r.add(Literal::le(vars_[i], before.max(vars_[i])));
      return true;
    }
    r.truncate(mark);
    return all_below(before, std::int64_t(l.value) + 1, r);
  }
  /// Every x below `limit` by z's maximum (or its own) and its holes; false when some x keeps
  /// a value in [limit, max z]. Names [z <= max z] when used.
  bool all_below(const Space& before, std::int64_t limit, Reason& r,
                 std::size_t skip = SIZE_MAX) const {
    const int zmax = before.max(z());
    bool by_z = false;
    for (std::size_t i = 0; i < z_at(); ++i) {
      if (i == skip) continue;
      if (skip < z_at() && vars_[i] == vars_[skip]) return false;
      if (!follows_from_max(before, zmax, Literal::le(vars_[i], int(limit - 1)), r)) return false;
      // follows_from_max named x's own maximum only when it lies below z's
      by_z = by_z || before.max(vars_[i]) >= zmax || limit - 1 >= zmax;
    }
    if (by_z) r.add(Literal::le(z(), zmax));
    return true;
  }
  /// [x <= v]: from z's maximum (with x's holes); else from [z <= w], w the last value before
  /// x's next value above v.
  bool x_at_most(const Space& before, const Literal& l, Reason& r) const {
    const int zmax = before.max(z());
    if (follows_from_max(before, zmax, l, r)) return r.add(Literal::le(z(), zmax)), true;
    const int next = before.next_value(l.var, l.value);
    if (next == INT_MAX || next <= l.value) return false;
    return follows_from_max(before, next - 1, l, r) &&
           z_at_most(before, Literal::le(z(), next - 1), r);
  }
  /// [x_i >= v]: every other x lies below z's minimum, so x_i reaches it (with x_i's holes).
  bool x_at_least(const Space& before, std::size_t i, const Literal& l, Reason& r) const {
    const int zmin = before.min(z());
    if (!follows_from_min(before, zmin, l, r) || !all_below(before, zmin, r, i)) return false;
    r.add(Literal::ge(z(), zmin));
    return true;
  }
  /// Every x below z's minimum, or some x above z's maximum.
  bool failure(const Space& before, Reason& r) const {
    const std::size_t mark = r.size();
    if (all_below(before, before.min(z()), r))
      return r.add(Literal::ge(z(), before.min(z()))), true;
    r.truncate(mark);
    for (std::size_t i = 0; i < z_at(); ++i)
      if (before.min(vars_[i]) > before.max(z())) {
        r.add(Literal::ge(vars_[i], before.min(vars_[i])));
        r.add(Literal::le(z(), before.max(z())));
        return true;
      }
    return false;
  }

  std::vector<Var> vars_;
};

void post_ternary(Model& m, Op op, Var x, Var y, Var z) {
  m.post(std::make_unique<Ternary>(op, x, y, z));
}

}  // namespace
}  // namespace detail

void times(Model& m, Var x, Var y, Var z) { detail::post_ternary(m, detail::Op::times, x, y, z); }
void divide(Model& m, Var x, Var y, Var z) { detail::post_ternary(m, detail::Op::divide, x, y, z); }
void modulo(Model& m, Var x, Var y, Var z) { detail::post_ternary(m, detail::Op::modulo, x, y, z); }
void power(Model& m, Var x, Var y, Var z) { detail::post_ternary(m, detail::Op::power, x, y, z); }
void abs(Model& m, Var x, Var z) { m.post(std::make_unique<detail::Abs>(x, z)); }

void maximum(Model& m, std::span<const Var> xs, Var z) {
  if (xs.empty()) throw ModelError("maximum: no variables");
  m.post(std::make_unique<detail::Maximum>(std::vector<Var>(xs.begin(), xs.end()), z));
}

void minimum(Model& m, std::span<const Var> xs, Var z) {
  std::vector<Var> negated;  // min(xs) == -max(-xs)
  for (Var x : xs) negated.push_back(-x);
  if (xs.empty()) throw ModelError("minimum: no variables");
  m.post(std::make_unique<detail::Maximum>(std::move(negated), -z));
}

void max(Model& m, Var x, Var y, Var z) {
  const Var xs[] = {x, y};
  maximum(m, xs, z);
}

void min(Model& m, Var x, Var y, Var z) {
  const Var xs[] = {x, y};
  minimum(m, xs, z);
}

}  // namespace solve
