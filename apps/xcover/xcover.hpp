#pragma once
// xcover's work once the command line is parsed: read the file, search, print. Kept out of
// main.cpp so the tests can run it in-process (docs/exact-cover.md describes the CLI).
#include <iosfwd>
#include <span>
#include <string>

#include <solve/exact_cover.hpp>

namespace xcover {

/// Exit status (documented in docs/exact-cover.md).
enum Exit : int {
  found = 0,          ///< a solution was printed, or the count/list is complete and not empty
  none = 1,           ///< the problem has no solution (the whole tree was searched)
  bad_input = 2,      ///< malformed file or command line
  limit_reached = 3,  ///< --timeout or --max-nodes cut the search before the answer was complete
  internal = 4,       ///< a bug: should never happen
};

enum class Mode { first, all, count };

struct Settings {
  std::string input;              ///< file name ("-": standard input)
  Mode mode = Mode::first;
  bool stats = false;             ///< statistics on the error stream
  bool trace = false;             ///< every choice and backtrack on the error stream
  bool progress = false;          ///< a progress line on the error stream (a terminal)
  solve::CoverOptions search;     ///< engine, item choice, threads, limits
};

/// Runs xcover; solutions go to out, statistics, progress and messages to err.
int run(const Settings& settings, std::ostream& out, std::ostream& err);

/// A solution as its options, one per line in input order, each as its items ("a b x:red").
std::string format_solution(const solve::ExactCover& problem, std::span<const int> options);

/// Statistics as "key: value" lines.
std::string format_stats(const solve::Result& result);

}  // namespace xcover
