#pragma once
// futoshiki's subcommands (generate, grade, hint): each its own command line, called by
// main() when the first argument names it. `futoshiki FILE` is untouched.
#include <string_view>

namespace futoshiki {

/// The text of the main --help that lists the subcommands (the bash completion reads the
/// names under "Subcommands:").
extern const char* const subcommands_help;

/// True when name is a subcommand.
bool is_subcommand(std::string_view name);

/// Runs subcommand argv[1] with the arguments after it; returns the exit status.
int run_subcommand(int argc, const char* const* argv);

}  // namespace futoshiki
