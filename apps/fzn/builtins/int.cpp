// Integer builtins: comparisons, arithmetic (plus, times, div, mod, min, max, abs, pow),
// element over constant and variable arrays, minimum/maximum of arrays, set_in; each posted
// with libsolve's catalogue (linear.hpp, arithmetic.hpp, element.hpp, in_set). The tests
// below are the fallback where libsolve cannot take a call (constants beyond 32 bits).
#include <solve/arithmetic.hpp>
#include <solve/constraints.hpp>
#include <solve/element.hpp>
#include <solve/error.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

// ---- the relations (tests) ----

template <class Op>
CheckFn pair_test(const Call& c, CheckScope& s, Op op) {
  const Slot a = s.slot(c.term(0)), b = s.slot(c.term(1));
  return [a, b, op](const Valuation& v) { return op(v[a], v[b]); };
}

template <class Op>
CheckFn triple_test(const Call& c, CheckScope& s, Op op) {
  const Slot a = s.slot(c.term(0)), b = s.slot(c.term(1)), r = s.slot(c.term(2));
  return [a, b, r, op](const Valuation& v) { return op(Wide(v[a]), Wide(v[b]), Wide(v[r])); };
}

CheckFn eq(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](auto a, auto b) { return a == b; });
}
CheckFn ne(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](auto a, auto b) { return a != b; });
}
CheckFn lt(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](auto a, auto b) { return a < b; });
}
CheckFn le(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](auto a, auto b) { return a <= b; });
}
CheckFn abs(const Call& c, CheckScope& s) {
  return pair_test(
      c, s, [](std::int64_t a, std::int64_t b) { return Wide(a < 0 ? -Wide(a) : Wide(a)) == b; });
}

CheckFn plus(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return a + b == r; });
}
CheckFn times(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return a * b == r; });
}
// MiniZinc's div and mod truncate towards zero (as C++ does); a zero divisor never holds.
CheckFn div(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return b != 0 && a / b == r; });
}
CheckFn mod(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return b != 0 && a % b == r; });
}
CheckFn min(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return std::min(a, b) == r; });
}
CheckFn max(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return std::max(a, b) == r; });
}

/// a^b = r; a negative exponent means 1 div a^-b (undefined, so false, for a = 0).
bool power_holds(Wide a, Wide b, Wide r) {
  if (b == 0) return r == 1;
  if (a == 0) return b > 0 && r == 0;
  if (a == 1) return r == 1;
  if (a == -1) return r == (b % 2 == 0 ? 1 : -1);
  if (b < 0) return r == 0;  // |a| >= 2: 1 div a^-b truncates to 0
  // |a| >= 2: the power leaves the 64-bit range within 64 steps
  Wide p = 1;
  for (Wide k = 0; k < b; ++k) {
    p *= a;
    if (p > (Wide(1) << 64) || p < -(Wide(1) << 64)) return false;
  }
  return p == r;
}
CheckFn pow(const Call& c, CheckScope& s) { return triple_test(c, s, power_holds); }

CheckFn set_in(const Call& c, CheckScope& s) {
  const Slot x = s.slot(c.term(0));
  const SetTest in(c.set(1));
  return [x, in](const Valuation& v) { return in(v[x]); };
}

/// array_var_int_element(idx, xs, r): idx in 1..n and xs[idx] = r.
CheckFn var_element(const Call& c, CheckScope& s) {
  const Slot idx = s.slot(c.term(0));
  const std::vector<Slot> xs = s.slots(c.terms(1));
  const Slot r = s.slot(c.term(2));
  return [idx, xs, r](const Valuation& v) {
    const std::int64_t i = v[idx];
    return i >= 1 && std::uint64_t(i) <= xs.size() && v[xs[std::size_t(i - 1)]] == v[r];
  };
}

/// array_int_element(idx, as, r) with constants as.
CheckFn element(const Call& c, CheckScope& s) {
  const Slot idx = s.slot(c.term(0));
  const std::vector<std::int64_t> as = c.integers(1);
  const Slot r = s.slot(c.term(2));
  return [idx, as, r](const Valuation& v) {
    const std::int64_t i = v[idx];
    return i >= 1 && std::uint64_t(i) <= as.size() && as[std::size_t(i - 1)] == v[r];
  };
}

/// array_int_maximum(m, xs) / array_int_minimum(m, xs).
template <bool Max>
CheckFn extremum(const Call& c, CheckScope& s) {
  const Slot m = s.slot(c.term(0));
  const std::vector<Slot> xs = s.slots(c.terms(1));
  return [m, xs](const Valuation& v) {
    if (xs.empty()) return false;
    std::int64_t best = v[xs[0]];
    for (const Slot x : xs) best = Max ? std::max(best, v[x]) : std::min(best, v[x]);
    return best == v[m];
  };
}

// ---- posters ----

template <solve::Rel R>
void native_compare(const Call& c, solve::Model& m) {
  compare_terms(m, c.term(0), R, c.term(1));
}

void native_set_in(const Call& c, solve::Model& m) { in_set_term(m, c.term(0), c.set(1)); }

/// x + y == z
void post_plus(const Call& c) {
  const std::int64_t as[] = {1, 1};
  const Term xs[] = {c.term(0), c.term(1)};
  linear_terms(c.ctx().model(), as, xs, solve::Rel::eq, c.term(2));
}

/// z == f(x, y) (or z == f(x)) with libsolve's propagator; constants become fixed variables.
template <void (*F)(solve::Model&, solve::Var, solve::Var, solve::Var)>
void post_function(const Call& c) {
  Context& ctx = c.ctx();
  F(ctx.model(), ctx.var(c.term(0)), ctx.var(c.term(1)), ctx.var(c.term(2)));
}
void post_abs(const Call& c) {
  solve::abs(c.ctx().model(), c.ctx().var(c.term(0)), c.ctx().var(c.term(1)));
}

/// FlatZinc's index (1-based) as libsolve's (0-based): the view idx - 1.
solve::Var position(Context& ctx, Term idx) { return ctx.var(idx) - 1; }

/// Element over constants (the values must fit libsolve's 32 bits).
void post_element(const Call& c) {
  Context& ctx = c.ctx();
  std::vector<int> values;
  for (const std::int64_t a : c.integers(1)) {
    if (!fits_int(a)) throw solve::ModelError(fmt::format("{} exceeds 32 bits", a));
    values.push_back(int(a));
  }
  solve::element(ctx.model(), values, position(ctx, c.term(0)), ctx.var(c.term(2)));
}

/// Element over variables.
void post_var_element(const Call& c) {
  Context& ctx = c.ctx();
  solve::element(ctx.model(), ctx.vars(c.terms(1)), position(ctx, c.term(0)), ctx.var(c.term(2)));
}

/// array_int_maximum(m, xs) / array_int_minimum(m, xs)
template <bool Max>
void post_extremum(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<solve::Var> xs = ctx.vars(c.terms(1));
  if (Max) solve::maximum(ctx.model(), xs, ctx.var(c.term(0)));
  else solve::minimum(ctx.model(), xs, ctx.var(c.term(0)));
}

constexpr Builtin table[] = {
    {"int_eq", 2, nullptr, native_compare<solve::Rel::eq>, eq, true},
    {"int_ne", 2, nullptr, native_compare<solve::Rel::ne>, ne, true},
    {"int_lt", 2, nullptr, native_compare<solve::Rel::lt>, lt, true},
    {"int_le", 2, nullptr, native_compare<solve::Rel::le>, le, true},
    {"int_abs", 2, post_abs, nullptr, abs},
    {"int_plus", 3, post_plus, nullptr, plus},
    {"int_times", 3, post_function<solve::times>, nullptr, times},
    {"int_div", 3, post_function<solve::divide>, nullptr, div},
    {"int_mod", 3, post_function<solve::modulo>, nullptr, mod},
    {"int_min", 3, post_function<solve::min>, nullptr, min},
    {"int_max", 3, post_function<solve::max>, nullptr, max},
    {"int_pow", 3, post_function<solve::power>, nullptr, pow},
    {"set_in", 2, nullptr, native_set_in, set_in, true},
    {"array_int_element", 3, post_element, nullptr, element},
    {"array_var_int_element", 3, post_var_element, nullptr, var_element},
    {"array_bool_element", 3, post_element, nullptr, element},
    {"array_var_bool_element", 3, post_var_element, nullptr, var_element},
    {"array_int_maximum", 2, post_extremum<true>, nullptr, extremum<true>},
    {"array_int_minimum", 2, post_extremum<false>, nullptr, extremum<false>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> int_builtins() { return builtins::table; }
}  // namespace fzn
