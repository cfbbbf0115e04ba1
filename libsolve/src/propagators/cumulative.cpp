// cumulative: at every time the usages of the running tasks fit the capacity. Each call
//  1. builds the profile of the compulsory parts — a task surely runs over
//     [max s, min s + min d) when that is not empty — by one sort of their ends (O(n log n)),
//     fails when its peak exceeds max(capacity) and raises min(capacity) to the peak;
//  2. time-tabling: moves each task's earliest start past every profile segment it cannot
//     run beside (its own compulsory part taken out), and its latest start likewise;
//  3. energy reasoning (Vilím's Θ-Λ-tree of envelopes): fails when the tasks that must end by
//     some lct need more energy than C·(lct − est) allows for some subset (overload), and
//     when they and one more task i would, i cannot end by that lct (edge-finding detection;
//     the start is raised past it, without Vilím's stronger adjustment).
// A task is reasoned about as its smallest version (min d, min r): sound for variable
// durations and usages. Tasks with min d = 0 or min r = 0 take no part: they may use nothing.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/scheduling.hpp"
#include "basic.hpp"
#include "cumulative_reason.hpp"
#include "theta_tree.hpp"

namespace solve::detail {

namespace {

class Cumulative : public CloneableConstraint<Cumulative> {
 public:
  Cumulative(std::span<const Var> s, std::span<const Var> d, std::span<const Var> r, Var cap)
      : n_(s.size()) {
    scope_.assign(s.begin(), s.end());
    scope_.insert(scope_.end(), d.begin(), d.end());
    scope_.insert(scope_.end(), r.begin(), r.end());
    scope_.push_back(cap);
  }

  std::span<const Var> scope() const override { return scope_; }
  std::string_view name() const override { return "cumulative"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }

  bool check(std::span<const int> v) const override {
    const auto s = v.first(n_), d = v.subspan(n_, n_), r = v.subspan(2 * n_, n_);
    const std::int64_t cap = v[3 * n_];
    if (n_ > 0 && cap < 0) return false;
    for (std::size_t i = 0; i < n_; ++i)
      if (d[i] < 0 || r[i] < 0) return false;
    // the load is highest at some task's start: sum there
    for (std::size_t i = 0; i < n_; ++i) {
      if (d[i] == 0 || r[i] == 0) continue;
      std::int64_t load = 0;
      for (std::size_t j = 0; j < n_; ++j)
        if (d[j] > 0 && s[j] <= s[i] && s[i] < std::int64_t(s[j]) + d[j]) load += r[j];
      if (load > cap) return false;
    }
    return true;
  }

  PropStatus propagate(Space& sp) override {
    // sizes and capacity are never negative (read first: most calls find nothing to do)
    for (std::size_t i = n_; i < 3 * n_; ++i)
      if (sp.min(scope_[i]) < 0 && sp.set_min(scope_[i], 0) == Event::failed)
        return PropStatus::failed;
    if (n_ > 0 && sp.min(cap()) < 0 && sp.set_min(cap(), 0) == Event::failed)
      return PropStatus::failed;
    load(sp);
    if (!build_profile(sp)) return PropStatus::failed;
    const int r = time_table(sp);
    if (r < 0) return PropStatus::failed;
    // on bounds that time-tabling left standing; not in a search that learns, where its
    // reasons (whole windows of tasks) cost more than its prunings gain (rcpsp 14 proved in
    // 18.4 s instead of not in 20; rcpsp 01 in 0.063 s instead of 0.100 s; docs/notes/
    // 2026-11-27-second-selection-fixes.md)
    const int e = r == 0 && !sp.learning() ? energy(sp) : 0;
    if (e < 0) return PropStatus::failed;
    if (PropStatus verdict; decided_by_check(sp, *this, values_, verdict)) return verdict;
    return r > 0 || e > 0 ? PropStatus::changed : PropStatus::fixpoint;
  }
  // time-tabling's and energy reasoning's reasons (cumulative_reason.cpp)
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_cumulative(*this, n_, before, pruned, r);
  }

 private:
  struct Task {
    int var;  // index of its start in scope_
    std::int64_t est, lst, p, h;
  };
  struct Event2 {
    std::int64_t t, dh;
  };
  struct Segment {
    std::int64_t from, to, h;
  };

  Var cap() const { return scope_[3 * n_]; }

  void load(const Space& sp) {
    tasks_.clear();
    for (std::size_t i = 0; i < n_; ++i) {
      const std::int64_t p = sp.min(scope_[n_ + i]), h = sp.min(scope_[2 * n_ + i]);
      if (p == 0 || h == 0) continue;
      tasks_.push_back({int(i), sp.min(scope_[i]), sp.max(scope_[i]), p, h});
    }
  }

  /// The profile of the compulsory parts as segments of positive height, ascending; false
  /// when its peak does not fit the capacity.
  bool build_profile(Space& sp) {
    events_.clear();
    for (const Task& t : tasks_)
      if (t.lst < t.est + t.p) {
        events_.push_back({t.lst, t.h});
        events_.push_back({t.est + t.p, -t.h});
      }
    std::sort(events_.begin(), events_.end(),
              [](const Event2& a, const Event2& b) { return a.t < b.t; });
    segments_.clear();
    std::int64_t h = 0, peak = 0;
    for (std::size_t k = 0; k < events_.size();) {
      const std::int64_t t = events_[k].t;
      for (; k < events_.size() && events_[k].t == t; ++k) h += events_[k].dh;
      if (h > 0 && k < events_.size()) segments_.push_back({t, events_[k].t, h});
      peak = std::max(peak, h);
    }
    return peak == 0 || sp.set_min(cap(), peak) != Event::failed;
  }

  /// Height of segment g without task t's own compulsory part.
  static std::int64_t others(const Segment& g, const Task& t) {
    const bool own = t.lst < t.est + t.p && t.lst <= g.from && g.to <= t.est + t.p;
    return own ? g.h - t.h : g.h;
  }

  /// Pushes the starts past the segments they cannot overlap: -1 failed, 1 changed, 0 none.
  int time_table(Space& sp) {
    if (segments_.empty()) return 0;
    const std::int64_t c = sp.max(cap());
    int changed = 0;
    for (const Task& t : tasks_) {
      // earliest start: the first segment that ends after it
      std::int64_t est = t.est;
      auto g = std::upper_bound(segments_.begin(), segments_.end(), est,
                                [](std::int64_t x, const Segment& s) { return x < s.to; });
      for (; g != segments_.end() && g->from < est + t.p; ++g)
        if (others(*g, t) + t.h > c) est = g->to;
      // latest end: the last segment that starts before it
      std::int64_t end = t.lst + t.p;
      auto b = std::lower_bound(segments_.begin(), segments_.end(), end,
                                [](const Segment& s, std::int64_t x) { return s.from < x; });
      while (b != segments_.begin()) {
        --b;
        if (b->to <= end - t.p) break;
        if (others(*b, t) + t.h > c) end = b->from;
      }
      const Var s = scope_[std::size_t(t.var)];
      const Event lo = est > t.est ? sp.set_min(s, est) : Event::none;
      const Event hi = end - t.p < t.lst ? sp.set_max(s, end - t.p) : Event::none;
      if (lo == Event::failed || hi == Event::failed) return -1;
      if (lo != Event::none || hi != Event::none) changed = 1;
    }
    return changed;
  }

  /// Energy reasoning on the Θ-Λ-tree of envelopes C·est + energy (Vilím 2009), Θ = the
  /// tasks with lct <= some lct_j, by lct descending: fails when Θ needs more energy than
  /// C·(lct_Θ − est) for some subset of it (overload), and when Θ plus a task i does, i cannot
  /// end by lct_Θ (edge-finding detection): s_i >= lct_Θ − p_i + 1. -1 failed, 1 changed,
  /// 0 nothing. Skipped where the products could overflow.
  int energy(Space& sp) {
    const std::int64_t c = sp.max(cap());
    constexpr double kSafe = 1e18;
    double total = 0;
    std::int64_t far = 0;
    for (const Task& t : tasks_) {
      total += double(t.p) * double(t.h);
      far = std::max({far, t.est < 0 ? -t.est : t.est, std::abs(t.lst + t.p)});
    }
    if (tasks_.empty() || total + double(c) * double(far) * 2 > kSafe) return 0;
    const int m = int(tasks_.size());
    for (auto* v : {&by_est_, &by_lct_})  // the last call's orders, repaired (a hint)
      if (v->size() != std::size_t(m)) {
        v->resize(std::size_t(m));
        std::iota(v->begin(), v->end(), 0);
      }
    const auto lct = [&](int i) { return tasks_[std::size_t(i)].lst + tasks_[std::size_t(i)].p; };
    repair_order(by_est_, [&](int i) { return tasks_[std::size_t(i)].est; });
    repair_order(by_lct_, lct);
    rank_.resize(std::size_t(m));
    for (int k = 0; k < m; ++k) rank_[std::size_t(by_est_[std::size_t(k)])] = k;
    tree_.reset(m);
    for (int i = 0; i < m; ++i) {
      const Task& t = tasks_[std::size_t(i)];
      tree_.place(rank_[std::size_t(i)], c * t.est, t.p * t.h);
    }
    tree_.build();
    int changed = 0;
    for (int k = m - 1; k >= 0; --k) {
      const int j = by_lct_[std::size_t(k)];
      if (tree_.ect() > c * lct(j)) return -1;
      const Task& tj = tasks_[std::size_t(j)];
      tree_.make_gray(rank_[std::size_t(j)], c * tj.est, tj.p * tj.h);
      if (k == 0) break;
      const std::int64_t lct_theta = lct(by_lct_[std::size_t(k - 1)]);
      if (tree_.ect() > c * lct_theta) return -1;
      while (tree_.ect_bar() > c * lct_theta) {
        const int leaf = tree_.resp_bar();
        if (leaf < 0) break;
        const Task& t = tasks_[std::size_t(by_est_[std::size_t(leaf)])];
        if (lct_theta - t.p + 1 > t.est) {
          const Event e = sp.set_min(scope_[std::size_t(t.var)], lct_theta - t.p + 1);
          if (e == Event::failed) return -1;
          if (e != Event::none) changed = 1;
        }
        tree_.remove(leaf);
      }
    }
    return changed;
  }

  std::vector<Var> scope_;  // starts, durations, usages, capacity
  std::size_t n_;
  // scratch (kept between calls only to keep their storage)
  std::vector<Task> tasks_;
  std::vector<Event2> events_;
  std::vector<Segment> segments_;
  std::vector<int> by_est_, by_lct_, rank_;
  ThetaLambdaTree tree_;
  std::vector<int> values_;  // scratch of decided_by_check
};

}  // namespace

}  // namespace solve::detail

namespace solve {

void cumulative(Model& m, std::span<const Var> starts, std::span<const Var> durations,
                std::span<const Var> usages, Var capacity) {
  if (starts.size() != durations.size() || starts.size() != usages.size())
    throw ModelError("cumulative: " + std::to_string(starts.size()) + " starts, " +
                     std::to_string(durations.size()) + " durations and " +
                     std::to_string(usages.size()) + " usages");
  for (auto xs : {starts, durations, usages})
    for (const Var x : xs) m.check(x);
  m.check(capacity);
  m.post(std::make_unique<detail::Cumulative>(starts, durations, usages, capacity));
}

}  // namespace solve
