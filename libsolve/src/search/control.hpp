#pragma once
// What the workers of one search share (CSP or exact cover alike): the limits, the stop flag
// and its reason, the solutions delivered, the node total, and the progress clock. Engines
// call it rarely -- at a solution that must be delivered, and every few hundred nodes (poll)
// -- so it may lock; the hot loops never touch it otherwise.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>

#include "solve/limits.hpp"
#include "solve/stats.hpp"

namespace solve::detail {

class Control {
 public:
  /// deliver: a solution callback exists (every solution goes through solution()).
  Control(const Limits& limits, bool deliver, ProgressHook progress, double progress_seconds);

  // ---- solutions ----
  /// True when engines count solutions on their own (Stats::solutions, no lock): nothing is
  /// delivered and no solution limit needs the total.
  bool tally_alone() const { return tally_alone_; }
  /// A solution to deliver: calls deliver() (returns false to stop the search) under the lock,
  /// one call at a time, and checks the solution limit. False: stop searching. A solution
  /// found after another worker stopped the search is not delivered and not counted.
  template <class Deliver>
  bool solution(Deliver&& deliver) {
    return solution([] { return true; }, deliver);
  }
  /// The same, after admit() (called first, under the lock) accepts the solution; one it
  /// turns down is neither delivered nor counted (branch and bound: a solution no better than
  /// one another worker delivered meanwhile).
  template <class Admit, class Deliver>
  bool solution(Admit&& admit, Deliver&& deliver) {
    std::lock_guard lock(mutex_);
    if (stopped()) return false;
    if (!admit()) return true;
    const std::uint64_t n = delivered_.fetch_add(1, std::memory_order_relaxed) + 1;
    StopReason why = StopReason::exhausted;
    if (!deliver()) why = StopReason::by_callback;
    else if (limits_.max_solutions && n >= limits_.max_solutions) why = StopReason::solution_limit;
    if (why == StopReason::exhausted) return true;
    stop_locked(why);
    return false;
  }
  /// Solutions delivered through solution().
  std::uint64_t delivered() const { return delivered_.load(std::memory_order_relaxed); }

  // ---- limits ----
  /// Called by a worker every few nodes with the nodes and tallied solutions since its last
  /// call. Checks cancel, time and the shared node budget; returns how many nodes the worker
  /// may take before its next call (at most `interval`; 0: stop now).
  std::uint64_t poll(std::uint64_t nodes, std::uint64_t solutions, std::uint64_t interval);
  /// Sets the stop reason (the first one wins) and raises the stop flag.
  void stop(StopReason why);
  bool stopped() const { return stopped_.load(std::memory_order_relaxed); }
  StopReason reason() const { return reason_; }
  /// Wall-clock seconds since the search started.
  double seconds() const;

  // ---- progress ----
  bool wants_progress() const { return bool(progress_); }
  /// True when the next progress report is due (cheap; read the clock only with a hook).
  bool progress_due() const { return progress_ && seconds() >= next_progress_; }
  /// Calls the progress hook with the estimated fraction done (the caller's thread: the one
  /// that started the search).
  void report_progress(double done);

 private:
  void stop_locked(StopReason why);

  Limits limits_;
  ProgressHook progress_;
  double progress_seconds_;
  bool tally_alone_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;  // the solution callback, the stop reason
  std::atomic<bool> stopped_{false};
  StopReason reason_ = StopReason::exhausted;
  std::atomic<std::uint64_t> delivered_{0};
  std::atomic<std::uint64_t> nodes_{0}, tallied_{0};  // as polled (for limits and progress)
  double next_progress_;
  double done_reported_ = 0;  // the last Progress::done reported (reports never go back)
};

}  // namespace solve::detail
