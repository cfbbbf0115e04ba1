#pragma once
// Command-line options that several front-ends share, with short messages for bad values
// (CLI11's own range check prints "Value 0 not in range 0.000000 to 1797...", 399 bytes).
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

// CLI11's types only named (see run.hpp); the callers include CLI/CLI.hpp.
namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

namespace cli {

/// Limits beyond which a value is refused rather than given to the library.
inline constexpr double max_timeout = 1e9;  ///< seconds (31 years)

/// A validator for a whole number of at least lo (digits only: no sign, no exponent):
/// "expected a whole number >= 1, got '-3'".
CLI::Validator whole_number(std::uint64_t lo);

/// A validator for a number of seconds from lo to hi: a decimal number (no nan, no inf, no
/// words) in range, else "expected a number of seconds from LO to HI<note>, got 'nan'".
CLI::Validator seconds_between(double lo, double hi, const std::string& note = "");

/// --timeout SECONDS: a decimal number from 0 to max_timeout, 0 meaning no limit; negative
/// numbers, nan, inf and words are usage errors (exit 2).
CLI::Option* add_timeout(CLI::App& app, double& seconds,
                         const std::string& help =
                             "Stop the search after SECONDS of wall-clock "
                             "time (exit 3); 0: no limit (the default)");
/// --max-nodes N: a whole number, 0 meaning no limit.
CLI::Option* add_max_nodes(CLI::App& app, std::uint64_t& nodes,
                           const std::string& help =
                               "Stop the search after N search nodes "
                               "(exit 3; unlike --timeout, the same on every "
                               "run); 0: no limit (the default)");

/// --memo-mb MB (xcover, stenen): the memo table's bound in MiB, 1 to 2^20 (1 TiB), default
/// solve::CoverOptions::memo_mb.
CLI::Option* add_memo_mb(CLI::App& app, std::size_t& mb,
                         const std::string& help =
                             "memory for --memo in MiB (then the least useful "
                             "entries go; at most half the physical memory)");

/// The memo bound to search with: `mb`, or half the machine's physical memory when that is
/// less, with a note on `err` ("PROGRAM: --memo-mb ..."). Half, because a table that doubles
/// holds its old and its new array at once (1.5 times its size): past physical memory the
/// kernel kills the program rather than refuse the memory. (A bound the address space cannot
/// hold, under ulimit -v, is met by libsolve itself: the table stops growing there.)
std::size_t memo_mb_in_memory(std::size_t mb, std::string_view program, std::ostream& err);

}  // namespace cli
