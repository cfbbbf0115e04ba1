// Global constraints that the mznlib (share/minizinc/libsolve/) declares native, with
// libsolve's propagators: all_different, table, global_cardinality (and its _closed /
// _low_up variants: global_cardinality for constant counts, occurrences for variable ones),
// among, count (occurrences of a constant or a variable value, the count a variable),
// lex_less / lex_lesseq. Lexicographic orders over arrays of different lengths go through
// their test.
#include <climits>
#include <set>

#include <solve/constraints.hpp>
#include <solve/counting.hpp>
#include <solve/error.hpp>
#include <solve/ordering.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

/// The bounds lo..hi of a count over n variables, clipped to 0..n (libsolve takes int
/// bounds); false when no count can be in them.
bool count_bounds(std::int64_t lo, std::int64_t hi, std::size_t n, int& out_lo, int& out_hi) {
  lo = std::max<std::int64_t>(lo, 0);
  hi = std::min<std::int64_t>(hi, std::int64_t(n));
  if (lo > hi) return false;
  out_lo = int(lo);
  out_hi = int(hi);
  return true;
}

// ---- all_different ----

CheckFn all_different(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  return [xs](const Valuation& v) {
    std::set<std::int64_t> seen;
    for (const Slot x : xs)
      if (!seen.insert(v[x]).second) return false;
    return true;
  };
}
/// libsolve's all_different; constants become fixed variables (one per value, so two equal
/// constants, like a variable named twice, can never differ).
void post_all_different(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<solve::Var> vars = ctx.vars(c.terms(0));
  std::vector<std::int32_t> ids;
  for (const solve::Var x : vars) ids.push_back(x.id);
  std::sort(ids.begin(), ids.end());
  if (std::adjacent_find(ids.begin(), ids.end()) != ids.end()) return ctx.post_false();
  solve::all_different(ctx.model(), vars);
}

// ---- table ----

CheckFn table(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const std::vector<std::int64_t> flat = c.integers(1);
  if (xs.empty() || flat.size() % xs.size() != 0)
    c.fail(fmt::format("{} table entries for {} variables", flat.size(), xs.size()));
  return [xs, flat](const Valuation& v) {
    for (std::size_t t = 0; t < flat.size(); t += xs.size()) {
      std::size_t i = 0;
      while (i < xs.size() && flat[t + i] == v[xs[i]]) ++i;
      if (i == xs.size()) return true;
    }
    return false;
  };
}
void post_table(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> xs = c.terms(0);
  const std::vector<std::int64_t> flat = c.integers(1);
  if (xs.empty() || flat.size() % xs.size() != 0)
    c.fail(fmt::format("{} table entries for {} variables", flat.size(), xs.size()));
  std::vector<std::vector<int>> tuples;
  for (std::size_t t = 0; t < flat.size(); t += xs.size()) {
    std::vector<int> tuple;
    for (std::size_t i = 0; i < xs.size() && fits_int(flat[t + i]); ++i)
      tuple.push_back(int(flat[t + i]));
    if (tuple.size() == xs.size()) tuples.push_back(std::move(tuple));  // else matches no domain
  }
  if (tuples.empty()) return ctx.post_false();
  ctx.post_table(ctx.vars(xs), std::move(tuples));
}

// ---- counting ----

/// counts[k] = |{i : xs[i] = cover[k]}| (or lo[k] <= ... <= hi[k]), and with Closed every
/// xs[i] is one of cover.
template <bool Closed>
CheckFn cardinality_counts(const std::vector<Slot>& xs, const std::vector<std::int64_t>& cover,
                           std::vector<Slot> lo, std::vector<Slot> hi) {
  return [xs, cover, lo, hi](const Valuation& v) {
    std::vector<std::int64_t> count(cover.size(), 0);
    for (const Slot x : xs) {
      bool covered = false;
      for (std::size_t k = 0; k < cover.size(); ++k)
        if (cover[k] == v[x]) {
          ++count[k];
          covered = true;
        }
      if (Closed && !covered) return false;
    }
    for (std::size_t k = 0; k < cover.size(); ++k)
      if (count[k] < v[lo[k]] || count[k] > v[hi[k]]) return false;
    return true;
  };
}

/// global_cardinality(xs, cover, counts)
template <bool Closed>
CheckFn gcc(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const std::vector<std::int64_t> cover = c.integers(1);
  const std::vector<Slot> counts = s.slots(c.terms(2));
  if (cover.size() != counts.size())
    c.fail(fmt::format("{} values for {} counts", cover.size(), counts.size()));
  return cardinality_counts<Closed>(xs, cover, counts, counts);
}
/// global_cardinality_low_up(xs, cover, lbound, ubound)
template <bool Closed>
CheckFn gcc_low_up(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const std::vector<std::int64_t> cover = c.integers(1);
  const std::vector<Slot> lo = s.slots(c.terms(2)), hi = s.slots(c.terms(3));
  if (cover.size() != lo.size() || cover.size() != hi.size())
    c.fail(fmt::format("{} values for {} lower and {} upper bounds", cover.size(), lo.size(),
                       hi.size()));
  return cardinality_counts<Closed>(xs, cover, lo, hi);
}

/// Every x is one of the values (the _closed variants).
void post_closed(Context& ctx, const std::vector<Term>& xs,
                 const std::vector<std::int64_t>& values) {
  IntSet allowed;
  allowed.is_range = false;
  allowed.elems = values;
  for (const Term& x : xs) in_set_term(ctx.model(), x, allowed);
}

/// global_cardinality: a group per value with constant bounds (libsolve's
/// global_cardinality, one propagator for them all), occurrences per value with a variable
/// count.
template <bool Closed, bool LowUp>
void post_gcc(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> xs = c.terms(0);
  const std::vector<std::int64_t> cover = c.integers(1);
  const std::vector<Term> lo = c.terms(2), hi = c.terms(LowUp ? 3 : 2);
  if (cover.size() != lo.size() || cover.size() != hi.size())
    c.fail("the value and count arrays differ in length");
  const std::vector<solve::Var> vars = ctx.vars(xs);
  std::vector<solve::ValueCount> groups;
  for (std::size_t k = 0; k < cover.size(); ++k) {
    if (!fits_int(cover[k])) {  // no variable takes it: a count of 0
      compare_terms(ctx.model(), lo[k], solve::Rel::le, Term::constant(0));
      compare_terms(ctx.model(), Term::constant(0), solve::Rel::le, hi[k]);
    } else if (lo[k].fixed && hi[k].fixed) {
      solve::ValueCount g{{int(cover[k])}, 0, 0};
      if (!count_bounds(lo[k].value, hi[k].value, xs.size(), g.lo, g.hi)) return ctx.post_false();
      groups.push_back(std::move(g));
    } else if (!LowUp) {
      solve::occurrences(ctx.model(), vars, int(cover[k]), ctx.var(lo[k]));
    } else {
      throw solve::ModelError("variable bounds");  // (the specification makes them parameters)
    }
  }
  if (!groups.empty())
    solve::global_cardinality(ctx.model(), vars, groups);  // ModelError on a repeated value
  if (Closed) post_closed(ctx, xs, cover);
}

/// among(n, xs, S): n = |{i : xs[i] in S}|
CheckFn among(const Call& c, CheckScope& s) {
  const Slot n = s.slot(c.term(0));
  const std::vector<Slot> xs = s.slots(c.terms(1));
  const SetTest in(c.set(2));
  return [n, xs, in](const Valuation& v) {
    std::int64_t k = 0;
    for (const Slot x : xs) k += in(v[x]);
    return k == v[n];
  };
}
void post_among(const Call& c) {
  Context& ctx = c.ctx();
  const Term n = c.term(0);
  const std::vector<Term> xs = c.terms(1);
  const IntSet set = c.set(2);
  // the values of S that some x can take (S itself may be a huge range)
  std::set<int> values;
  for (const Term& x : xs) {
    if (!x.fixed) {
      for (const int v : values_in_domain(ctx.model(), x.var, set)) values.insert(v);
    } else if (fits_int(x.value) && SetTest(set)(x.value)) {
      values.insert(int(x.value));
    }
  }
  if (values.empty()) return compare_terms(ctx.model(), n, solve::Rel::eq, Term::constant(0));
  const std::vector<int> listed(values.begin(), values.end());
  solve::among(ctx.model(), ctx.vars(xs), listed, ctx.var(n));
}

/// count_eq(xs, y, c): c = |{i : xs[i] = y}|
CheckFn count(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const Slot y = s.slot(c.term(1)), n = s.slot(c.term(2));
  return [xs, y, n](const Valuation& v) {
    std::int64_t k = 0;
    for (const Slot x : xs) k += v[x] == v[y];
    return k == v[n];
  };
}
void post_count(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> xs = c.terms(0);
  const Term y = c.term(1), n = c.term(2);
  if (y.fixed && !fits_int(y.value))
    return compare_terms(ctx.model(), n, solve::Rel::eq, Term::constant(0));
  if (y.fixed) solve::occurrences(ctx.model(), ctx.vars(xs), int(y.value), ctx.var(n));
  else solve::occurrences(ctx.model(), ctx.vars(xs), y.var, ctx.var(n));
}

// ---- lexicographic order ----

/// xs <lex ys (Strict) or xs <=lex ys, arrays of any lengths (a proper prefix is smaller).
template <bool Strict>
CheckFn lex(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0)), ys = s.slots(c.terms(1));
  return [xs, ys](const Valuation& v) {
    for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
      if (v[xs[i]] != v[ys[i]]) return v[xs[i]] < v[ys[i]];
    }
    return Strict ? xs.size() < ys.size() : xs.size() <= ys.size();
  };
}
template <bool Strict>
void post_lex(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> xs = c.terms(0), ys = c.terms(1);
  if (xs.size() != ys.size() || xs.empty()) return post_relation(c, lex<Strict>);
  if (Strict) solve::lex_less(ctx.model(), ctx.vars(xs), ctx.vars(ys));
  else solve::lex_less_equal(ctx.model(), ctx.vars(xs), ctx.vars(ys));
}

constexpr Builtin table_[] = {
    {"fzn_all_different_int", 1, post_all_different, nullptr, all_different},
    {"fzn_table_int", 2, post_table, nullptr, table},
    {"fzn_table_bool", 2, post_table, nullptr, table},
    {"fzn_global_cardinality", 3, post_gcc<false, false>, nullptr, gcc<false>},
    {"fzn_global_cardinality_closed", 3, post_gcc<true, false>, nullptr, gcc<true>},
    {"fzn_global_cardinality_low_up", 4, post_gcc<false, true>, nullptr, gcc_low_up<false>},
    {"fzn_global_cardinality_low_up_closed", 4, post_gcc<true, true>, nullptr, gcc_low_up<true>},
    {"fzn_among", 3, post_among, nullptr, among},
    {"fzn_count_eq", 3, post_count, nullptr, count},
    {"fzn_count_eq_par", 3, post_count, nullptr, count},
    {"fzn_lex_less_int", 2, post_lex<true>, nullptr, lex<true>},
    {"fzn_lex_lesseq_int", 2, post_lex<false>, nullptr, lex<false>},
    {"fzn_lex_less_bool", 2, post_lex<true>, nullptr, lex<true>},
    {"fzn_lex_lesseq_bool", 2, post_lex<false>, nullptr, lex<false>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> globals_builtins() { return builtins::table_; }
}  // namespace fzn
