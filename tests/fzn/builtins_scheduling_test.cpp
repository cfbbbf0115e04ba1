// FlatZinc builtins against brute force, the scheduling globals of the mznlib: cumulative,
// disjunctive, disjunctive_strict (builtins.hpp).
#include "builtins.hpp"

TEST_CASE("scheduling globals count as many solutions as brute force, at every level",
          "[fzn][builtins]") {
  fzn_builtins::check_family(6);
}
