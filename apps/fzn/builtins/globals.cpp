// Global constraints that the mznlib (share/minizinc/libsolve/) declares native, with
// libsolve's propagators: all_different, table, global_cardinality (and its _closed /
// _low_up variants), among, count, lex_less / lex_lesseq. Where FlatZinc asks for more than
// libsolve's call expresses (a variable count, arrays of different lengths) the propagator
// gets the count's bounds and the exact test is posted beside it.
#include <climits>
#include <set>

#include <solve/constraints.hpp>
#include <solve/counting.hpp>
#include <solve/ordering.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

bool all_fixed(const std::vector<Term>& ts) {
  return std::all_of(ts.begin(), ts.end(), [](const Term& t) { return t.fixed; });
}

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
/// libsolve's all_different over the variables; the constants are taken out first (distinct,
/// and removed from the variables' domains). libsolve's domain-consistent filter keeps bitsets
/// over the whole span of values (max - min over every variable), n * span bits: over a span
/// far wider than the variables need, or beyond 2^32 bits, not_equal per pair does the job.
void post_all_different(const Call& c) {
  Context& ctx = c.ctx();
  std::vector<std::int64_t> constants;
  std::vector<solve::Var> vars;
  for (const Term& t : c.terms(0)) {
    if (t.fixed) constants.push_back(t.value);
    else vars.push_back(t.var);
  }
  std::sort(constants.begin(), constants.end());
  if (std::adjacent_find(constants.begin(), constants.end()) != constants.end()) return ctx.post_false();
  std::vector<solve::Var> distinct = vars;
  std::sort(distinct.begin(), distinct.end(), [](solve::Var a, solve::Var b) { return a.id < b.id; });
  if (std::adjacent_find(distinct.begin(), distinct.end()) != distinct.end()) return ctx.post_false();
  if (!constants.empty()) {
    for (const solve::Var x : vars) {
      CheckScope s;
      const Slot slot = s.slot(Term::variable(x));
      ctx.post_checked(s, c.name(), [slot, constants](const Valuation& v) {
        return !std::binary_search(constants.begin(), constants.end(), v[slot]);
      });
    }
  }
  if (vars.size() < 2) return;
  std::int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const solve::Var x : vars) {
    lo = std::min(lo, ctx.min(Term::variable(x)));
    hi = std::max(hi, ctx.max(Term::variable(x)));
  }
  const std::uint64_t span = std::uint64_t(hi - lo) + 1, n = vars.size();
  if (span <= std::max<std::uint64_t>(std::uint64_t(1) << 16, 64 * n) && n * span <= (std::uint64_t(1) << 32)) {
    solve::all_different(ctx.model(), vars);
    return;
  }
  for (std::size_t i = 0; i < vars.size(); ++i)
    for (std::size_t j = i + 1; j < vars.size(); ++j) solve::not_equal(ctx.model(), vars[i], vars[j]);
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
    for (std::size_t i = 0; i < xs.size() && fits_int(flat[t + i]); ++i) tuple.push_back(int(flat[t + i]));
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
  if (cover.size() != counts.size()) c.fail(fmt::format("{} values for {} counts", cover.size(), counts.size()));
  return cardinality_counts<Closed>(xs, cover, counts, counts);
}
/// global_cardinality_low_up(xs, cover, lbound, ubound)
template <bool Closed>
CheckFn gcc_low_up(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const std::vector<std::int64_t> cover = c.integers(1);
  const std::vector<Slot> lo = s.slots(c.terms(2)), hi = s.slots(c.terms(3));
  if (cover.size() != lo.size() || cover.size() != hi.size())
    c.fail(fmt::format("{} values for {} lower and {} upper bounds", cover.size(), lo.size(), hi.size()));
  return cardinality_counts<Closed>(xs, cover, lo, hi);
}

/// Every x is one of the values (the _closed variants).
void post_closed(const Call& c, const std::vector<Term>& xs, const std::vector<std::int64_t>& values) {
  IntSet allowed;
  allowed.is_range = false;
  allowed.elems = values;
  const SetTest in(allowed);
  for (const Term& x : xs) {
    CheckScope s;
    const Slot slot = s.slot(x);
    c.ctx().post_checked(s, c.name(), [slot, in](const Valuation& v) { return in(v[slot]); });
  }
}

/// libsolve's global_cardinality with constant bounds per value; the exact test beside it
/// when the counts are variables.
template <bool Closed, bool LowUp>
void post_gcc(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> xs = c.terms(0);
  const std::vector<std::int64_t> cover = c.integers(1);
  const std::vector<Term> lo = c.terms(2), hi = c.terms(LowUp ? 3 : 2);
  if (cover.size() != lo.size() || cover.size() != hi.size()) c.fail("the value and count arrays differ in length");
  std::vector<solve::ValueCount> groups;
  std::set<std::int64_t> distinct(cover.begin(), cover.end());
  for (std::size_t k = 0; k < cover.size() && distinct.size() == cover.size(); ++k) {
    solve::ValueCount g{{int(cover[k])}, 0, 0};
    if (!count_bounds(ctx.min(lo[k]), ctx.max(hi[k]), xs.size(), g.lo, g.hi)) return ctx.post_false();
    if (fits_int(cover[k])) groups.push_back(std::move(g));  // else no variable takes it: the test decides
  }
  if (!groups.empty()) solve::global_cardinality(ctx.model(), ctx.vars(xs), groups);
  if (Closed) post_closed(c, xs, cover);
  if (!all_fixed(lo) || !all_fixed(hi) || groups.size() != cover.size()) post_relation(c, LowUp ? gcc_low_up<Closed> : gcc<Closed>);
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
  std::vector<int> values;
  const IntSet set = c.set(2);
  if (set.size() > (1u << 20)) return post_relation(c, among);  // a huge range: test only
  for (const std::int64_t v : set.values())
    if (fits_int(v)) values.push_back(int(v));
  int lo = 0, hi = 0;
  if (!count_bounds(ctx.min(n), ctx.max(n), xs.size(), lo, hi)) return ctx.post_false();
  if (!values.empty()) solve::among(ctx.model(), ctx.vars(xs), values, lo, hi);
  if (!n.fixed || values.empty()) post_relation(c, among);
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
  if (y.fixed && fits_int(y.value)) {
    const int value = int(y.value);
    int lo = 0, hi = 0;
    if (!count_bounds(ctx.min(n), ctx.max(n), xs.size(), lo, hi)) return ctx.post_false();
    solve::among(ctx.model(), ctx.vars(xs), std::span<const int>(&value, 1), lo, hi);
    if (n.fixed) return;
  }
  post_relation(c, count);
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
    {"fzn_all_different_int", 1, post_all_different, all_different},
    {"fzn_table_int", 2, post_table, table},
    {"fzn_table_bool", 2, post_table, table},
    {"fzn_global_cardinality", 3, post_gcc<false, false>, gcc<false>},
    {"fzn_global_cardinality_closed", 3, post_gcc<true, false>, gcc<true>},
    {"fzn_global_cardinality_low_up", 4, post_gcc<false, true>, gcc_low_up<false>},
    {"fzn_global_cardinality_low_up_closed", 4, post_gcc<true, true>, gcc_low_up<true>},
    {"fzn_among", 3, post_among, among},
    {"fzn_count_eq", 3, post_count, count},
    {"fzn_count_eq_par", 3, post_count, count},
    {"fzn_lex_less_int", 2, post_lex<true>, lex<true>},
    {"fzn_lex_lesseq_int", 2, post_lex<false>, lex<false>},
    {"fzn_lex_less_bool", 2, post_lex<true>, lex<true>},
    {"fzn_lex_lesseq_bool", 2, post_lex<false>, lex<false>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> globals_builtins() { return builtins::table_; }
}  // namespace fzn
