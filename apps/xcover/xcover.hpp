#pragma once
// xcover's work once the command line is parsed: read the file, search, print. Kept out of
// main.cpp so the tests can run it in-process (docs/exact-cover.md describes the CLI).
#include <iosfwd>
#include <span>
#include <string>

#include <solve/exact_cover.hpp>

#include "common/exit_status.hpp"
#include "common/json.hpp"
#include "common/text_file.hpp"

namespace xcover {

/// A problem file may have 256 MiB, a line (the items, or an option) 16 MiB, as
/// solve::ReadLimits allows by default; larger ones are refused before they are read to the end.
inline constexpr cli::TextLimits text_limits{std::size_t(256) << 20, 16 << 20,
                                             "an exact-cover problem"};

enum class Mode { first, all, count };

struct Settings {
  std::string input;  ///< file name ("-": standard input)
  Mode mode = Mode::first;
  bool stats = false;          ///< statistics on the error stream
  bool trace = false;          ///< every choice and backtrack on the error stream
  bool progress = false;       ///< a progress line on standard error (when a terminal)
  bool json = false;           ///< the answer as one JSON object (docs/json.md)
  solve::CoverOptions search;  ///< engine, item choice, threads, limits
};

/// Runs xcover; solutions go to out, statistics and messages to err. Returns the exit status
/// (cli::Exit); never throws.
int run(const Settings& settings, std::ostream& out, std::ostream& err);

/// A solution as its options, one per line in input order, each as its items ("a b x:red").
std::string format_solution(const solve::ExactCover& problem, std::span<const int> options);
/// A solution for --json: {"options": [{"id": 3, "items": ["a", "b", "x:red"]}, ...]}, the
/// options in input order (ids count from 0 in the file's order), each item as in the file.
cli::Json solution_json(const solve::ExactCover& problem, std::span<const int> options);

}  // namespace xcover
