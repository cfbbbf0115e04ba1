#include "common/report.hpp"

#include <csignal>

#include <fmt/format.h>

#include "common/interrupt.hpp"

namespace cli {

std::string format_stats(const solve::Stats& s, solve::StopReason stop, Counters counters,
                         std::string_view solutions) {
  std::string out = solutions.empty() ? fmt::format("solutions: {}\n", s.solutions)
                                      : fmt::format("solutions: {}\n", solutions);
  out += fmt::format("nodes: {}\n", s.nodes);
  if (counters == Counters::csp)
    out += fmt::format("failures: {}\npropagations: {}\n", s.failures, s.propagations);
  else out += fmt::format("updates: {}\n", s.updates);
  out += fmt::format("max depth: {}\nseconds: {:.6f}\nstopped: {}{}\n", s.max_depth, s.seconds,
                     solve::to_string(stop), cut_short(stop) ? " (partial)" : "");
  return out;
}

bool cut_short(solve::StopReason stop) {
  using R = solve::StopReason;
  return stop == R::node_limit || stop == R::time_limit || stop == R::cancelled;
}

std::string stop_cause(solve::StopReason stop) {
  using R = solve::StopReason;
  switch (stop) {
    case R::node_limit: return "the node limit (--max-nodes)";
    case R::time_limit: return "the time limit (--timeout)";
    case R::cancelled:
      return InterruptGuard::signal() == SIGTERM ? "a termination signal (SIGTERM)"
                                                 : "an interrupt (Ctrl-C)";
    case R::solution_limit: return "the solution limit";
    case R::by_callback: return "the program";
    case R::exhausted: break;
  }
  return "the end of the search";
}

std::string stopped_message(std::string_view program, solve::StopReason stop,
                            std::string_view detail) {
  return fmt::format("{}: stopped by {} {}", program, stop_cause(stop), detail);
}

}  // namespace cli
