// Limits, hooks and stop flag shared by the engines of one search (see control.hpp).
#include "exact_cover/control.hpp"

#include "exact_cover/engine.hpp"

#include <algorithm>

namespace solve::detail::cover {

Control::Control(const CoverOptions& options, const CoverCallback& on_solution)
    : options_(options),
      on_solution_(on_solution),
      start_(std::chrono::steady_clock::now()),
      next_progress_(options.progress_seconds) {}

double Control::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Control::stop(StopReason why) {
  std::lock_guard lock(mutex_);
  if (stopped_.load(std::memory_order_relaxed)) return;
  reason_ = why;
  stopped_.store(true, std::memory_order_relaxed);
}

bool Control::solution(std::span<const int> chosen) {
  std::unique_lock lock(mutex_);
  if (stopped()) return false;  // another worker hit a limit: this one does not count
  const std::uint64_t n = solutions_.fetch_add(1, std::memory_order_relaxed) + 1;
  StopReason why = StopReason::exhausted;
  if (on_solution_ && !on_solution_(chosen)) why = StopReason::by_callback;
  else if (options_.max_solutions && n >= options_.max_solutions) why = StopReason::solution_limit;
  if (why == StopReason::exhausted) return true;
  reason_ = why;
  stopped_.store(true, std::memory_order_relaxed);
  return false;
}

std::uint64_t Control::poll(std::uint64_t nodes, const Engine* progress) {
  const std::uint64_t total = nodes_.fetch_add(nodes, std::memory_order_relaxed) + nodes;
  if (stopped()) return 0;
  if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) {
    stop(StopReason::cancelled);
    return 0;
  }
  std::uint64_t budget = poll_interval;
  if (options_.max_nodes) {
    if (total >= options_.max_nodes) {
      stop(StopReason::node_limit);
      return 0;
    }
    budget = std::min(budget, options_.max_nodes - total);
  }
  if (options_.max_seconds > 0 || (progress && options_.progress)) {
    const double t = seconds();
    if (options_.max_seconds > 0 && t >= options_.max_seconds) {
      stop(StopReason::time_limit);
      return 0;
    }
    if (progress && options_.progress && t >= next_progress_) report_progress(progress->done());
  }
  return budget;
}

void Control::report_progress(double done) {
  const double t = seconds();
  next_progress_ = t + std::max(options_.progress_seconds, 0.01);
  if (!options_.progress) return;
  CoverProgress p;
  p.done = std::clamp(done, 0.0, 1.0);
  p.solutions = solutions();
  p.nodes = nodes_.load(std::memory_order_relaxed);
  p.seconds = t;
  options_.progress(p);
}

}  // namespace solve::detail::cover
