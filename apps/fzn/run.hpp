#pragma once
// Solving a translated program the way the FlatZinc specification asks, printing as it goes:
// satisfaction (first, N or all solutions) and optimisation (branch and bound; the improving
// solutions with -a / -i, else only the best), the status lines, and -s statistics as
// `%%%mzn-stat: name=value` lines.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>

#include <solve/search.hpp>

#include "program.hpp"

namespace fzn {

struct RunOptions {
  bool all = false;           ///< -a: all solutions (optimisation: every improving one)
  bool intermediate = false;  ///< -i: print improving solutions of an optimisation
  /// -n: stop after N solutions; 0: no limit (all solutions); none: the default (one
  /// solution, all with -a; an optimisation stops at the optimum).
  std::optional<std::uint64_t> max_solutions;
  int threads = 1;                            ///< -p
  /// -f: restarts, phase saving and (optimisation) LNS; a portfolio with -p (run.cpp)
  bool free_search = false;
  std::uint64_t seed = 1;                     ///< -r
  double time_limit = 0;                      ///< -t, in seconds from `started` (0: none)
  std::uint64_t node_limit = 0;               ///< --node-limit (0: none)
  bool statistics = false;                    ///< -s
  /// --learning, --learnts-mb, --learning-verify (main.cpp; the default of `use` is
  /// cli::learning_default::fzn, on or off). Its branching and restart are set by run.cpp:
  /// the two below when given, else the default policy (learning_policy()).
  solve::LearningOptions learning;
  /// --learning was given: else a satisfaction problem runs without learning (run.cpp)
  bool learning_given = false;
  /// --learning-branching (--vsids, --toggle-vsids); unset: the default policy's.
  std::optional<solve::LearningOptions::Branching> learning_branching;
  /// --restart, --restart-scale, --restart-base: both searches restart so; unset: the
  /// annotation's, else -f's or the default policy's.
  std::optional<solve::RestartPolicy> restart;
  const std::atomic<bool>* cancel = nullptr;  ///< Ctrl-C / SIGTERM
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
};

/// How the run ended, for the exit status.
enum class RunStatus {
  complete,       ///< the search finished (all solutions, optimum proven, or unsatisfiable)
  solved,         ///< solution(s) printed, search not finished (by request: first or N)
  limited,        ///< a time limit or interrupt stopped it (solutions may have been printed)
  unsatisfiable,  ///< proved: no solution
};

/// Solves and prints; the program is modified (its model gets the objective).
RunStatus run(Program& program, const RunOptions& options, std::ostream& out);

}  // namespace fzn
