#pragma once
// Reasons of bound and equality literals from the reasons of single removals, for the
// propagators whose rules remove values one by one: [x >= a] holds because every value of x
// below a either was gone when the call began (a hole, named [x != w]) or was removed by the
// rule (named by that rule's reason), and x was >= its minimum.
#include <climits>
#include <cstdint>
#include <span>

#include "solve/constraint.hpp"
#include "solve/explain.hpp"

namespace solve::detail {

/// True when the view x can take the value w at all (w = scale * v + offset for some v):
/// other values need no [x != w].
inline bool reachable(Var x, std::int64_t w) { return (w - x.offset) % x.scale == 0; }

/// Calls rule(p, v) for each entry p of `scope` that is a view of x's variable, v being that
/// entry's value when x takes w, until one returns true (a pruning of x may be the rule's
/// at another view of its variable). False when none does.
template <class Rule>
bool at_some_entry(std::span<const Var> scope, Var x, std::int64_t w, Rule&& rule) {
  if (!reachable(x, w)) return false;
  const std::int64_t u = (w - x.offset) / x.scale;  // the variable's value
  for (std::size_t p = 0; p < scope.size(); ++p) {
    if (scope[p].id != x.id) continue;
    const std::int64_t v = std::int64_t(scope[p].scale) * u + scope[p].offset;
    if (v >= INT_MIN && v <= INT_MAX && rule(p, int(v))) return true;
  }
  return false;
}

/// Appends [x != w] for each reachable w in (from, to) (values the domain lacks); false when
/// there are more than `cap` of them (a reason that long is worth no more than the default;
/// most holes of a sparse domain were never in it and the analysis drops them at once).
inline bool add_holes(Var x, std::int64_t from, std::int64_t to, Reason& r, std::int64_t cap = 1024) {
  if (to - from - 1 > cap * (x.scale < 0 ? -std::int64_t(x.scale) : x.scale)) return false;
  for (std::int64_t w = from + 1; w < to; ++w)
    if (reachable(x, w)) r.add(Literal::ne(x, int(w)));
  return true;
}

/// Explains `l` (a literal on x = l.var that holds after the call) from `removed(w, r)`, which
/// appends the reason why the call removed the value w of x (w was in x's domain in `before`)
/// and returns false when it cannot. Returns false (with r partly written) when some removal
/// has no reason or too many holes lie in the way.
template <class Removed>
bool explain_by_removals(const Space& before, const Literal& l, Reason& r, Removed&& removed) {
  const Var x = l.var;
  if (l.kind == Literal::Kind::ne) return before.contains(x, l.value) && removed(l.value, r);
  const std::int64_t lo = before.min(x), hi = before.max(x);
  // the values of [lo, hi] that the literal excludes: [from, to]
  std::int64_t from = lo, to = hi;
  if (l.kind == Literal::Kind::ge) to = std::int64_t(l.value) - 1;
  if (l.kind == Literal::Kind::le) from = std::int64_t(l.value) + 1;
  if (l.kind != Literal::Kind::le) r.add(Literal::ge(x, int(lo)));
  if (l.kind != Literal::Kind::ge) r.add(Literal::le(x, int(hi)));
  auto exclude = [&](std::int64_t a, std::int64_t b) {  // every value of [a, b]
    if (a > b) return true;
    std::int64_t last = a - 1;  // the last value of x seen (or before a)
    for (int v = before.contains(x, int(a)) ? int(a) : before.next_value(x, int(a));
         v != INT_MAX && v <= b; v = before.next_value(x, v)) {
      if (!add_holes(x, last, v, r) || !removed(v, r)) return false;
      last = v;
    }
    return add_holes(x, last, b + 1, r);
  };
  if (l.kind == Literal::Kind::eq)
    return exclude(lo, std::int64_t(l.value) - 1) && exclude(std::int64_t(l.value) + 1, hi);
  return exclude(from, to);
}

/// Explains `l` by bounds alone: `entry(i, b, r)` appends the reason of the bound b ([x >= v] or
/// [x <= v]) on scope entry i and returns false when it has none; every entry that is l's
/// variable is tried. An equality is explained as its two bounds, [x != v] as a bound moved
/// past v.
template <class Entry>
bool explain_by_bounds(const Space& before, std::span<const Var> scope, const Literal& l, Reason& r,
                       Entry&& entry) {
  auto bound = [&](const Literal& b) {
    for (std::size_t i = 0; i < scope.size(); ++i) {
      if (scope[i] != b.var) continue;
      const std::size_t mark = r.size();
      if (entry(i, b, r)) return true;
      r.truncate(mark);
    }
    return false;
  };
  const Var x = l.var;
  switch (l.kind) {
    case Literal::Kind::ge:
    case Literal::Kind::le: return bound(l);
    case Literal::Kind::eq: return bound(Literal::ge(x, l.value)) && bound(Literal::le(x, l.value));
    case Literal::Kind::ne:  // a bound that moved past v (never past the domain: no overflow)
      return (l.value > before.min(x) && l.value <= before.max(x) &&
              bound(Literal::le(x, l.value - 1))) ||
             (l.value >= before.min(x) && l.value < before.max(x) &&
              bound(Literal::ge(x, l.value + 1)));
  }
  return false;
}

/// Runs `own(r)`, the reason of a propagator's own rules; when it returns false, drops what it
/// wrote and names the domains of the scope instead (always true: rule 8 of constraint.hpp).
template <class Own>
void explain_or_scope(const Constraint& c, const Space& before, Reason& r, Own&& own) {
  const std::size_t mark = r.size();
  if (own(r)) return;
  r.truncate(mark);
  add_scope(before, c.scope(), r);
}

}  // namespace solve::detail
