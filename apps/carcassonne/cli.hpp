#pragma once
// The two commands of the carcassonne program (argument lists without the program name).
// Each returns the exit status: 0 answer given, 1 no solution, 2 bad input or usage.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace carcassonne {

int run_sequence(std::vector<std::string> args);
int run_square(std::vector<std::string> args);

/// Parses args (without the program name) into app: -1 to go on, else the exit status (0
/// after --help, 2 for a usage error, reported on standard error).
int parse_args(CLI::App& app, std::vector<std::string> args);

/// The course spells long options with one dash (-all_solutions): give them two.
std::vector<std::string> double_dash(std::vector<std::string> args, const std::vector<std::string>& names);

}  // namespace carcassonne
