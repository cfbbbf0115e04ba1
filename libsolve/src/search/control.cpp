// Limits, stop flag, delivered solutions and progress of one search (see control.hpp).
#include "search/control.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace solve::detail {

Control::Control(const Limits& limits, bool deliver, ProgressHook progress, double progress_seconds)
    : limits_(limits),
      progress_(std::move(progress)),
      progress_seconds_(std::max(progress_seconds, 0.01)),
      tally_alone_(!deliver && !limits.max_solutions),
      start_(std::chrono::steady_clock::now()),
      next_progress_(std::max(progress_seconds, 0.0)) {}  // 0: from the first poll on

double Control::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Control::stop_locked(StopReason why) {
  if (stopped()) return;
  reason_ = why;
  stopped_.store(true, std::memory_order_relaxed);
}

void Control::stop(StopReason why) {
  std::lock_guard lock(mutex_);
  stop_locked(why);
}

std::uint64_t Control::poll(std::uint64_t nodes, std::uint64_t solutions, std::uint64_t interval) {
  const std::uint64_t total = nodes_.fetch_add(nodes, std::memory_order_relaxed) + nodes;
  if (solutions) tallied_.fetch_add(solutions, std::memory_order_relaxed);
  if (stopped()) return 0;
  if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) {
    stop(StopReason::cancelled);
    return 0;
  }
  std::uint64_t budget = interval;
  if (limits_.max_nodes) {
    if (total >= limits_.max_nodes) {
      stop(StopReason::node_limit);
      return 0;
    }
    budget = std::min(budget, limits_.max_nodes - total);
  }
  if (limits_.max_seconds > 0 && seconds() >= limits_.max_seconds) {
    stop(StopReason::time_limit);
    return 0;
  }
  return budget;
}

void Control::report_progress(double done) {
  const double t = seconds();
  next_progress_ = t + progress_seconds_;
  if (!progress_) return;
  Progress p;
  // Never less than the last report: the pool's sum of shares is read while workers hand work
  // over, and a share finished is added to the total before its worker's own share is cleared
  // (a report in between counts it twice, the next one not), so it may dip.
  done_reported_ = std::max(done_reported_, std::isfinite(done) ? std::clamp(done, 0.0, 1.0) : 0.0);
  p.done = done_reported_;
  p.solutions = delivered() + tallied_.load(std::memory_order_relaxed);
  p.nodes = nodes_.load(std::memory_order_relaxed);
  p.seconds = t;
  progress_(p);
}

}  // namespace solve::detail
