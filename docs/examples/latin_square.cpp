// A complete libsolve program: a 4x4 Latin square whose first row increases and whose
// diagonal sums to 10. Built and run by the test suite (tests/csp), so this example always
// compiles against the current API.
#include <cstdio>
#include <vector>

#include <solve/solve.hpp>

int main() {
  constexpr int n = 4;
  solve::Model m;
  std::vector<solve::Var> cell;  // row-major
  for (int i = 0; i < n * n; ++i) cell.push_back(m.add_var(1, n));
  auto at = [&](int r, int c) { return cell[std::size_t(r * n + c)]; };

  for (int r = 0; r < n; ++r) {
    std::vector<solve::Var> row, col;
    for (int c = 0; c < n; ++c) {
      row.push_back(at(r, c));
      col.push_back(at(c, r));
    }
    solve::all_different(m, row);
    solve::all_different(m, col);
  }
  for (int c = 0; c + 1 < n; ++c) solve::less(m, at(0, c), at(0, c + 1));
  std::vector<solve::Var> diagonal;
  for (int i = 0; i < n; ++i) diagonal.push_back(at(i, i));
  solve::linear(m, diagonal, solve::Rel::eq, 10);

  // First solution, with the default (fastest) settings.
  solve::Result r;
  if (auto s = solve::solve_first(m, {}, &r)) {
    for (int row = 0; row < n; ++row)
      std::printf("%d %d %d %d\n", (*s)[at(row, 0)], (*s)[at(row, 1)], (*s)[at(row, 2)],
                  (*s)[at(row, 3)]);
  }
  // Count all solutions with forward checking and the textbook heuristic.
  solve::SearchOptions course;
  course.propagation = solve::Propagation::forward;
  course.var_order = solve::VarOrder::mrv_degree;
  const solve::Result all = solve::count(m, course);
  std::printf("solutions: %llu (nodes %llu, %s)\n",
              static_cast<unsigned long long>(all.stats.solutions),
              static_cast<unsigned long long>(all.stats.nodes), solve::to_string(all.stop));
  return all.stats.solutions == 4 ? 0 : 1;  // 4, by brute force; the test suite checks it
}
