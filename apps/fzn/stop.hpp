#pragma once
// A time limit (-t) and Ctrl-C in force from the first byte read: the reader and the
// translator poll a StopCheck and leave by throwing Stopped, which the program answers like a
// limit that stops the search before any solution (=====UNKNOWN=====).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>

namespace fzn {

/// The time limit passed or a signal came before the search began.
struct Stopped : std::exception {
  const char* what() const noexcept override { return "stopped by a time limit or an interrupt"; }
};

class StopCheck {
 public:
  using Clock = std::chrono::steady_clock;
  /// Called instead of throwing Stopped, when given: a program that ends on a stop anyway
  /// (fzn-libsolve) prints its answer and exits there, without unwinding (freeing the
  /// half-built model of a 22 MB file took 0.3 s of a limit's 0.2 s margin).
  using OnStop = void (*)();
  StopCheck() = default;  ///< never stops
  StopCheck(const std::atomic<bool>* cancel, std::optional<Clock::time_point> deadline,
            OnStop on_stop = nullptr)
      : cancel_(cancel), deadline_(deadline), on_stop_(on_stop) {}

  /// check() once every 1024 calls: cheap enough for every token and every item.
  void poll() {
    if ((++calls_ & 1023) == 0) check();
  }
  /// Throws Stopped when the flag is raised or the deadline has passed.
  void check() const {
    if ((cancel_ && cancel_->load(std::memory_order_relaxed)) ||
        (deadline_ && Clock::now() >= *deadline_)) {
      if (on_stop_) on_stop_();
      throw Stopped();
    }
  }

 private:
  const std::atomic<bool>* cancel_ = nullptr;
  std::optional<Clock::time_point> deadline_;
  OnStop on_stop_ = nullptr;
  std::uint32_t calls_ = 0;
};

}  // namespace fzn
