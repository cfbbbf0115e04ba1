// Literals and reasons (solve/explain.hpp): whether a literal holds in a store, and the
// literals that describe a domain.
#include "solve/explain.hpp"

#include <algorithm>
#include <climits>

#include "solve/space.hpp"

namespace solve {

bool Literal::holds_in(const Space& s) const {
  const int lo = s.min(var), hi = s.max(var);
  switch (kind) {
    case Kind::le: return hi <= value;
    case Kind::ge: return lo >= value;
    case Kind::eq: return lo == value && hi == value;
    case Kind::ne: return !s.contains(var, value);
  }
  return false;
}

void add_bounds(const Space& s, Var x, Reason& reason) {
  reason.add(Literal::ge(x, s.min(x)));
  reason.add(Literal::le(x, s.max(x)));
}

void add_domain(const Space& s, Var x, Reason& reason) {
  if (s.assigned(x)) return reason.add(Literal::eq(x, s.value(x)));
  add_bounds(s, x, reason);
  // the holes: each value between two neighbours left in the domain
  for (int v = s.min(x), next; v < s.max(x); v = next) {
    next = s.next_value(x, v);
    for (std::int64_t gap = std::int64_t(v) + 1; gap < next; ++gap)
      reason.add(Literal::ne(x, int(gap)));
  }
}

namespace {
/// The holes that a bound jumps over: at most this many are named (else the caller falls back
/// to a larger reason, usually the domains of its whole scope). Most of a sparse domain's
/// holes were never in it: the analysis drops those at once (made true at the root). With 64,
/// mario easy 5's sum of costs (domains of 8 values over 800) fell back half the time.
constexpr std::int64_t kMaxHoles = 1024;
/// True when `before` has no value of x in [lo, hi].
bool no_value_within(const Space& before, Var x, std::int64_t lo, std::int64_t hi) {
  if (lo > hi) return true;
  if (before.contains(x, int(lo))) return false;
  return before.next_value(x, int(lo)) > hi;
}
}  // namespace

namespace {
/// [x == v] from a bound that leaves v alone: v is the other end of x's domain in `before`
/// (its bound named) and no value lies between v and the bound (holes named). A 0..1 variable
/// set by a bound is asked about so ([b == 0]); failing here sent the caller to its widest reason.
bool eq_from_bound(const Space& before, std::int64_t bound, const Literal& l, bool from_max,
                   Reason& reason) {
  const Var x = l.var;
  const std::int64_t v = l.value;
  if (!before.contains(x, l.value)) return false;
  if (from_max ? before.min(x) != v : before.max(x) != v) return false;
  const std::int64_t cap = from_max ? std::min<std::int64_t>(bound, before.max(x))
                                    : std::max<std::int64_t>(bound, before.min(x));
  const std::int64_t lo = from_max ? v + 1 : cap, hi = from_max ? cap : v - 1;
  if (hi - lo >= kMaxHoles || !no_value_within(before, x, lo, hi)) return false;
  reason.add(from_max ? Literal::ge(x, l.value) : Literal::le(x, l.value));
  if (from_max && cap < bound) reason.add(Literal::le(x, int(cap)));
  if (!from_max && cap > bound) reason.add(Literal::ge(x, int(cap)));
  for (std::int64_t w = lo; w <= hi; ++w) reason.add(Literal::ne(x, int(w)));
  return true;
}
}  // namespace

bool follows_from_max(const Space& before, std::int64_t hi, const Literal& l, Reason& reason) {
  if (l.follows_from_max(hi)) return true;
  if (l.kind == Literal::Kind::eq) return eq_from_bound(before, hi, l, true, reason);
  if (l.kind != Literal::Kind::le) return false;
  const std::int64_t cap = std::min<std::int64_t>(hi, before.max(l.var));
  if (cap - l.value > kMaxHoles || !no_value_within(before, l.var, std::int64_t(l.value) + 1, cap))
    return false;
  if (cap < hi) reason.add(Literal::le(l.var, int(cap)));
  for (std::int64_t w = std::int64_t(l.value) + 1; w <= cap; ++w)
    reason.add(Literal::ne(l.var, int(w)));
  return true;
}

bool follows_from_min(const Space& before, std::int64_t lo, const Literal& l, Reason& reason) {
  if (l.follows_from_min(lo)) return true;
  if (l.kind == Literal::Kind::eq) return eq_from_bound(before, lo, l, false, reason);
  if (l.kind != Literal::Kind::ge) return false;
  const std::int64_t cap = std::max<std::int64_t>(lo, before.min(l.var));
  if (l.value - cap > kMaxHoles || !no_value_within(before, l.var, cap, std::int64_t(l.value) - 1))
    return false;
  if (cap > lo) reason.add(Literal::ge(l.var, int(cap)));
  for (std::int64_t w = cap; w < l.value; ++w) reason.add(Literal::ne(l.var, int(w)));
  return true;
}

void add_scope(const Space& s, std::span<const Var> scope, Reason& reason) {
  reason.mark_scope();
  for (const Var x : scope) add_domain(s, x, reason);
}

}  // namespace solve
