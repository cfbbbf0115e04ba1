#include "app_support.hpp"

#include <iostream>

namespace fzn::app {

void error(std::string_view message) { std::cerr << "fzn-libsolve: " << message << '\n'; }

}  // namespace fzn::app
