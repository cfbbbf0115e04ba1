// FlatZinc builtins against brute force, the linear: int_lin_eq, int_lin_le, int_lin_ne (plain, _reif, _imp), bool_lin_eq, bool_lin_le (builtins.hpp).
#include "builtins.hpp"

TEST_CASE("linear count as many solutions as brute force, at every propagation level",
          "[fzn][builtins]") {
  fzn_builtins::check_family(2);
}
