// Linear constraints sum(a_i * x_i) rel c, bounds-consistent, in 64-bit arithmetic.
//
// With L = sum of the terms' minima and U = sum of their maxima, a_i x_i <= c - (L - min_i)
// for <=; for == also a_i x_i >= c - (U - max_i), repeated until no bound moves (each
// change updates L and U at once). The post function normalises first: views expanded,
// repeated variables merged, zero coefficients dropped, < > >= turned into <=, and it checks
// that no sum of bounds can overflow 64 bits (2^62 margin), so that propagation itself
// needs no checks.
#include "solve/linear.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "csp/arith.hpp"
#include "propagators/basic.hpp"
#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

struct Term {
  std::int64_t a;  // never 0
  Var x;           // a plain variable
};

/// The terms, their scope, the constant; bound helpers shared by the three propagators.
class LinearBase {
 public:
  LinearBase(std::vector<Term> terms, std::int64_t c) : terms_(std::move(terms)), c_(c) {
    for (const Term& t : terms_) vars_.push_back(t.x);
  }

 protected:
  static std::int64_t lo(const Space& s, const Term& t) {
    return t.a * (t.a > 0 ? s.min(t.x) : s.max(t.x));
  }
  static std::int64_t hi(const Space& s, const Term& t) {
    return t.a * (t.a > 0 ? s.max(t.x) : s.min(t.x));
  }
  /// a x <= b (unit coefficients, the common case, without a division)
  static Event at_most(Space& s, const Term& t, std::int64_t b) {
    if (t.a == 1) return s.set_max(t.x, b);
    if (t.a == -1) return s.set_min(t.x, -b);
    return t.a > 0 ? s.set_max(t.x, floor_div(b, t.a)) : s.set_min(t.x, ceil_div(b, t.a));
  }
  /// a x >= b
  static Event at_least(Space& s, const Term& t, std::int64_t b) {
    if (t.a == 1) return s.set_min(t.x, b);
    if (t.a == -1) return s.set_max(t.x, -b);
    return t.a > 0 ? s.set_min(t.x, ceil_div(b, t.a)) : s.set_max(t.x, floor_div(b, t.a));
  }
  std::int64_t sum(std::span<const int> values) const {
    std::int64_t total = 0;
    for (std::size_t i = 0; i < terms_.size(); ++i) total += terms_[i].a * values[i];
    return total;
  }
  void bounds(const Space& s, std::int64_t& l, std::int64_t& u) const {
    l = u = 0;
    for (const Term& t : terms_) {
      l += lo(s, t);
      u += hi(s, t);
    }
  }
  /// Appends, for every term but `skip`, the bound that limits its lower side (upper side
  /// when !lower): [x >= min] or [x <= max] as the coefficient's sign says.
  void add_sides(const Space& s, bool lower, const Term* skip, Reason& r) const {
    for (const Term& t : terms_)
      if (&t != skip)
        r.add((t.a > 0) == lower ? Literal::ge(t.x, s.min(t.x)) : Literal::le(t.x, s.max(t.x)));
  }
  /// True when a x <= b (a x >= b when !upper) and x's holes imply l (holes appended).
  static bool implies(const Space& before, const Term& t, std::int64_t b, bool upper,
                      const Literal& l, Reason& r) {
    return (t.a > 0) == upper ? follows_from_max(before, floor_div(b, t.a), l, r)
                              : follows_from_min(before, ceil_div(b, t.a), l, r);
  }
  /// The reason of a bound of sum <= c (and of sum >= c when eq): the other terms' sides
  /// that gave it in one step from `before`, else the domains of the scope (a bound lands on
  /// the next value left, so the holes count too).
  void explain_bounds(const Space& before, std::optional<Literal> pruned, Reason& r,
                      bool eq) const {
    std::int64_t l, u;
    bounds(before, l, u);
    if (!pruned) {
      if (l > c_) return add_sides(before, true, nullptr, r);
      if (eq && u < c_) return add_sides(before, false, nullptr, r);
    } else {
      for (const Term& t : terms_) {
        if (t.x != pruned->var) continue;
        if (implies(before, t, c_ - (l - lo(before, t)), true, *pruned, r))
          return add_sides(before, true, &t, r);
        if (eq && implies(before, t, c_ - (u - hi(before, t)), false, *pruned, r))
          return add_sides(before, false, &t, r);
      }
    }
    // sum == c: a term's two bounds together (a value fixed between them, or none left there)
    if (eq)
      for (const Term& t : terms_)
        if ((!pruned || t.x == pruned->var) && within_both(before, t, l, u, pruned, r)) return;
    add_scope(before, vars_, r);
  }
  /// With sum == c, x of term t lies within the bounds that both sides give it in one step;
  /// true (the sides and x's holes there named) when every value of x left there satisfies
  /// `pruned` (none left, for a failure).
  bool within_both(const Space& before, const Term& t, std::int64_t l, std::int64_t u,
                   std::optional<Literal> pruned, Reason& r) const {
    const std::int64_t below = c_ - (l - lo(before, t)), above = c_ - (u - hi(before, t));
    // a x <= below and a x >= above, as bounds of x
    const std::int64_t xlo = t.a > 0 ? ceil_div(above, t.a) : ceil_div(below, t.a);
    const std::int64_t xhi = t.a > 0 ? floor_div(below, t.a) : floor_div(above, t.a);
    constexpr std::int64_t kMaxWidth = 1024;  // (as the holes of follows_from_max)
    // (an interval past int's range would name wrapped values: the scope's reason then)
    if (xhi - xlo >= kMaxWidth || xlo < INT_MIN || xhi > INT_MAX) return false;
    for (std::int64_t w = xlo; w <= xhi; ++w)
      if (before.contains(t.x, int(w)) && !(pruned && pruned->satisfied_by(w))) return false;
    for (std::int64_t w = xlo; w <= xhi; ++w)
      if (!before.contains(t.x, int(w)) && (!pruned || !pruned->satisfied_by(w)))
        r.add(Literal::ne(t.x, int(w)));
    add_sides(before, true, &t, r);
    add_sides(before, false, &t, r);
    return true;
  }
  std::vector<Term> negated() const {
    std::vector<Term> n = terms_;
    for (Term& t : n) t.a = -t.a;
    return n;
  }

  std::vector<Term> terms_;
  std::vector<Var> vars_;
  std::int64_t c_;
};

/// sum <= c
class LinearLe final : public CloneableConstraint<LinearLe>, LinearBase {
 public:
  using LinearBase::LinearBase;
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "linear_le"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }
  bool check(std::span<const int> v) const override { return sum(v) <= c_; }
  Entailment entailment(const Space& s) const override {
    std::int64_t l, u;
    bounds(s, l, u);
    return u <= c_ ? Entailment::entailed : l > c_ ? Entailment::disentailed : Entailment::unknown;
  }
  std::unique_ptr<Constraint> negation() const override {  // sum >= c + 1
    return std::make_unique<LinearLe>(negated(), -c_ - 1);
  }

  PropStatus propagate(Space& s) override {
    std::int64_t l, u;
    bounds(s, l, u);
    if (l > c_) return PropStatus::failed;
    if (u <= c_) return PropStatus::entailed;
    // tightening a term's upper side leaves every lower side, hence l, unchanged: one pass
    for (const Term& t : terms_) {
      const std::int64_t low = lo(s, t), upper = c_ - (l - low);
      if (hi(s, t) > upper && at_most(s, t, upper) == Event::failed) return PropStatus::failed;
    }
    return PropStatus::fixpoint;
  }
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_bounds(before, pruned, r, false);
  }
};

/// sum == c
class LinearEq final : public CloneableConstraint<LinearEq>, LinearBase {
 public:
  using LinearBase::LinearBase;
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "linear_eq"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }
  bool check(std::span<const int> v) const override { return sum(v) == c_; }
  Entailment entailment(const Space& s) const override {
    std::int64_t l, u;
    bounds(s, l, u);
    if (c_ < l || c_ > u) return Entailment::disentailed;
    return l == u ? Entailment::entailed : Entailment::unknown;
  }
  std::unique_ptr<Constraint> negation() const override;

  PropStatus propagate(Space& s) override {
    std::int64_t l, u;
    bounds(s, l, u);
    // a pruning computed from bounds that an earlier pruning of this call moved is a step of
    // its own (Space::begin_step()): its reason, the other terms' sides in one step, holds in
    // the domains the step began with, not in those the call began with (where explain()
    // would have to name the whole scope's domains)
    bool stepped = false;  // a pruning since the last step began
    auto step = [&] {
      if (stepped) s.begin_step();
      stepped = false;
    };
    for (bool moved = true; moved;) {
      if (l > c_ || u < c_) return step(), PropStatus::failed;
      moved = false;
      for (const Term& t : terms_) {
        const std::int64_t old_lo = lo(s, t), old_hi = hi(s, t);
        // a x within [c - (u - hi), c - (l - lo)]; nothing to do when that holds already
        const std::int64_t upper = c_ - (l - old_lo), lower = c_ - (u - old_hi);
        if (old_hi <= upper && old_lo >= lower) continue;
        step();
        const Event e1 = at_most(s, t, upper);
        const Event e2 = e1 == Event::failed ? e1 : at_least(s, t, lower);
        if (e2 == Event::failed) return PropStatus::failed;
        if (e1 == Event::none && e2 == Event::none) continue;
        moved = stepped = true;
        l += lo(s, t) - old_lo;
        u += hi(s, t) - old_hi;
      }
    }
    return l == u ? PropStatus::entailed : PropStatus::fixpoint;
  }
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_bounds(before, pruned, r, true);
  }
};

/// sum != c: prunes once a single variable is open.
class LinearNe final : public CloneableConstraint<LinearNe>, LinearBase {
 public:
  using LinearBase::LinearBase;
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "linear_ne"; }
  Wake wakes_on(Propagation) const override { return Wake::assigned; }
  bool check(std::span<const int> v) const override { return sum(v) != c_; }
  Entailment entailment(const Space& s) const override {
    std::int64_t l, u;
    bounds(s, l, u);
    if (c_ < l || c_ > u) return Entailment::entailed;
    return l == u ? Entailment::disentailed : Entailment::unknown;
  }
  std::unique_ptr<Constraint> negation() const override {
    return std::make_unique<LinearEq>(terms_, c_);
  }

  PropStatus propagate(Space& s) override {
    std::int64_t fixed = 0;
    const Term* open = nullptr;
    for (const Term& t : terms_) {
      if (!s.assigned(t.x)) {
        if (open) return PropStatus::fixpoint;
        open = &t;
      } else {
        fixed += t.a * s.value(t.x);
      }
    }
    if (!open) return fixed != c_ ? PropStatus::entailed : PropStatus::failed;
    const std::int64_t rest = c_ - fixed;  // open->a * x must differ from rest
    if (rest % open->a == 0 && rest / open->a >= INT_MIN && rest / open->a <= INT_MAX &&
        s.remove(open->x, int(rest / open->a)) == Event::failed)
      return PropStatus::failed;
    return PropStatus::entailed;
  }
  // The open variable loses the one value that would make the sum c: the others' values.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      for (const Term& t : terms_) {
        if (pruned && t.x == pruned->var) continue;
        if (!before.assigned(t.x)) return false;
        r.add(Literal::eq(t.x, before.value(t.x)));
      }
      if (!pruned) return true;
      std::int64_t rest = c_;
      const Term* open = nullptr;
      for (const Term& t : terms_) {
        if (t.x == pruned->var) open = &t;
        else rest -= t.a * before.value(t.x);
      }
      return open && explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
               return open->a * std::int64_t(w) == rest;
             });
    });
  }
};

std::unique_ptr<Constraint> LinearEq::negation() const {
  return std::make_unique<LinearNe>(terms_, c_);
}

[[noreturn]] void overflow() {
  throw ModelError("linear: the bounds of the sum overflow 64-bit arithmetic");
}

/// |v|; INT64_MIN has none in 64 bits (the sum then overflows whatever else it holds).
std::int64_t magnitude(std::int64_t v) {
  if (v == INT64_MIN) overflow();
  return v < 0 ? -v : v;
}

/// Expands views and merges repeated variables; moves view offsets into c.
std::vector<Term> normalise(const Model& m, std::span<const int> coefs, std::span<const Var> xs,
                            std::int64_t& c) {
  if (coefs.size() != xs.size())
    throw ModelError("linear: " + std::to_string(coefs.size()) + " coefficients for " +
                     std::to_string(xs.size()) + " variables");
  std::map<std::int32_t, std::int64_t> by_var;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    m.check(xs[i]);
    std::int64_t a, shift = 0;  // coefs[i] * (scale x + offset) = a x + shift
    if (__builtin_mul_overflow(std::int64_t(coefs[i]), std::int64_t(xs[i].scale), &a) ||
        __builtin_add_overflow(by_var[xs[i].id], a, &by_var[xs[i].id]) ||
        !mul_add(coefs[i], xs[i].offset, shift) || __builtin_sub_overflow(c, shift, &c))
      overflow();
  }
  std::vector<Term> terms;
  std::int64_t reach = 0;  // sum of |a| * max |x| plus |c|: every intermediate stays below it
  for (const auto& [id, a] : by_var) {
    if (a == 0) continue;
    const std::vector<int>& d = m.initial_domain(Var{id});
    const std::int64_t big = std::max<std::int64_t>(-std::int64_t(d.front()), d.back());
    if (!mul_add(magnitude(a), big, reach)) overflow();
    terms.push_back({a, Var{id}});
  }
  if (!mul_add(1, magnitude(c), reach) || reach > (std::int64_t{1} << 62)) overflow();
  return terms;
}

/// Two terms x - y (coefficients 1 and -1): the binary constraints on a view.
bool post_difference(Model& m, const std::vector<Term>& t, Rel rel, std::int64_t c) {
  if (t.size() != 2 || t[0].a != -t[1].a || (t[0].a != 1 && t[0].a != -1)) return false;
  const Var x = t[0].a == 1 ? t[0].x : t[1].x, y = t[0].a == 1 ? t[1].x : t[0].x;  // x - y rel c
  if (c < -(1 << 30) || c > (1 << 30)) return false;
  const Var y_c{y.id, 1, int(c)};
  try {
    m.check(y_c);
  } catch (const ModelError&) {
    return false;  // y + c leaves int: the general propagator handles it in 64 bits
  }
  if (rel == Rel::le) m.post(make_less_offset(x, y, int(-c)));  // x - c <= y
  else if (rel == Rel::eq) m.post(make_equal(x, y_c));
  else m.post(make_not_equal(x, y_c));
  return true;
}

void post_linear(Model& m, std::span<const int> coefs, std::span<const Var> xs, Rel rel,
                 std::int64_t c) {
  std::vector<Term> terms = normalise(m, coefs, xs, c);
  // < and > become <= and >=, then >= becomes <= of the negation
  if (rel == Rel::lt) rel = Rel::le, --c;
  if (rel == Rel::gt) rel = Rel::ge, ++c;
  if (rel == Rel::ge) {
    for (Term& t : terms) t.a = -t.a;
    c = -c;
    rel = Rel::le;
  }
  if (terms.empty()) {  // 0 rel c
    const bool holds = rel == Rel::eq ? c == 0 : rel == Rel::ne ? c != 0 : 0 <= c;
    if (!holds) m.post(make_false());
    return;
  }
  if (post_difference(m, terms, rel, c)) return;
  if (rel == Rel::le) m.post(std::make_unique<LinearLe>(std::move(terms), c));
  else if (rel == Rel::eq) m.post(std::make_unique<LinearEq>(std::move(terms), c));
  else m.post(std::make_unique<LinearNe>(std::move(terms), c));
}

std::vector<int> ones(std::size_t n) { return std::vector<int>(n, 1); }

}  // namespace
}  // namespace detail

void linear(Model& m, std::span<const int> coefs, std::span<const Var> xs, Rel rel,
            std::int64_t c) {
  detail::post_linear(m, coefs, xs, rel, c);
}

void linear(Model& m, std::span<const int> coefs, std::span<const Var> xs, Rel rel, Var y) {
  std::vector<int> a(coefs.begin(), coefs.end());
  std::vector<Var> v(xs.begin(), xs.end());
  a.push_back(-1);
  v.push_back(y);
  detail::post_linear(m, a, v, rel, 0);
}

void linear(Model& m, std::span<const Var> xs, Rel rel, std::int64_t c) {
  detail::post_linear(m, detail::ones(xs.size()), xs, rel, c);
}

void linear(Model& m, std::span<const Var> xs, Rel rel, Var y) {
  linear(m, detail::ones(xs.size()), xs, rel, y);
}

void compare(Model& m, Var x, Rel rel, Var y) {
  const int a[] = {1, -1};
  const Var v[] = {x, y};
  detail::post_linear(m, a, v, rel, 0);
}

void compare(Model& m, Var x, Rel rel, std::int64_t c) {
  const int a[] = {1};
  detail::post_linear(m, a, {&x, 1}, rel, c);
}

}  // namespace solve
