#pragma once
// --json: every front-end's answer as one JSON object on standard output, in the same envelope
// (docs/json.md): which program read which input in which mode, the solutions (streamed as they
// are found, so --all stays in bounded memory), then the outcome, the count, whether the answer
// is complete, what the program adds, and the search's figures.
//
//   cli::JsonAnswer json(std::cout, "futoshiki", "puzzle.txt", "all");
//   ... json.solution({{"grid", rows}}) for each solution (false: the output failed) ...
//   json.finish(status, cli::json_count(n), complete, {}, cli::json_stats(stats, stop, Counters::csp));
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>
#include <solve/big_count.hpp>
#include <solve/stats.hpp>

#include "common/report.hpp"

namespace cli {

/// Objects keep their keys in the order they were added, so the output reads the same each run.
using Json = nlohmann::ordered_json;

/// A count: a JSON number up to 2^53 - 1 (which every JSON reader, JavaScript's included, holds
/// exactly), above that a string of its decimal digits ("112202208776036178000000").
Json json_count(const solve::BigCount& n);

/// Why a search stopped, as a JSON word: "exhausted", "solution_limit", "node_limit",
/// "time_limit", "cancelled", "by_callback".
const char* stop_name(solve::StopReason stop);

/// The figures of a search: {"nodes", "failures", "propagations" (CSP) or "updates" (exact
/// cover), "max_depth", "seconds", "stop"}; a front-end may add its own keys.
Json json_stats(const solve::Stats& stats, solve::StopReason stop, Counters counters);

/// "solved" (exit status 0), "no_solution" (1), "stopped" (3): the outcome in words.
const char* status_name(int exit_status);

/// The envelope, written to out as the answer grows: the keys "program", "input" and "mode" and
/// the "solutions" array first (one solution a line), then by finish() "status", "count",
/// "complete", the program's extra keys, and "stats". Nothing is written before the first
/// solution or finish(), so an error before them leaves standard output empty.
class JsonAnswer {
 public:
  /// input: the file name as given ("-" for standard input), or null.
  JsonAnswer(std::ostream& out, std::string_view program, Json input, std::string_view mode);
  JsonAnswer(const JsonAnswer&) = delete;
  JsonAnswer& operator=(const JsonAnswer&) = delete;

  /// Writes one solution object; false when the output failed (the search should stop).
  bool solution(const Json& object);
  /// The solutions written so far.
  std::uint64_t solutions() const { return solutions_; }

  /// Ends the object. exit_status: 0, 1 or 3 (status_name). count: the number of solutions
  /// (json_count), the length of "solutions" except in a counting mode, which lists none.
  /// complete: the answer asked for is whole (false after a limit or Ctrl-C). extra: an object
  /// whose keys come after "complete" (may be null).
  void finish(int exit_status, const Json& count, bool complete, const Json& extra,
              const Json& stats);

 private:
  void open();
  std::ostream& out_;
  Json head_;
  bool opened_ = false;
  std::uint64_t solutions_ = 0;
};

}  // namespace cli
