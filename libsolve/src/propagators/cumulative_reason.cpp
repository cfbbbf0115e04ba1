// Time-table reasons of cumulative (cumulative_reason.hpp). From `before`, as the propagator
// saw it: each task as its smallest version (min d, min r, both clamped at 0), its compulsory
// part [lst, est + p), the profile of those parts as segments of constant height. Reasons are
// pointwise and lifted (Schutt, Feydy, Stuckey and Wallace, "Explaining the cumulative
// propagator", Constraints 2011): at one time t, just enough of the tasks covering t (the
// tallest first) to exceed what is left of the capacity, each by [s <= t] and
// [s >= t - p + 1] (the weakest bounds under which it still covers t) with [d >= p] and
// [r >= h]; a push longer than the pushed task is a chain of such points. Naming a whole
// segment's bounds instead ([s <= from], [s >= to - p]) gave rcpsp 01 in 2691 nodes against
// 1633 (docs/notes/2026-11-27-cumulative.md).
#include "propagators/cumulative_reason.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/explain.hpp"

namespace solve::detail {

namespace {

/// The storage of a TimeTable, kept between reasons (per thread) so explaining allocates
/// only while it grows: a reason is asked for at every step of conflict analysis.
struct Scratch {
  struct Task {
    std::int64_t est, lst, p, h;
  };
  struct Segment {
    std::int64_t from, to, h;
  };
  struct Edge {
    std::int64_t t, dh;
  };
  std::vector<Task> tasks;
  std::vector<Edge> edges;
  std::vector<Segment> segments;
  std::vector<char> named;  // per task: its [d >= p] and [r >= h] named already
  std::vector<std::size_t> by_height;
  std::vector<std::int64_t> points;            // the time points of one chain
  std::vector<std::int64_t> at_most, at_least;  // per task: the tightest [s <= .], [s >= .]
  std::vector<std::size_t> touched;            // the tasks with a bound in them
};

class TimeTable {
 public:
  using Segment = Scratch::Segment;
  /// No time (a time point not found, a task's bound not noted).
  static constexpr std::int64_t kNone = INT64_MIN;

  TimeTable(std::span<const Var> scope, std::size_t n, const Space& before, Reason& r,
            Scratch& scratch)
      : scope_(scope), n_(n), before_(before), r_(r), s_(scratch), tasks_(scratch.tasks),
        segments_(scratch.segments) {
    c_ = before.max(cap());
    tasks_.clear();
    s_.edges.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const std::int64_t p = std::max(0, before.min(scope[n + i]));
      const std::int64_t h = std::max(0, before.min(scope[2 * n + i]));
      tasks_.push_back({before.min(scope[i]), before.max(scope[i]), p, h});
      const Task& t = tasks_.back();
      if (compulsory(t)) s_.edges.push_back({t.lst, t.h}), s_.edges.push_back({t.est + t.p, -t.h});
    }
    s_.named.assign(n, 0);
    s_.at_most.assign(n, kNone);
    s_.at_least.assign(n, kNone);
    s_.touched.clear();
    // the profile: one sweep over the ends of the compulsory parts, sorted
    std::sort(s_.edges.begin(), s_.edges.end(),
              [](const Scratch::Edge& a, const Scratch::Edge& b) { return a.t < b.t; });
    segments_.clear();
    std::int64_t h = 0;
    for (std::size_t k = 0; k < s_.edges.size();) {
      const std::int64_t t = s_.edges[k].t;
      for (; k < s_.edges.size() && s_.edges[k].t == t; ++k) h += s_.edges[k].dh;
      if (h > 0 && k < s_.edges.size()) segments_.push_back({t, s_.edges[k].t, h});
    }
  }

  Var cap() const { return scope_[3 * n_]; }

  /// A segment where the profile alone exceeds the capacity: the tasks covering its first
  /// point (and the capacity's maximum) are the reason of the failure.
  bool overload() {
    for (const Segment& g : segments_)
      if (g.h > c_) {
        name_at(g.from, n_, c_);
        flush();
        r_.add(Literal::le(cap(), int(c_)));
        return true;
      }
    return false;
  }
  /// Energy: a window [a, L] and the tasks within it (est >= a, lct <= L), with task i too
  /// when `with` < n (and its est >= a), whose energy passes C (L - a). f(a, L) for each
  /// such window until f returns true (then true).
  template <class F>
  bool energy_windows(std::size_t with, F&& f) const {
    for (const Task& lo : tasks_)
      for (const Task& hi : tasks_) {
        const std::int64_t a = lo.est, L = hi.lst + hi.p;
        if (!usable(lo) || !usable(hi) || a >= L) continue;
        std::int64_t e = 0;
        for (std::size_t j = 0; j < n_; ++j)
          if (j != with && within(tasks_[j], a, L)) e += tasks_[j].p * tasks_[j].h;
        if (with < n_) {
          if (tasks_[with].est < a) continue;
          e += tasks_[with].p * tasks_[with].h;
        }
        if (e > c_ * (L - a) && f(a, L)) return true;
      }
    return false;
  }
  /// Names the tasks of window [a, L] (but `skip`) by [s >= a], [s <= L - p] and their sizes,
  /// and the capacity's maximum.
  void name_window(std::int64_t a, std::int64_t L, std::size_t skip) {
    r_.add(Literal::le(cap(), int(c_)));
    for (std::size_t j = 0; j < n_; ++j)
      if (j != skip && within(tasks_[j], a, L)) {
        r_.add(Literal::ge(scope_[j], int(a)));
        r_.add(Literal::le(scope_[j], int(L - tasks_[j].p)));
        name_size(j);
      }
  }
  /// Energy reasoning's push of task i: it cannot end by L, so s_i >= L - p_i + 1; by
  /// [s_i >= a] and its size.
  bool energy_push(std::size_t i, const Literal& l, Reason& r) {
    const Task& t = tasks_[i];
    if (!usable(t)) return false;
    return energy_windows(i, [&](std::int64_t a, std::int64_t L) {
      if (!follows_from_min(before_, L - t.p + 1, l, r)) return false;
      r.add(Literal::ge(scope_[i], int(a)));
      name_size(i);
      name_window(a, L, i);
      return true;
    });
  }
  /// Energy overload: a window whose tasks need more than C (L - a).
  bool energy_overload() {
    return energy_windows(n_, [&](std::int64_t a, std::int64_t L) {
      name_window(a, L, n_);
      return true;
    });
  }

  /// The height of the profile's highest segment (0 when none).
  std::int64_t peak() const {
    std::int64_t h = 0;
    for (const Segment& g : segments_) h = std::max(h, g.h);
    return h;
  }
  /// The capacity is at least v (v <= the peak): the tasks covering a point of height >= v.
  bool capacity_at_least(std::int64_t v) {
    for (const Segment& g : segments_)
      if (g.h >= v) return name_at(g.from, n_, v - 1), flush(), true;
    return false;
  }

  /// Task i's earliest start after time-tabling (past a run of segments overloaded for it,
  /// each starting before it would end).
  std::int64_t pushed_est(std::size_t i) const {
    const Task& t = tasks_[i];
    std::int64_t est = t.est;
    if (!usable(t)) return est;
    for (const Segment& g : segments_) {
      if (g.to <= est) continue;
      if (g.from >= est + t.p) break;
      if (overloaded(g, i)) est = g.to;
    }
    return est;
  }
  /// Task i's latest start after time-tabling, likewise.
  std::int64_t pushed_lst(std::size_t i) const {
    const Task& t = tasks_[i];
    std::int64_t end = t.lst + t.p;
    if (!usable(t)) return t.lst;
    for (std::size_t k = segments_.size(); k-- > 0;) {
      const Segment& g = segments_[k];
      if (g.from >= end) continue;
      if (g.to <= end - t.p) break;
      if (overloaded(g, i)) end = g.from;
    }
    return end - t.p;
  }

  /// The reason of [s_i >= target] (target at most the est time-tabling gives), pointwise
  /// and lifted: a chain of time points t_1 < ... < t_k = the first point at or after
  /// target - 1 where the others leave no room for i, each t_j within p_i of the next, so
  /// that [s_i >= t_1 - p_i + 1] and the tasks covering each point (their compulsory parts,
  /// by [s <= t] and [s >= t - p + 1]) force s_i past t_k. False, naming nothing, when no
  /// such chain exists.
  bool explain_up(std::size_t i, std::int64_t target) {
    const Task& t = tasks_[i];
    std::vector<std::int64_t>& points = s_.points;
    points.clear();
    std::int64_t x = first_over(i, target - 1);
    if (x == kNone) return false;
    for (points.push_back(x); x - t.p + 1 > t.est; points.push_back(x)) {
      const std::int64_t y = first_over(i, x - t.p);
      if (y >= x || y == kNone) return false;
      x = y;
    }
    r_.add(Literal::ge(scope_[i], int(x - t.p + 1)));
    name_chain(i);
    return true;
  }
  /// The reason of [s_i <= target] (target at least the lst time-tabling gives), likewise
  /// from the last point at or before target + p_i: [s_i <= t_1] and the tasks covering each
  /// point force s_i below t_k - p_i + 1.
  bool explain_down(std::size_t i, std::int64_t target) {
    const Task& t = tasks_[i];
    std::vector<std::int64_t>& points = s_.points;
    points.clear();
    std::int64_t x = last_over(i, target + t.p);
    if (x == kNone) return false;
    for (points.push_back(x); x < t.lst; points.push_back(x)) {
      const std::int64_t y = last_over(i, x + t.p);
      if (y <= x || y == kNone) return false;
      x = y;
    }
    r_.add(Literal::le(scope_[i], int(x)));
    name_chain(i);
    return true;
  }

 private:
  using Task = Scratch::Task;
  static bool usable(const Task& t) { return t.p > 0 && t.h > 0; }
  static bool within(const Task& t, std::int64_t a, std::int64_t L) {
    return usable(t) && t.est >= a && t.lst + t.p <= L;
  }
  static bool compulsory(const Task& t) { return usable(t) && t.lst < t.est + t.p; }
  static bool covers(const Task& t, const Segment& g) {
    return compulsory(t) && t.lst <= g.from && g.to <= t.est + t.p;
  }
  /// The height of g without task i's part.
  std::int64_t others(const Segment& g, std::size_t i) const {
    return covers(tasks_[i], g) ? g.h - tasks_[i].h : g.h;
  }
  /// True when the others' parts over g leave too little of the capacity for task i.
  bool overloaded(const Segment& g, std::size_t i) const {
    return others(g, i) + tasks_[i].h > c_;
  }
  /// The first time >= x within a segment overloaded for task i (kNone when none).
  std::int64_t first_over(std::size_t i, std::int64_t x) const {
    for (const Segment& g : segments_)
      if (g.to > x && overloaded(g, i)) return std::max(x, g.from);
    return kNone;
  }
  /// The last time <= x within a segment overloaded for task i (kNone when none).
  std::int64_t last_over(std::size_t i, std::int64_t x) const {
    for (std::size_t k = segments_.size(); k-- > 0;)
      if (segments_[k].from <= x && overloaded(segments_[k], i))
        return std::min(x, segments_[k].to - 1);
    return kNone;
  }
  /// Names, for each point of the chain, the tasks covering it that leave no room for i, and
  /// i's size and the capacity's maximum.
  void name_chain(std::size_t i) {
    name_size(i);
    r_.add(Literal::le(cap(), int(c_)));
    for (const std::int64_t x : s_.points) name_at(x, i, c_ - tasks_[i].h);
    flush();
  }
  /// Notes tasks covering time x other than `skip`, the tallest first, until their heights
  /// pass `room`: each by [s <= x] and [s >= x - p + 1] (kept per task, the tightest of a
  /// chain's, until flush()) and its size.
  void name_at(std::int64_t x, std::size_t skip, std::int64_t room) {
    std::vector<std::size_t>& by_height = s_.by_height;
    by_height.clear();
    for (std::size_t j = 0; j < n_; ++j) {
      const Task& t = tasks_[j];
      if (j != skip && compulsory(t) && t.lst <= x && x < t.est + t.p) by_height.push_back(j);
    }
    std::sort(by_height.begin(), by_height.end(),
              [&](std::size_t a, std::size_t b) { return tasks_[a].h > tasks_[b].h; });
    std::int64_t sum = 0;
    for (const std::size_t j : by_height) {
      if (sum > room) break;
      sum += tasks_[j].h;
      const std::int64_t lo = x - tasks_[j].p + 1;
      if (s_.at_most[j] == kNone) {
        s_.touched.push_back(j), s_.at_most[j] = x, s_.at_least[j] = lo;
      } else {
        s_.at_most[j] = std::min(s_.at_most[j], x);
        s_.at_least[j] = std::max(s_.at_least[j], lo);
      }
      name_size(j);
    }
  }
  /// Adds the bounds name_at() noted.
  void flush() {
    for (const std::size_t j : s_.touched) {
      r_.add(Literal::le(scope_[j], int(s_.at_most[j])));
      r_.add(Literal::ge(scope_[j], int(s_.at_least[j])));
      s_.at_most[j] = s_.at_least[j] = kNone;
    }
    s_.touched.clear();
  }

  void name_size(std::size_t j) {
    if (s_.named[j]) return;
    s_.named[j] = 1;
    r_.add(Literal::ge(scope_[n_ + j], int(tasks_[j].p)));
    r_.add(Literal::ge(scope_[2 * n_ + j], int(tasks_[j].h)));
  }
  std::span<const Var> scope_;
  std::size_t n_;
  const Space& before_;
  Reason& r_;
  Scratch& s_;
  std::vector<Task>& tasks_;
  std::vector<Segment>& segments_;
  std::int64_t c_ = 0;
};

}  // namespace

namespace {

/// The reason of a literal l on the start of task i: time-tabling pushed it (holes of the
/// start's domain in the way appended, as a bound lands on the next value left).
bool start_reason(TimeTable& tt, std::size_t i, const Literal& l, const Space& before, Reason& r) {
  if (l.kind == Literal::Kind::eq)
    return start_reason(tt, i, Literal::ge(l.var, l.value), before, r) &&
           start_reason(tt, i, Literal::le(l.var, l.value), before, r);
  const std::int64_t est = tt.pushed_est(i), lst = tt.pushed_lst(i);
  const bool up = est > before.min(l.var), down = lst < before.max(l.var);
  // the bound l asks for, when time-tabling gives it directly (else the push lands past
  // holes, which follows_from_min names, and the whole push is explained)
  const std::size_t mark = r.size();
  if (up && follows_from_min(before, est, l, r)) {
    std::int64_t target = est;
    if (l.follows_from_min(est)) target = l.kind == Literal::Kind::ge ? l.value : l.value + 1;
    if (tt.explain_up(i, target)) return true;
    r.truncate(mark);
  }
  if (down && follows_from_max(before, lst, l, r)) {
    std::int64_t target = lst;
    if (l.follows_from_max(lst)) target = l.kind == Literal::Kind::le ? l.value : l.value - 1;
    if (tt.explain_down(i, target)) return true;
    r.truncate(mark);
  }
  return tt.energy_push(i, l, r);
}

/// The reason of a failure: a size or the capacity below 0, the profile above the capacity,
/// or a start pushed past its other bound.
bool failure_reason(TimeTable& tt, std::span<const Var> scope, std::size_t n, const Space& before,
                    Reason& r) {
  for (std::size_t k = n; k < scope.size(); ++k)
    if (before.max(scope[k]) < 0 && (k < 3 * n || n > 0))
      return r.add(Literal::le(scope[k], before.max(scope[k]))), true;
  if (tt.overload() || tt.energy_overload()) return true;
  for (std::size_t i = 0; i < n; ++i) {
    const Var s = scope[i];
    const std::int64_t est = tt.pushed_est(i), lst = tt.pushed_lst(i);
    const bool up = est > before.min(s), down = lst < before.max(s);
    if (up && est > before.max(s) && tt.explain_up(i, before.max(s) + 1))
      return r.add(Literal::le(s, before.max(s))), true;
    if (down && lst < before.min(s) && tt.explain_down(i, before.min(s) - 1))
      return r.add(Literal::ge(s, before.min(s))), true;
    if (up && down && est > lst) {
      const std::size_t mark = r.size();
      if (tt.explain_up(i, lst + 1) && tt.explain_down(i, lst)) return true;
      r.truncate(mark);
    }
  }
  return false;
}

}  // namespace

void explain_cumulative(const Constraint& c, std::size_t n, const Space& before,
                        std::optional<Literal> pruned, Reason& r) {
  const std::span<const Var> scope = c.scope();
  const std::size_t mark = r.size();
  static thread_local Scratch scratch;
  TimeTable tt(scope, n, before, r, scratch);
  if (!pruned && failure_reason(tt, scope, n, before, r)) return;
  if (pruned)
    for (std::size_t k = 0; k < scope.size(); ++k) {  // each column of the literal's variable
      if (scope[k] != pruned->var) continue;
      bool named = false;  // the capacity's reason, once
      const std::int64_t peak = tt.peak();
      const bool found = k < n ? start_reason(tt, k, *pruned, before, r)
                               : explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
                                   if (w < 0 && (k < 3 * n || n > 0))
                                     return true;  // never negative
                                   if (k < 3 * n || w >= peak) return false;
                                   if (!named) named = tt.capacity_at_least(peak);
                                   return named;
                                 });
      if (found) return;
      r.truncate(mark);
    }
  // Energy reasoning, and time-tabling past a hole: every rule reads only the starts'
  // bounds, the sizes' minima and the capacity's maximum (and the holes a bound lands past)
  for (std::size_t k = 0; k < scope.size(); ++k) {
    const Var x = scope[k];
    const bool whole = !pruned || pruned->var == x;
    if (k < n || k == 3 * n) whole ? add_domain(before, x, r) : add_bounds(before, x, r);
    else r.add(Literal::ge(x, before.min(x)));
  }
}

}  // namespace solve::detail
