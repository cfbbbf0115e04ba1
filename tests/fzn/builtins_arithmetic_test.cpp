// FlatZinc builtins against brute force, the arithmetic: int_plus, int_times, int_div, int_mod, int_min, int_max, int_abs, int_pow (builtins.hpp).
#include "builtins.hpp"

TEST_CASE("arithmetic count as many solutions as brute force, at every propagation level",
          "[fzn][builtins]") {
  fzn_builtins::check_family(1);
}
