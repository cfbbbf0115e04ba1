#pragma once
// Ctrl-C (SIGINT) and SIGTERM during a search: instead of killing the program they raise a flag
// that libsolve polls (SearchOptions::cancel, CoverOptions::cancel), so the search stops within
// a few thousand nodes and the program prints what it found, marked as partial (exit 3). A
// second signal while the first is being handled kills the program as usual.
#include <atomic>

namespace cli {

/// The process's cancel flag, for SearchOptions::cancel / CoverOptions::cancel. Raised by the
/// signals while an InterruptGuard lives, or by the program itself (e.g. when its output
/// fails, to stop a search whose results can no longer be written).
std::atomic<bool>& cancel_flag();

/// While alive, SIGINT and SIGTERM raise cancel_flag() (cleared on construction); the
/// previous handlers come back on destruction. One at a time. second_kills: a second signal
/// kills the program (a user who presses Ctrl-C again); false for a program that only a
/// launcher signals, which may send one of its own after the user's (mpirun, Slurm) and kills
/// with SIGKILL when it will not wait.
class InterruptGuard {
 public:
  explicit InterruptGuard(bool second_kills = true);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  /// The signal (SIGINT, SIGTERM) that arrived since the last construction, or 0.
  static int signal();
};

}  // namespace cli
