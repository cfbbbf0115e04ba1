#pragma once
// Counts one part at a time on a thread of its own, so that the thread that talks MPI stays
// free to answer messages, send news and notice a stop while a long part is counted.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include <solve/cover_split.hpp>
#include <solve/exact_cover.hpp>

#include "part_result.hpp"

namespace xcover_mpi {

class PartCounter {
 public:
  /// options: engine, item choice, threads, memo (its progress and cancel are set here). The
  /// problem must outlive the counter.
  PartCounter(const solve::ExactCover& problem, const solve::CoverOptions& options);
  /// Stops a part being counted and waits for it.
  ~PartCounter();
  PartCounter(const PartCounter&) = delete;
  PartCounter& operator=(const PartCounter&) = delete;

  /// Starts counting a part (none may be running): stops by itself after max_seconds (0: no
  /// limit), with an incomplete result.
  void start(std::size_t index, const solve::CoverPart& part, double max_seconds);
  bool busy() const { return thread_.joinable(); }
  /// Waits at most `seconds` for the part being counted; its result once it is done (the
  /// counter is then free again), else nullopt. Rethrows what the count threw.
  std::optional<PartResult> wait(double seconds);
  /// The fraction of the part done so far (the search's estimate).
  double part_done() const;
  /// Asks the part being counted to stop soon; its result is then incomplete.
  void cancel() { cancel_ = true; }

 private:
  void count(std::size_t index, solve::CoverPart part, double max_seconds);

  const solve::ExactCover& problem_;
  solve::CoverOptions options_;
  std::atomic<bool> cancel_{false};
  mutable std::mutex mutex_;
  std::condition_variable finished_;
  std::optional<PartResult> result_;  // set by the thread (under mutex_)
  std::exception_ptr error_;          // likewise
  double part_done_ = 0;              // likewise
  std::thread thread_;
};

}  // namespace xcover_mpi
