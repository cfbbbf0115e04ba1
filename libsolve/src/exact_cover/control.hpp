#pragma once
// What every engine and worker of one search shares: the limits, the hooks, the stop flag,
// the solution count. Engines call it rarely (a solution, or every poll_interval nodes), so it
// may lock; the hot loops never touch it.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

class Engine;

class Control {
 public:
  /// Nodes between two polls when no node limit is near: a clock read per 1024 nodes is free.
  static constexpr std::uint64_t poll_interval = 1024;

  Control(const CoverOptions& options, const CoverCallback& on_solution);

  /// A solution (every chosen option, in choice order). False: stop searching.
  bool solution(std::span<const int> chosen);
  /// Called every few nodes with the nodes done since the last call. Checks time, cancel and
  /// the node budget, and calls the progress hook when due and `progress` is given (the
  /// engine estimates the fraction done). Returns how many nodes may be chosen before the
  /// next poll (0: stop now).
  std::uint64_t poll(std::uint64_t nodes, const Engine* progress);
  /// Sets the stop reason (the first one wins) and raises the stop flag.
  void stop(StopReason why);
  bool stopped() const { return stopped_.load(std::memory_order_relaxed); }
  StopReason reason() const { return reason_; }
  double seconds() const;
  std::uint64_t solutions() const { return solutions_.load(std::memory_order_relaxed); }
  const CoverOptions& options() const { return options_; }
  /// Progress report from the calling thread (parallel searches) with the given estimate.
  void report_progress(double done);

 private:
  const CoverOptions& options_;
  const CoverCallback& on_solution_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;  // serialises the solution callback and the stop reason
  std::atomic<bool> stopped_{false};
  StopReason reason_ = StopReason::exhausted;
  std::atomic<std::uint64_t> solutions_{0};
  std::atomic<std::uint64_t> nodes_{0};
  double next_progress_ = 0;
};

}  // namespace solve::detail::cover
