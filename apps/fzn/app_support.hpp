#pragma once
// The command-line conventions this front-end shares with the other apps: exit statuses,
// error messages (Ctrl-C is apps/common's cli::InterruptGuard).
#include <string_view>

namespace fzn::app {

/// Exit statuses (docs/minizinc.md). The FlatZinc driver (minizinc) treats any non-zero
/// status as a solver failure, so by default every answered run exits 0 and the status
/// lines carry the answer; --exit-codes selects the project's convention (1, 3) instead.
enum Exit : int {
  answered = 0,       ///< a solution, all of them, an optimum, or (FlatZinc default) any status
  no_solution = 1,    ///< --exit-codes: proved unsatisfiable
  bad_input = 2,      ///< malformed file or command line, unsupported feature, failed write
  limit_reached = 3,  ///< --exit-codes: a time limit or Ctrl-C stopped the search
  internal = 4,       ///< a bug
};

/// Prints "fzn-libsolve: message" on standard error.
void error(std::string_view message);

}  // namespace fzn::app
