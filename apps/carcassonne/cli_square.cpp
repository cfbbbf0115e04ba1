#include "cli.hpp"

namespace carcassonne {
int run_square(std::vector<std::string>) { return 2; }
}  // namespace carcassonne
