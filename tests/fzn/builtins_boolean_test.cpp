// FlatZinc builtins against brute force, the Booleans: bool_and, bool_or, bool_xor (and _imp), array_bool_and/or/xor, bool_clause (plain, _reif, _imp) (builtins.hpp).
#include "builtins.hpp"

TEST_CASE("Booleans count as many solutions as brute force, at every propagation level",
          "[fzn][builtins]") {
  fzn_builtins::check_family(3);
}
