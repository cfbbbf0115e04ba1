// FlatZinc builtins against brute force, the comparisons: int_eq .. int_le and bool_eq .. bool_lt (plain, _reif, _imp), bool_not, bool_xor, bool2int (builtins.hpp).
#include "builtins.hpp"

TEST_CASE("comparisons count as many solutions as brute force, at every propagation level",
          "[fzn][builtins]") {
  fzn_builtins::check_family(0);
}
