// FlatZinc builtins against brute force, the globals: the globals of the mznlib: all_different, table, global_cardinality, among, count, lex_less(eq) (builtins.hpp).
#include "builtins.hpp"

TEST_CASE("globals count as many solutions as brute force, at every propagation level",
          "[fzn][builtins]") {
  fzn_builtins::check_family(5);
}
