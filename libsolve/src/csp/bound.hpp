#pragma once
// Branch and bound for the search loop: the objective (in minimisation form) must beat the
// best solution found so far, by this engine or by any other engine of the same search
// (the driver's workers) through a SharedBest that every engine reads at each node. Restricting is one set_max on the
// objective (a no-op once the domain is below it), undone by backtracking like any pruning;
// the search re-applies it at every node, so a better bound reaches every open subtree.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "csp/store.hpp"
#include "search/control.hpp"
#include "solve/model.hpp"

namespace solve::detail::csp {

/// The best objective values of one search (minimisation form, INT64_MAX: none yet), shared
/// by its engines as the dominance stores are (csp/dominance.hpp).
struct SharedBest {
  /// The best found by any engine; read at every node, lowered by compare-exchange.
  std::atomic<std::int64_t> found{INT64_MAX};
  /// The best delivered as a solution; read and written under the Control's lock only, so
  /// that each solution delivered beats the ones before.
  std::int64_t delivered = INT64_MAX;
  /// Under the Control's lock: true, and recorded as delivered, when value beats every
  /// solution delivered before.
  bool admit(std::int64_t value) {
    if (value >= delivered) return false;
    delivered = value;
    return true;
  }

  /// An engine's new solution (value in minimisation form, the values of every variable):
  /// kept when it is the best offered so far, for the engines that search around the best
  /// solution (LNS in a portfolio).
  void offer(std::int64_t value, const std::vector<int>& values) {
    std::lock_guard lock(mutex_);
    if (value >= solution_value_) return;
    solution_value_ = value;
    solution_ = values;
  }
  /// Replaces (value, values) by the best solution offered when it is better; true if it did.
  bool adopt(std::int64_t& value, std::vector<int>& values) const {
    std::lock_guard lock(mutex_);
    if (solution_value_ >= value) return false;
    value = solution_value_;
    values = solution_;
    return true;
  }

 private:
  mutable std::mutex mutex_;  // the best solution offered
  std::int64_t solution_value_ = INT64_MAX;
  std::vector<int> solution_;
};

class Bound {
 public:
  /// No objective: restrict() does nothing.
  Bound() = default;
  /// Minimise `goal` (see Objective::minimised); `shared`, when given, is the best value any
  /// search sharing it has found (INT64_MAX: none yet).
  Bound(Objective goal, std::atomic<std::int64_t>* shared) : goal_(goal), shared_(shared) {}

  bool active() const { return goal_.has_value(); }
  /// Keeps only objective values better than the best known; what set_max did.
  Event restrict(Store& s) {
    if (!goal_) return Event::none;
    if (shared_) best_ = std::min(best_, shared_->load(std::memory_order_relaxed));
    if (best_ == INT64_MAX) return Event::none;
    // minimised < best: var < best, or -var < best (var > -best) when maximising
    return goal_->maximize ? s.set_min(goal_->var, -best_ + 1) : s.set_max(goal_->var, best_ - 1);
  }
  /// Records the solution in s (every variable assigned) as the best; returns its value in
  /// minimisation form. share: tell the other searches now (else share() later).
  std::int64_t improve(const Store& s, bool share_now = true) {
    const std::int64_t v = goal_->minimised(s.value(goal_->var));
    best_ = std::min(best_, v);
    if (share_now) share(v);
    return v;
  }
  /// Lowers the shared best to v (when it is above).
  void share(std::int64_t v) {
    if (!shared_) return;
    std::int64_t seen = shared_->load(std::memory_order_relaxed);
    while (v < seen && !shared_->compare_exchange_weak(seen, v, std::memory_order_relaxed)) {
    }
  }
  /// The best value found by this search (minimisation form), INT64_MAX when none.
  std::int64_t best() const { return best_; }

 private:
  std::optional<Objective> goal_;
  std::atomic<std::int64_t>* shared_ = nullptr;
  std::int64_t best_ = INT64_MAX;
};

/// Delivers a solution through the control (call() hands it on); with an objective, only
/// when its value beats every solution delivered before (another engine's may have been
/// delivered since it was found), then shared with the other engines when `share`. False:
/// stop searching.
template <class Call>
bool deliver_solution(Control& control, SharedBest* best, Bound& bound, std::int64_t value,
                      bool share, Call&& call) {
  if (!bound.active()) return control.solution(call);
  return control.solution(
      [&] {
        if (!best->admit(value)) return false;
        if (share) bound.share(value);
        return true;
      },
      call);
}

}  // namespace solve::detail::csp
