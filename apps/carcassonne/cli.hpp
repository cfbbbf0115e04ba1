#pragma once
// The two commands of the carcassonne program (argument lists without the program name).
// Each returns the exit status (cli::Exit: 0 answer given, 1 no solution, 2 bad input or
// usage, 3 stopped by a limit or Ctrl-C); exceptions are left to cli::guarded in main().
#include <string>
#include <vector>

namespace carcassonne {

int run_sequence(std::vector<std::string> args);
int run_square(std::vector<std::string> args);

}  // namespace carcassonne
