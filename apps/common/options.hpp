#pragma once
// Command-line options that several front-ends share, with short messages for bad values
// (CLI11's own range check prints "Value 0 not in range 0.000000 to 1797...", 399 bytes).
#include <cstdint>
#include <string>

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
                         const std::string& help = "Stop the search after SECONDS of wall-clock "
                                                   "time (exit 3); 0: no limit (the default)");
/// --max-nodes N: a whole number, 0 meaning no limit.
CLI::Option* add_max_nodes(CLI::App& app, std::uint64_t& nodes,
                           const std::string& help = "Stop the search after N search nodes "
                                                     "(exit 3; unlike --timeout, the same on every "
                                                     "run); 0: no limit (the default)");

}  // namespace cli
