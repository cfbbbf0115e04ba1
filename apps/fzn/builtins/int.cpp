// Integer builtins: comparisons, arithmetic (plus, times, div, mod, min, max, abs, pow),
// element over constant and variable arrays, minimum/maximum of arrays, set_in.
//
// libsolve's own propagators: equal / not_equal / less / less_equal between two variables,
// fix, and tables (element over constants). Everything else goes through its test
// (post_checked: a table when small, forward checking otherwise) until the general-CP
// catalogue lands.
#include <solve/constraints.hpp>

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

CheckFn eq(const Call& c, CheckScope& s) { return pair_test(c, s, [](auto a, auto b) { return a == b; }); }
CheckFn ne(const Call& c, CheckScope& s) { return pair_test(c, s, [](auto a, auto b) { return a != b; }); }
CheckFn lt(const Call& c, CheckScope& s) { return pair_test(c, s, [](auto a, auto b) { return a < b; }); }
CheckFn le(const Call& c, CheckScope& s) { return pair_test(c, s, [](auto a, auto b) { return a <= b; }); }
CheckFn abs(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](std::int64_t a, std::int64_t b) { return Wide(a < 0 ? -Wide(a) : Wide(a)) == b; });
}

CheckFn plus(const Call& c, CheckScope& s) { return triple_test(c, s, [](Wide a, Wide b, Wide r) { return a + b == r; }); }
CheckFn times(const Call& c, CheckScope& s) { return triple_test(c, s, [](Wide a, Wide b, Wide r) { return a * b == r; }); }
// MiniZinc's div and mod truncate towards zero (as C++ does); a zero divisor never holds.
CheckFn div(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return b != 0 && a / b == r; });
}
CheckFn mod(const Call& c, CheckScope& s) {
  return triple_test(c, s, [](Wide a, Wide b, Wide r) { return b != 0 && a % b == r; });
}
CheckFn min(const Call& c, CheckScope& s) { return triple_test(c, s, [](Wide a, Wide b, Wide r) { return std::min(a, b) == r; }); }
CheckFn max(const Call& c, CheckScope& s) { return triple_test(c, s, [](Wide a, Wide b, Wide r) { return std::max(a, b) == r; }); }

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

void post_ne(const Call& c) { post_binary_or_checked(c, solve::not_equal, ne); }
void post_lt(const Call& c) { post_binary_or_checked(c, solve::less, lt); }
void post_le(const Call& c) { post_binary_or_checked(c, solve::less_equal, le); }

/// r = x with one side possibly constant (what element is once its index is known).
void post_equal_terms(Context& ctx, Term x, Term r) {
  if (!x.fixed && !r.fixed) return solve::equal(ctx.model(), x.var, r.var);
  if (x.fixed && r.fixed) {
    if (x.value != r.value) ctx.post_false();
    return;
  }
  const Term v = x.fixed ? r : x, k = x.fixed ? x : r;
  if (fits_int(k.value)) solve::fix(ctx.model(), v.var, int(k.value));
  else ctx.post_false();
}

void post_eq(const Call& c) { post_equal_terms(c.ctx(), c.term(0), c.term(1)); }

/// The index of an element constraint when it is fixed: the position (0-based), or -1 when
/// it is out of range (the constraint cannot hold).
std::int64_t fixed_position(Term idx, std::size_t n) {
  return idx.value >= 1 && std::uint64_t(idx.value) <= n ? idx.value - 1 : -1;
}

/// Element over constants: the allowed (index, value) pairs as a table.
void post_element(const Call& c) {
  const Term idx = c.term(0), r = c.term(2);
  const std::vector<std::int64_t> as = c.integers(1);
  if (idx.fixed) {
    const std::int64_t at = fixed_position(idx, as.size());
    if (at < 0) return c.ctx().post_false();
    return post_equal_terms(c.ctx(), Term::constant(as[std::size_t(at)]), r);
  }
  if (r.fixed) return post_relation(c, element);
  std::vector<std::vector<int>> pairs;
  for (std::size_t i = 0; i < as.size(); ++i)
    if (fits_int(as[i]) && i + 1 <= std::size_t(INT_MAX)) pairs.push_back({int(i + 1), int(as[i])});
  if (pairs.empty()) return c.ctx().post_false();
  c.ctx().post_table({idx.var, r.var}, std::move(pairs));
}

/// Element over variables: over constants when they all are; the index kept in 1..n.
void post_var_element(const Call& c) {
  const std::vector<Term> xs = c.terms(1);
  if (std::all_of(xs.begin(), xs.end(), [](const Term& t) { return t.fixed; })) return post_element(c);
  const Term idx = c.term(0);
  if (idx.fixed) {
    const std::int64_t at = fixed_position(idx, xs.size());
    if (at < 0) return c.ctx().post_false();
    return post_equal_terms(c.ctx(), xs[std::size_t(at)], c.term(2));
  }
  CheckScope s;
  const Slot i = s.slot(idx);
  const std::int64_t n = std::int64_t(xs.size());
  c.ctx().post_checked(s, "element index", [i, n](const Valuation& v) { return v[i] >= 1 && v[i] <= n; });
  post_relation(c, var_element);
}

constexpr Builtin table[] = {
    {"int_eq", 2, post_eq, eq, true},
    {"int_ne", 2, post_ne, ne, true},
    {"int_lt", 2, post_lt, lt, true},
    {"int_le", 2, post_le, le, true},
    {"int_abs", 2, nullptr, abs},
    {"int_plus", 3, nullptr, plus},
    {"int_times", 3, nullptr, times},
    {"int_div", 3, nullptr, div},
    {"int_mod", 3, nullptr, mod},
    {"int_min", 3, nullptr, min},
    {"int_max", 3, nullptr, max},
    {"int_pow", 3, nullptr, pow},
    {"set_in", 2, nullptr, set_in, true},
    {"array_int_element", 3, post_element, element},
    {"array_var_int_element", 3, post_var_element, var_element},
    {"array_bool_element", 3, post_element, element},
    {"array_var_bool_element", 3, post_var_element, var_element},
    {"array_int_maximum", 2, nullptr, extremum<true>},
    {"array_int_minimum", 2, nullptr, extremum<false>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> int_builtins() { return builtins::table; }
}  // namespace fzn
