// Scheduling globals that the mznlib (share/minizinc/libsolve/) declares native, with
// libsolve's propagators (solve/scheduling.hpp): cumulative, disjunctive and
// disjunctive_strict. Their tests (the fallback and the oracle) read the definitions as
// MiniZinc's cumulative/disjunctive state them, with the assumption MiniZinc makes of every
// call (durations and usages non-negative) made part of the relation, as libsolve does.
#include <fmt/format.h>

#include <solve/scheduling.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

/// The task arrays of a call have one entry per task.
void same_lengths(const Call& c, std::initializer_list<std::size_t> sizes) {
  for (const std::size_t n : sizes)
    if (n != *sizes.begin())
      c.fail(fmt::format("task arrays of different lengths ({} and {})", *sizes.begin(), n));
}

// ---- cumulative(s, d, r, b) ----

/// At every task's start the usages of the tasks running then fit b (the load only rises at
/// a start); d, r >= 0 and, with a task, b >= 0.
CheckFn cumulative(const Call& c, CheckScope& sc) {
  const std::vector<Slot> s = sc.slots(c.terms(0)), d = sc.slots(c.terms(1)),
                          r = sc.slots(c.terms(2));
  const Slot b = sc.slot(c.term(3));
  same_lengths(c, {s.size(), d.size(), r.size()});
  return [s, d, r, b](const Valuation& v) {
    if (!s.empty() && v[b] < 0) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (v[d[i]] < 0 || v[r[i]] < 0) return false;
      if (v[d[i]] == 0 || v[r[i]] == 0) continue;
      std::int64_t load = 0;
      for (std::size_t j = 0; j < s.size(); ++j)
        if (v[s[j]] <= v[s[i]] && v[s[i]] < v[s[j]] + v[d[j]] && v[d[j]] > 0) load += v[r[j]];
      if (load > v[b]) return false;
    }
    return true;
  };
}
void post_cumulative(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> s = c.terms(0), d = c.terms(1), r = c.terms(2);
  same_lengths(c, {s.size(), d.size(), r.size()});
  solve::cumulative(ctx.model(), ctx.vars(s), ctx.vars(d), ctx.vars(r), ctx.var(c.term(3)));
}

// ---- disjunctive(s, d) and disjunctive_strict(s, d) ----

/// Every pair is ordered, s_i + d_i <= s_j or s_j + d_j <= s_i (unless, when not Strict, one
/// of them lasts 0); d >= 0.
template <bool Strict>
CheckFn disjunctive(const Call& c, CheckScope& sc) {
  const std::vector<Slot> s = sc.slots(c.terms(0)), d = sc.slots(c.terms(1));
  same_lengths(c, {s.size(), d.size()});
  return [s, d](const Valuation& v) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (v[d[i]] < 0) return false;
      for (std::size_t j = i + 1; j < s.size(); ++j) {
        if (!Strict && (v[d[i]] == 0 || v[d[j]] == 0)) continue;
        if (v[s[i]] + v[d[i]] > v[s[j]] && v[s[j]] + v[d[j]] > v[s[i]]) return false;
      }
    }
    return true;
  };
}
template <bool Strict>
void post_disjunctive(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> s = c.terms(0), d = c.terms(1);
  same_lengths(c, {s.size(), d.size()});
  solve::disjunctive(ctx.model(), ctx.vars(s), ctx.vars(d),
                     Strict ? solve::ZeroDuration::strict : solve::ZeroDuration::free);
}

constexpr Builtin table_[] = {
    {"fzn_cumulative", 4, post_cumulative, nullptr, cumulative},
    {"fzn_disjunctive", 2, post_disjunctive<false>, nullptr, disjunctive<false>},
    {"fzn_disjunctive_strict", 2, post_disjunctive<true>, nullptr, disjunctive<true>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> scheduling_builtins() { return builtins::table_; }
}  // namespace fzn
