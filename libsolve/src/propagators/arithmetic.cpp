// Arithmetic constraints z = f(x, y), z = |x|, z = max(xs) (min through views: -max(-xs)).
//
// times, divide, modulo, power share one propagator: while |D(x)| * |D(y)| <= 4096 it
// enumerates the pairs and keeps exactly the supported values of x, y and z (domain
// consistency; one pass is a fixpoint, as every kept value keeps its whole support). Above
// that it narrows z by interval arithmetic on the bounds of x and y, and for times also x
// and y from z.
#include "solve/arithmetic.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <optional>
#include <vector>

#include "csp/arith.hpp"
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
      const Event ez = narrow_result(s);
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

  /// z within the extremes of f over the corners of x's and y's bounds (y's split at 0).
  Event narrow_result(Space& s) const {
    const Var x = vars_[0], y = vars_[1], z = vars_[2];
    const std::int64_t xl = s.min(x), xh = s.max(x), yl = s.min(y), yh = s.max(y);
    std::int64_t lo, hi;
    if (op_ == Op::times) {
      const std::array<std::int64_t, 4> c{xl * yl, xl * yh, xh * yl, xh * yh};
      lo = *std::min_element(c.begin(), c.end());
      hi = *std::max_element(c.begin(), c.end());
    } else if (op_ == Op::divide) {
      // |x / y| is largest for |y| smallest: the corners of y's parts below and above 0
      std::vector<std::int64_t> ys;
      for (std::int64_t b : {yl, yh, std::int64_t{-1}, std::int64_t{1}})
        if (b != 0 && b >= yl && b <= yh) ys.push_back(b);
      if (ys.empty()) return s.set_max(z, INT64_MIN / 4);  // y == 0 only: fail
      lo = INT64_MAX, hi = INT64_MIN;
      for (std::int64_t b : ys)
        for (std::int64_t a : {xl, xh}) {
          lo = std::min(lo, a / b);
          hi = std::max(hi, a / b);
        }
    } else if (op_ == Op::modulo) {
      const std::int64_t m = std::max(yl < 0 ? -yl : yl, yh < 0 ? -yh : yh) - 1;  // |z| <= |y| - 1
      lo = xl >= 0 ? 0 : std::max(-m, xl);
      hi = xh <= 0 ? 0 : std::min(m, xh);
    } else {
      return s.assigned(x) && s.assigned(y) ? fix_result(s) : Event::none;
    }
    const Event e = s.set_min(z, lo);
    return e == Event::failed ? e : std::max(e, s.set_max(z, hi));
  }

  Event fix_result(Space& s) const {
    const auto r = eval(op_, s.value(vars_[0]), s.value(vars_[1]));
    if (!r || *r < INT_MIN || *r > INT_MAX) return s.set_max(vars_[2], INT64_MIN / 4);
    return s.assign(vars_[2], int(*r));
  }

  /// For z == a * b: a within z / b over the corners, when b's bounds exclude 0.
  Event narrow_factor(Space& s, Var a, Var b) const {
    const Var z = vars_[2];
    const std::int64_t bl = s.min(b), bh = s.max(b);
    if (bl <= 0 && bh >= 0) return Event::none;
    const std::int64_t zl = s.min(z), zh = s.max(z);
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (std::int64_t n : {zl, zh})
      for (std::int64_t d : {bl, bh}) {
        lo = std::min(lo, ceil_div(n, d));
        hi = std::max(hi, floor_div(n, d));
      }
    const Event e = s.set_min(a, lo);
    return e == Event::failed ? e : std::max(e, s.set_max(a, hi));
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

 private:
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
