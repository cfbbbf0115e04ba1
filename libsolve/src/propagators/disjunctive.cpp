// disjunctive (unary resource): no two tasks overlap. Each call runs, once forwards in time
// and once on the mirror image (t -> -t, which turns lct into est), Vilím's four O(n log n)
// rules over a Θ-Λ-tree: overload checking, detectable precedences, not-last (not-first on
// the mirror) and edge finding. A task is reasoned about as its shortest version
// [s, s + min d): whatever holds for the real tasks holds for those, so every rule stays
// sound with variable durations. Under the strict reading a task of duration 0 is a point
// that must lie between the others, and the tasks still form one sequence, which is all the
// rules assume; under the free reading a task that may last 0 is left out until it cannot.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/scheduling.hpp"
#include "basic.hpp"
#include "disjunctive_reason.hpp"
#include "theta_tree.hpp"

namespace solve::detail {

namespace {

class Disjunctive : public CloneableConstraint<Disjunctive> {
 public:
  Disjunctive(std::vector<Var> starts, std::span<const Var> durations, ZeroDuration zero)
      : n_(starts.size()), zero_(zero) {
    scope_ = std::move(starts);
    scope_.insert(scope_.end(), durations.begin(), durations.end());
    for (auto* v : {&task_, &by_est_, &by_lct_, &by_lst_, &by_ect_, &rank_})
      v->reserve(n_);
    for (auto* v : {&est_, &lct_, &p_, &new_est_, &new_lct_}) v->reserve(n_);
    in_theta_.reserve(n_);
  }

  std::span<const Var> scope() const override { return scope_; }
  std::string_view name() const override { return "disjunctive"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }

  bool check(std::span<const int> v) const override {
    const auto s = v.first(n_), d = v.subspan(n_);
    for (std::size_t i = 0; i < n_; ++i) {
      if (d[i] < 0) return false;
      for (std::size_t j = i + 1; j < n_; ++j) {
        if (zero_ == ZeroDuration::free && (d[i] == 0 || d[j] == 0)) continue;
        if (std::int64_t(s[i]) + d[i] > s[j] && std::int64_t(s[j]) + d[j] > s[i]) return false;
      }
    }
    return true;
  }

  PropStatus propagate(Space& sp) override {
    bool changed = false;
    for (std::size_t i = 0; i < n_; ++i) {
      const Event e = sp.set_min(scope_[n_ + i], 0);
      if (e == Event::failed) return PropStatus::failed;
    }
    for (const bool mirror : {false, true}) {
      load(sp, mirror);
      const bool fits = overload();
      new_est_ = est_;
      new_lct_ = lct_;
      if (fits) {
        detectable_precedences();
        not_last();
      }
      const bool ok = fits && edge_finding();
      keep_orders(mirror);
      if (!ok) return PropStatus::failed;
      const int r = store(sp, mirror);
      if (r < 0) return PropStatus::failed;
      changed = changed || r > 0;
    }
    if (PropStatus verdict; decided_by_check(sp, *this, values_, verdict)) return verdict;
    return changed ? PropStatus::changed : PropStatus::fixpoint;
  }
  // the sets of tasks that force each bound (disjunctive_reason.cpp)
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_disjunctive(*this, n_, zero_, before, pruned, r);
  }

 private:
  /// The tasks taking part, with est/lct/p (of the mirror image when asked) and the orders.
  void load(const Space& sp, bool mirror) {
    task_.clear();
    est_.clear();
    lct_.clear();
    p_.clear();
    for (std::size_t i = 0; i < n_; ++i) {
      const std::int64_t p = sp.min(scope_[n_ + i]);
      if (zero_ == ZeroDuration::free && p == 0) continue;
      const std::int64_t lo = sp.min(scope_[i]), hi = sp.max(scope_[i]);
      task_.push_back(int(i));
      p_.push_back(p);
      est_.push_back(mirror ? -(hi + p) : lo);
      lct_.push_back(mirror ? -lo : hi + p);
    }
    // the orders of the previous call in this direction, nearly right: repaired
    Orders& o = orders_[mirror];
    const std::size_t m = task_.size();
    by_est_.swap(o.est);
    by_lct_.swap(o.lct);
    by_lst_.swap(o.lst);
    by_ect_.swap(o.ect);
    for (auto* v : {&by_est_, &by_lct_, &by_lst_, &by_ect_})
      if (v->size() != m) {
        v->resize(m);
        std::iota(v->begin(), v->end(), 0);
      }
    lst_.resize(m);
    ect_.resize(m);
    for (std::size_t i = 0; i < m; ++i) {
      lst_[i] = lct_[i] - p_[i];
      ect_[i] = est_[i] + p_[i];
    }
    const auto by = [](const std::vector<std::int64_t>& key) {
      return [&key](int i) { return key[std::size_t(i)]; };
    };
    repair_order(by_est_, by(est_));
    repair_order(by_lct_, by(lct_));
    repair_order(by_lst_, by(lst_));
    repair_order(by_ect_, by(ect_));
    rank_.resize(m);
    for (std::size_t k = 0; k < m; ++k) rank_[std::size_t(by_est_[k])] = int(k);
  }

  /// Gives the orders back for the next call in that direction.
  void keep_orders(bool mirror) {
    Orders& o = orders_[mirror];
    by_est_.swap(o.est);
    by_lct_.swap(o.lct);
    by_lst_.swap(o.lst);
    by_ect_.swap(o.ect);
  }

  std::int64_t lst(int i) const { return lst_[std::size_t(i)]; }
  void put(int i) { tree_.insert(rank_[i], est_[i], p_[i]); }

  /// False when some set of tasks cannot fit between its earliest start and latest end.
  bool overload() {
    tree_.reset(int(task_.size()));
    for (const int j : by_lct_) {
      put(j);
      if (tree_.ect() > lct_[j]) return false;
    }
    return true;
  }

  /// j precedes i whenever est_i + p_i > lst_j; then i starts after all those j.
  void detectable_precedences() {
    const std::size_t m = task_.size();
    tree_.reset(int(m));
    in_theta_.assign(m, 0);
    std::size_t q = 0;
    for (const int i : by_ect_) {
      while (q < m && ect_[std::size_t(i)] > lst(by_lst_[q])) {
        put(by_lst_[q]);
        in_theta_[std::size_t(by_lst_[q++])] = 1;
      }
      if (in_theta_[std::size_t(i)]) tree_.remove(rank_[i]);
      new_est_[i] = std::max(new_est_[i], tree_.ect());
      if (in_theta_[std::size_t(i)]) put(i);
    }
  }

  /// When the tasks that start before lct_i would end after lst_i without i, i is not last
  /// among them: it ends by the latest start of one of them.
  void not_last() {
    const std::size_t m = task_.size();
    tree_.reset(int(m));
    in_theta_.assign(m, 0);
    std::size_t q = 0;
    int last = -1, before_last = -1;  // the two latest starts put into Θ
    for (const int i : by_lct_) {
      while (q < m && lct_[i] > lst(by_lst_[q])) {
        const int j = by_lst_[q++];
        put(j);
        in_theta_[std::size_t(j)] = 1;
        before_last = last;
        last = j;
      }
      if (in_theta_[std::size_t(i)]) tree_.remove(rank_[i]);
      if (tree_.ect() > lst(i)) {
        const int j = last == i ? before_last : last;
        new_lct_[i] = std::min(new_lct_[i], lst(j));
      }
      if (in_theta_[std::size_t(i)]) put(i);
    }
  }

  /// When Θ plus i cannot end by lct_Θ, i comes after all of Θ. False on an overload.
  bool edge_finding() {
    const int m = int(task_.size());
    tree_.reset(m);
    for (int i = 0; i < m; ++i) put(i);
    for (int k = m - 1; k >= 0; --k) {  // by lct descending
      const int j = by_lct_[std::size_t(k)];
      if (tree_.ect() > lct_[j]) return false;
      tree_.make_gray(rank_[j], est_[j], p_[j]);
      if (k == 0) break;
      const std::int64_t lct_theta = lct_[by_lct_[std::size_t(k - 1)]];
      if (tree_.ect() > lct_theta) return false;
      while (tree_.ect_bar() > lct_theta) {
        const int leaf = tree_.resp_bar();
        if (leaf < 0) break;
        const int i = by_est_[std::size_t(leaf)];
        new_est_[i] = std::max(new_est_[i], tree_.ect());
        tree_.remove(leaf);
      }
    }
    return true;
  }

  /// Writes new_est_/new_lct_ back to the starts: -1 failed, 1 changed, 0 nothing.
  int store(Space& sp, bool mirror) {
    int changed = 0;
    for (std::size_t k = 0; k < task_.size(); ++k) {
      const Var s = scope_[std::size_t(task_[k])];
      Event lo = Event::none, hi = Event::none;
      if (!mirror) {
        if (new_est_[k] > est_[k]) lo = sp.set_min(s, new_est_[k]);
        if (new_lct_[k] < lct_[k]) hi = sp.set_max(s, new_lct_[k] - p_[k]);
      } else {  // est' = -(max s + p), lct' = -min s
        if (new_est_[k] > est_[k]) hi = sp.set_max(s, -new_est_[k] - p_[k]);
        if (new_lct_[k] < lct_[k]) lo = sp.set_min(s, -new_lct_[k]);
      }
      if (lo == Event::failed || hi == Event::failed) return -1;
      if (lo != Event::none || hi != Event::none) changed = 1;
    }
    return changed;
  }

  std::vector<Var> scope_;  // starts then durations
  std::size_t n_;
  ZeroDuration zero_;
  ThetaLambdaTree tree_;
  // scratch, indexed by the position of a task among those taking part
  std::vector<int> task_, by_est_, by_lct_, by_lst_, by_ect_, rank_;
  std::vector<std::int64_t> est_, lct_, p_, lst_, ect_, new_est_, new_lct_;
  struct Orders {
    std::vector<int> est, lct, lst, ect;
  };
  Orders orders_[2];  // each direction's orders of the last call (a hint: re-sorted each time)
  std::vector<char> in_theta_;
  std::vector<int> values_;  // scratch of decided_by_check
};

}  // namespace

}  // namespace solve::detail

namespace solve {

void disjunctive(Model& m, std::span<const Var> starts, std::span<const Var> durations,
                 ZeroDuration zero) {
  if (starts.size() != durations.size())
    throw ModelError("disjunctive: " + std::to_string(starts.size()) + " starts but " +
                     std::to_string(durations.size()) + " durations");
  for (const Var x : starts) m.check(x);
  for (const Var x : durations) m.check(x);
  m.post(std::make_unique<detail::Disjunctive>(std::vector<Var>(starts.begin(), starts.end()),
                                               durations, zero));
}

}  // namespace solve
