#pragma once
// What every front-end says about a search: its statistics (--stats, on standard error), and
// the message when a limit or Ctrl-C stopped it before the answer was complete.
#include <string>
#include <string_view>

#include <solve/stats.hpp>

namespace cli {

/// Which counters a search keeps: the CSP search counts failures and propagations, the
/// exact-cover searches count updates (list or bitset operations).
enum class Counters { csp, exact_cover };

/// "key: value" lines: solutions, nodes, failures and propagations (CSP) or updates (exact
/// cover), max depth, seconds, and "stopped: <why>", with " (partial)" when the search was
/// cut short so that the figures are not those of the whole search.
/// `solutions` replaces stats.solutions when given (an exact count that may exceed 64 bits).
std::string format_stats(const solve::Stats& stats, solve::StopReason stop, Counters counters,
                         std::string_view solutions = {});

/// True when a limit or a cancel stopped the search before its end: not when it was exhausted,
/// nor when the program itself stopped it because it had what it asked for.
bool cut_short(solve::StopReason stop);

/// What stopped it, for messages: "the time limit (--timeout)", "the node limit
/// (--max-nodes)", "an interrupt (Ctrl-C)", ...
std::string stop_cause(solve::StopReason stop);

/// "<program>: stopped by <cause> <detail>", e.g. "futoshiki: stopped by the node limit
/// (--max-nodes) after 12 solutions; the count is incomplete".
std::string stopped_message(std::string_view program, solve::StopReason stop,
                            std::string_view detail);

}  // namespace cli
