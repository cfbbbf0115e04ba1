#include "common/interrupt.hpp"

#include <csignal>

namespace cli {

namespace {

std::atomic<bool> flag{false};
volatile std::sig_atomic_t signalled = 0;
volatile std::sig_atomic_t repeat_kills = 1;
struct sigaction previous_int {
}, previous_term{};

// Async-signal-safe: a lock-free atomic store, or (second signal) back to the default action.
extern "C" void on_signal(int sig) {
  if (signalled && repeat_kills) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  if (!signalled) signalled = sig;
  flag.store(true, std::memory_order_relaxed);
}

static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler stores to it");

}  // namespace

std::atomic<bool>& cancel_flag() { return flag; }

InterruptGuard::InterruptGuard(bool second_kills) {
  flag.store(false);
  signalled = 0;
  repeat_kills = second_kills;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // reads and writes in progress go on; the search polls the flag
  sigaction(SIGINT, &sa, &previous_int);
  sigaction(SIGTERM, &sa, &previous_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int InterruptGuard::signal() { return signalled; }

}  // namespace cli
