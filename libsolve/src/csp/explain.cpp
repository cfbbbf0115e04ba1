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
/// to a larger reason).
constexpr std::int64_t kMaxHoles = 64;
}  // namespace

bool follows_from_max(const Space& before, std::int64_t hi, const Literal& l, Reason& reason) {
  if (l.follows_from_max(hi)) return true;
  if (l.kind != Literal::Kind::le) return false;
  const std::int64_t cap = std::min<std::int64_t>(hi, before.max(l.var));
  if (cap - l.value > kMaxHoles) return false;
  for (std::int64_t w = std::int64_t(l.value) + 1; w <= cap; ++w)
    if (before.contains(l.var, int(w))) return false;
  if (cap < hi) reason.add(Literal::le(l.var, int(cap)));
  for (std::int64_t w = std::int64_t(l.value) + 1; w <= cap; ++w)
    reason.add(Literal::ne(l.var, int(w)));
  return true;
}

bool follows_from_min(const Space& before, std::int64_t lo, const Literal& l, Reason& reason) {
  if (l.follows_from_min(lo)) return true;
  if (l.kind != Literal::Kind::ge) return false;
  const std::int64_t cap = std::max<std::int64_t>(lo, before.min(l.var));
  if (l.value - cap > kMaxHoles) return false;
  for (std::int64_t w = cap; w < l.value; ++w)
    if (before.contains(l.var, int(w))) return false;
  if (cap > lo) reason.add(Literal::ge(l.var, int(cap)));
  for (std::int64_t w = cap; w < l.value; ++w) reason.add(Literal::ne(l.var, int(w)));
  return true;
}

void add_scope(const Space& s, std::span<const Var> scope, Reason& reason) {
  for (const Var x : scope) add_domain(s, x, reason);
}

}  // namespace solve
