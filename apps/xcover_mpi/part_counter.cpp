#include "part_counter.hpp"

#include <chrono>

namespace xcover_mpi {

PartCounter::PartCounter(const solve::ExactCover& problem, const solve::CoverOptions& options)
    : problem_(problem), options_(options) {
  options_.limits.cancel = &cancel_;
  options_.progress_seconds = 0.5;
  options_.progress = [this](const solve::Progress& p) {
    const std::lock_guard lock(mutex_);
    part_done_ = p.done;
  };
}

PartCounter::~PartCounter() {
  if (!thread_.joinable()) return;
  cancel();
  thread_.join();
}

void PartCounter::start(std::size_t index, const solve::CoverPart& part, double max_seconds) {
  cancel_ = false;
  part_done_ = 0;
  result_.reset();
  error_ = nullptr;
  thread_ = std::thread([this, index, part, max_seconds] { count(index, part, max_seconds); });
}

void PartCounter::count(std::size_t index, solve::CoverPart part, double max_seconds) {
  const auto start = std::chrono::steady_clock::now();
  try {
    solve::CoverOptions options = options_;
    options.limits.max_seconds = max_seconds;
    const solve::PartProblem reduced = solve::part_problem(problem_, part);
    const solve::Result r = solve::count(reduced.problem, options);
    PartResult out{index, r.stop, r.count, r.stats, r.memo};
    // Depth and time in the whole problem: the forced options are levels above the part's own.
    out.stats.max_depth += std::uint32_t(part.forced.size());
    out.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::lock_guard lock(mutex_);
    result_ = std::move(out);
  } catch (...) {
    const std::lock_guard lock(mutex_);
    error_ = std::current_exception();
  }
  finished_.notify_all();
}

std::optional<PartResult> PartCounter::wait(double seconds) {
  if (!thread_.joinable()) return std::nullopt;
  {
    std::unique_lock lock(mutex_);
    if (!finished_.wait_for(lock, std::chrono::duration<double>(seconds),
                            [&] { return result_ || error_; }))
      return std::nullopt;
  }
  thread_.join();
  if (error_) std::rethrow_exception(error_);
  return std::move(result_);
}

double PartCounter::part_done() const {
  const std::lock_guard lock(mutex_);
  return part_done_;
}

}  // namespace xcover_mpi
