#pragma once
// The exit status of every front-end (futoshiki, xcover, xcover-mpi, stenen, carcassonne,
// fzn-libsolve): one convention, documented in each program's --help footer and in every guide
// in docs/. (fzn-libsolve exits 0 on every answer unless --exit-codes: MiniZinc's driver takes
// any other status for a failure.)

namespace cli {

enum Exit : int {
  answered = 0,     ///< the question was answered (a solution, all of them, a count, a verdict)
  no_solution = 1,  ///< there is no solution, and the whole search proved it
  bad_input = 2,    ///< bad input or usage: a malformed, unreadable or oversized input, a bad
                    ///< command line, an output that cannot be written
  stopped = 3,      ///< a limit (--timeout, --max-nodes) or Ctrl-C stopped the search: what was
                    ///< found is printed, and marked as partial
  internal = 4,     ///< a bug or out of memory: should never happen
};

/// The --help footer line that says the above.
inline constexpr const char* exit_status_help =
    "Exit status: 0 answered, 1 no solution, 2 bad input or usage (also an unreadable input or an\n"
    "unwritable output), 3 stopped by a limit or Ctrl-C (what was found is printed, marked\n"
    "partial), 4 internal error.";

}  // namespace cli
