// FlatZinc builtins against brute force, the set_in, elements and array extrema: set_in (plain, _reif, _imp), array_int_element, array_var_int_element, array_int_maximum/minimum (builtins.hpp).
#include "builtins.hpp"

TEST_CASE(
    "set_in, elements and array extrema count as many solutions as brute force, at every "
    "propagation level",
    "[fzn][builtins]") {
  fzn_builtins::check_family(4);
}
