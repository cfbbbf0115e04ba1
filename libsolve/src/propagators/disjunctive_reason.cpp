// Reasons of disjunctive (disjunctive_reason.hpp). Each task is its shortest version
// [s, s + p) with p = min d (clamped at 0; left out under ZeroDuration::free when 0), seen
// forwards or on the mirror image t -> -t, where a task's virtual start is -(s + p). A set Ω
// of tasks that all start at or after a, and all precede task i, ends no earlier than
// a + p(Ω): i starts there (ect). Ω must precede i when
//  - detectable precedence: i ends after each one's latest start (est_i + p_i > lst_j);
//  - edge finding: Θ (the tasks ending by L, Ω within it) and i cannot all fit in
//    [min est, L]: min est + p(Θ) + p_i > L;
// and i cannot be last among Ω ∪ {i} when it would start before Ω's ect (not-last): it ends
// by the latest start of Ω. A reason names, for each task, the bounds those inequalities use
// (pointwise: just what they need) and [d >= p].
#include "propagators/disjunctive_reason.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/explain.hpp"

namespace solve::detail {

namespace {

/// The starts' bounds, per task (a pass of the rules moves them).
struct Starts {
  std::vector<std::int64_t> lo, hi;
};

class Rules {
 public:
  /// The tasks from `before`, their starts' bounds from `starts` when given.
  Rules(std::span<const Var> scope, std::size_t n, ZeroDuration zero, const Space& before,
        bool mirror, Reason& r, const Starts* starts = nullptr)
      : scope_(scope), mirror_(mirror), r_(r) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::int64_t p = std::max(0, before.min(scope[n + i]));
      if (zero == ZeroDuration::free && p == 0) continue;
      const std::int64_t lo = starts ? starts->lo[i] : before.min(scope[i]);
      const std::int64_t hi = starts ? starts->hi[i] : before.max(scope[i]);
      tasks_.push_back({i, mirror ? -(hi + p) : lo, mirror ? -lo : hi + p, p});
    }
  }

  /// A task taking part: its column, virtual est and lct, p.
  struct Task {
    std::size_t column;
    std::int64_t est, lct, p;
    std::int64_t lst() const { return lct - p; }
  };
  /// A bound of task k's virtual start and the tasks that give it: the set Ω (positions in
  /// tasks_) that starts at or after a; `upper` for not-last's bound (virtual start <= value).
  struct Bound {
    std::int64_t value = 0;
    std::vector<std::size_t> omega;
    std::int64_t a = 0;
    bool upper = false;
    int rule = 0;  // 1 detectable precedence, 2 edge finding (L below), 3 not-last
    std::int64_t L = 0;
    std::int64_t e = 0;  // edge finding: the earliest start of Θ and i
  };

  const std::vector<Task>& tasks() const { return tasks_; }
  /// The position of the task of this column, or -1 when it takes no part.
  int position(std::size_t column) const {
    for (std::size_t k = 0; k < tasks_.size(); ++k)
      if (tasks_[k].column == column) return int(k);
    return -1;
  }

  /// The lower bounds of task k's virtual start, f(bound) for each until f returns true
  /// (then true): by detectable precedences, then by edge finding over each L; for each set,
  /// its subsets Ω of the latest starts, the smallest first (a reason names what it needs).
  template <class F>
  bool lower_bounds(std::size_t k, F&& f) const {
    const Task& t = tasks_[k];
    std::vector<std::size_t> set;
    for (std::size_t j = 0; j < tasks_.size(); ++j)
      if (j != k && t.est + t.p > tasks_[j].lst()) set.push_back(j);
    Bound b;
    b.rule = 1;
    if (ects(set, b, [&] { return b.value > t.est && f(b); })) return true;
    std::vector<std::int64_t> ends;
    for (std::size_t j = 0; j < tasks_.size(); ++j)
      if (j != k) ends.push_back(tasks_[j].lct);
    std::sort(ends.begin(), ends.end());
    ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
    for (const std::int64_t L : ends) {
      set.clear();
      std::int64_t e = t.est, p = t.p;
      for (std::size_t j = 0; j < tasks_.size(); ++j)
        if (j != k && tasks_[j].lct <= L)
          set.push_back(j), e = std::min(e, tasks_[j].est), p += tasks_[j].p;
      if (e + p <= L) continue;
      theta_ = set;  // Θ's other tasks are named too (they fill [e, L])
      b.rule = 2, b.L = L, b.e = e;
      if (ects(set, b, [&] { return b.value > t.est && f(b); })) return true;
    }
    return false;
  }

  /// Not-last's upper bounds of task k's virtual start, f(bound) for each until f returns
  /// true (then true).
  template <class F>
  bool upper_bounds(std::size_t k, F&& f) const {
    const Task& t = tasks_[k];
    std::vector<std::size_t> set;
    for (std::size_t j = 0; j < tasks_.size(); ++j)
      if (j != k && tasks_[j].lst() < t.lct) set.push_back(j);
    Bound b;
    b.rule = 3, b.upper = true;
    return ects(set, b, [&] {
      if (b.value <= t.lst()) return false;  // Ω's ect: i can start after Ω
      std::int64_t latest = INT64_MIN;
      for (const std::size_t j : b.omega) latest = std::max(latest, tasks_[j].lst());
      b.L = latest;
      b.value = latest - t.p;
      return b.value < t.lst() && f(b);
    });
  }

  /// Names the reason of bound b of task k.
  void name(std::size_t k, const Bound& b) {
    const Task& t = tasks_[k];
    size(k);
    switch (b.rule) {
      case 1:  // each of Ω starts before i ends: i cannot precede it
        start_at_least(k, t.est);
        for (const std::size_t j : b.omega) start_at_most(j, t.est + t.p - 1);
        break;
      case 2: {  // Θ and i within [e, L]
        start_at_least(k, b.e);
        for (const std::size_t j : theta_) {
          const bool in_omega = std::find(b.omega.begin(), b.omega.end(), j) != b.omega.end();
          if (!in_omega) start_at_least(j, b.e), size(j);
          end_at_most(j, b.L);
        }
        break;
      }
      case 3:  // i starts before Ω's ect, so it is not last: some j of Ω follows it
        start_at_most(k, b.a + sum(b.omega) - 1);
        for (const std::size_t j : b.omega) start_at_most(j, b.L);
        break;
    }
    for (const std::size_t j : b.omega) start_at_least(j, b.a), size(j);
  }

  /// Overload: a set of tasks within [a, L] longer than L - a. Names it; false when none.
  bool overload() {
    for (const Task& lo : tasks_)
      for (const Task& hi : tasks_) {
        const std::int64_t a = lo.est, L = hi.lct;
        std::int64_t p = 0;
        for (const Task& t : tasks_)
          if (t.est >= a && t.lct <= L) p += t.p;
        if (a > L || a + p <= L) continue;  // (a > L: an empty set)
        for (std::size_t j = 0; j < tasks_.size(); ++j)
          if (tasks_[j].est >= a && tasks_[j].lct <= L)
            start_at_least(j, a), end_at_most(j, L), size(j);
        return true;
      }
    return false;
  }

  /// The literal of "task k's virtual start >= a" (forward: s >= a; mirror: s <= -a - p).
  Literal start_ge(std::size_t k, std::int64_t a) const {
    const Task& t = tasks_[k];
    const Var s = scope_[t.column];
    return mirror_ ? Literal::le(s, int(-a - t.p)) : Literal::ge(s, int(a));
  }
  /// "virtual start <= b" (forward: s <= b; mirror: s >= -b - p).
  Literal start_le(std::size_t k, std::int64_t b) const {
    const Task& t = tasks_[k];
    const Var s = scope_[t.column];
    return mirror_ ? Literal::ge(s, int(-b - t.p)) : Literal::le(s, int(b));
  }

 private:
  /// For each Ω of `set` made of the tasks that start at or after some a (the latest starts
  /// first, growing): Ω, a and its ect a + p(Ω) into b, then f(); true when f returns true.
  template <class F>
  bool ects(std::vector<std::size_t> set, Bound& b, F&& f) const {
    std::sort(set.begin(), set.end(),
              [&](std::size_t x, std::size_t y) { return tasks_[x].est > tasks_[y].est; });
    std::int64_t p = 0;
    for (std::size_t m = 0; m < set.size(); ++m) {
      p += tasks_[set[m]].p;
      b.omega.assign(set.begin(), set.begin() + std::ptrdiff_t(m + 1));
      b.a = tasks_[set[m]].est;
      b.value = b.a + p;
      if (f()) return true;
    }
    return false;
  }
  std::int64_t sum(const std::vector<std::size_t>& set) const {
    std::int64_t p = 0;
    for (const std::size_t j : set) p += tasks_[j].p;
    return p;
  }
  void start_at_least(std::size_t k, std::int64_t a) { r_.add(start_ge(k, a)); }
  void start_at_most(std::size_t k, std::int64_t b) { r_.add(start_le(k, b)); }
  void end_at_most(std::size_t k, std::int64_t L) { r_.add(start_le(k, L - tasks_[k].p)); }
  void size(std::size_t k) {
    const Task& t = tasks_[k];
    r_.add(Literal::ge(scope_[scope_.size() / 2 + t.column], int(t.p)));
  }

  std::span<const Var> scope_;
  bool mirror_;
  Reason& r_;
  std::vector<Task> tasks_;
  mutable std::vector<std::size_t> theta_;  // edge finding's Θ of the last bound offered
};

/// The reason of a bound literal l (not ==) on the start of the task in `column`.
bool start_reason(Rules& rules, std::size_t column, const Literal& l, const Space& before,
                  Reason& r) {
  const int k = rules.position(column);
  if (k < 0) return false;
  const std::size_t mark = r.size();
  // a literal the bound implies (holes of the start's domain in the way appended)
  auto implies = [&](const Rules::Bound& b) {
    const Literal bound =
        b.upper ? rules.start_le(std::size_t(k), b.value) : rules.start_ge(std::size_t(k), b.value);
    const bool ok = bound.kind == Literal::Kind::ge ? follows_from_min(before, bound.value, l, r)
                                                    : follows_from_max(before, bound.value, l, r);
    if (ok) rules.name(std::size_t(k), b);
    else r.truncate(mark);
    return ok;
  };
  return rules.lower_bounds(std::size_t(k), implies) || rules.upper_bounds(std::size_t(k), implies);
}

bool failure_reason(Rules& rules, Reason& r) {
  if (rules.overload()) return true;
  const auto& tasks = rules.tasks();
  for (std::size_t k = 0; k < tasks.size(); ++k) {
    const std::size_t mark = r.size();
    // a lower bound past the latest start, or not-last's upper bound below the earliest
    if (rules.lower_bounds(k, [&](const Rules::Bound& b) {
          if (b.value <= tasks[k].lst()) return false;
          rules.name(k, b);
          r.add(rules.start_le(k, tasks[k].lst()));
          return true;
        }))
      return true;
    r.truncate(mark);
    if (rules.upper_bounds(k, [&](const Rules::Bound& b) {
          if (b.value >= tasks[k].est) return false;
          rules.name(k, b);
          r.add(rules.start_ge(k, tasks[k].est));
          return true;
        }))
      return true;
    r.truncate(mark);
  }
  return false;
}

/// The starts' bounds after the forward pass of the rules from `before` (each bound landing
/// on the next value its domain has), as the propagator's mirror pass finds them.
Starts forward_pass(std::span<const Var> scope, std::size_t n, ZeroDuration zero,
                    const Space& before) {
  Starts st;
  for (std::size_t i = 0; i < n; ++i) {
    st.lo.push_back(before.min(scope[i]));
    st.hi.push_back(before.max(scope[i]));
  }
  Reason scratch;
  Rules rules(scope, n, zero, before, false, scratch);
  const auto& tasks = rules.tasks();
  for (std::size_t k = 0; k < tasks.size(); ++k) {
    const std::size_t i = tasks[k].column;
    const Var s = scope[i];
    std::int64_t lo = st.lo[i], hi = st.hi[i];
    rules.lower_bounds(k, [&](const Rules::Bound& b) { return lo = std::max(lo, b.value), false; });
    rules.upper_bounds(k, [&](const Rules::Bound& b) { return hi = std::min(hi, b.value), false; });
    if (lo > st.lo[i]) st.lo[i] = lo > st.hi[i] ? lo : before.next_value(s, int(lo - 1));
    if (hi < st.hi[i]) st.hi[i] = hi < st.lo[i] ? hi : before.prev_value(s, int(hi + 1));
  }
  return st;
}

/// The reason of l from the mirror pass run on the forward pass's bounds: its literals that
/// did not hold in `before` replaced by their forward reasons.
bool chained_reason(std::span<const Var> scope, std::size_t n, ZeroDuration zero,
                    const Space& before, std::size_t column, const Literal& l, Reason& r) {
  const Starts st = forward_pass(scope, n, zero, before);
  for (std::size_t i = 0; i < n; ++i)
    if (st.lo[i] > st.hi[i]) return false;  // the forward pass fails: not this pruning
  Reason mirrored;
  Rules mirror(scope, n, zero, before, true, mirrored, &st);
  if (!start_reason(mirror, column, l, before, mirrored)) return false;
  for (const Literal& m : mirrored.literals()) {
    if (m.holds_in(before)) {
      r.add(m);
      continue;
    }
    const auto at = std::find(scope.begin(), scope.begin() + std::ptrdiff_t(n), m.var);
    if (at == scope.begin() + std::ptrdiff_t(n)) return false;
    Rules forward(scope, n, zero, before, false, r);
    if (!start_reason(forward, std::size_t(at - scope.begin()), m, before, r)) return false;
  }
  return true;
}

}  // namespace

void explain_disjunctive(const Constraint& c, std::size_t n, ZeroDuration zero, const Space& before,
                         std::optional<Literal> pruned, Reason& r) {
  const std::span<const Var> scope = c.scope();
  const std::size_t mark = r.size();
  std::size_t fallback = n;  // the size of the reason at the end
  for (std::size_t k = 0; k < n; ++k) {
    const Var s = scope[k];
    fallback +=
        before.assigned(s) ? 1 : std::size_t(before.max(s)) - before.min(s) + 3 - before.size(s);
  }
  auto own = [&]() {
    if (!pruned) {
      for (std::size_t k = n; k < 2 * n; ++k)  // a duration below 0
        if (before.max(scope[k]) < 0)
          return r.add(Literal::le(scope[k], before.max(scope[k]))), true;
      for (const bool mirror : {false, true})
        if (Rules rules(scope, n, zero, before, mirror, r); failure_reason(rules, r)) return true;
      return false;
    }
    for (std::size_t k = 0; k < 2 * n; ++k) {  // each column of the literal's variable
      if (scope[k] != pruned->var) continue;
      if (k >= n) {  // a duration is never negative
        if (explain_by_removals(before, *pruned, r, [](int w, Reason&) { return w < 0; }))
          return true;
        r.truncate(mark);
        continue;
      }
      auto bound = [&](const Literal& l) {
        for (const bool mirror : {false, true})
          if (Rules rules(scope, n, zero, before, mirror, r); start_reason(rules, k, l, before, r))
            return true;
        // through the forward pass, when that names fewer literals than the fallback below
        const std::size_t at = r.size();
        if (chained_reason(scope, n, zero, before, k, l, r) && r.size() - at < fallback)
          return true;
        r.truncate(at);
        return false;
      };
      if (pruned->kind == Literal::Kind::eq ? bound(Literal::ge(pruned->var, pruned->value)) &&
                                                  bound(Literal::le(pruned->var, pruned->value))
                                            : bound(*pruned))
        return true;
      r.truncate(mark);
    }
    return false;
  };
  if (own()) return;
  r.truncate(mark);
  // what every rule reads: the starts' domains (bounds, and the holes they land past) and
  // the durations' minima
  for (std::size_t k = 0; k < scope.size(); ++k) {
    if (k < n) add_domain(before, scope[k], r);
    else r.add(Literal::ge(scope[k], before.min(scope[k])));
  }
}

}  // namespace solve::detail
