#pragma once
// The frame of every front-end's main(): command-line parsing with CLI11's messages, and a
// guard that turns every exception into a one-line message and an exit status (nothing reaches
// std::terminate), then makes sure standard output was really written.
//
//   int main(int argc, char** argv) {
//     return cli::guarded("futoshiki", [&] {
//       CLI::App app{"...", "futoshiki"};
//       ... options ...
//       if (auto status = cli::parse(app, argc, argv)) return *status;
//       return run(settings);
//     });
//   }
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Only references to CLI11's types here: a file that includes CLI/CLI.hpp compiles for seconds
// longer (its validators are objects in every such file), and most users of this header do
// not parse a command line themselves.
namespace CLI {
class App;
}  // namespace CLI

namespace cli {

/// Parses the command line into app. nullopt: go on; otherwise the exit status to end with:
/// 0 after --help or --version (printed on stdout), 2 after a usage error (CLI11's message on
/// stderr, then "did you mean ..." when a word is near an option or subcommand). Adds
/// --version (version.hpp) unless app has it, and takes "--a-b" for "--a_b" and the other way
/// round (spelling.hpp).
std::optional<int> parse(CLI::App& app, int argc, const char* const* argv);
/// The same for the arguments without the program name, in order. single_dash: long options
/// may be written with one dash too ("-all_solutions", the course's spelling).
std::optional<int> parse(CLI::App& app, std::vector<std::string> args, bool single_dash = false);

/// Runs body and returns its exit status, mapping every exception to one (Exit in
/// exit_status.hpp) with a one-line message on standard error:
///   solve::InputError, solve::ModelError, cli::WriteError, CLI::Error   2 (bad input or usage)
///   std::bad_alloc, any other exception                                 4 "internal error: ..."
/// Messages that name a file ("FILE:LINE: ...") are printed as they are, others after
/// "<program>: ", on err (standard error unless a test captures it). Standard output is
/// flushed before any message and at the end: a write to it that failed (a full disk,
/// /dev/full) is reported and the status becomes 2.
int guarded(std::string_view program, const std::function<int()>& body) noexcept;
int guarded(std::string_view program, const std::function<int()>& body, std::ostream& err) noexcept;

}  // namespace cli
