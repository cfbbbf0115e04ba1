// Magic squares of order 4: the numbers 1..16 in a 4x4 grid, every row, column and both
// diagonals summing to 34. Counts all of them (rotations and reflections included) and
// exits 0 when the count is 7040.
//
//   magic_square [threads]
// Built and run by the test suite (tests/csp).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <solve/solve.hpp>

int main(int argc, char** argv) {
  constexpr int n = 4, sum = n * (n * n + 1) / 2;
  solve::Model m;
  const std::vector<solve::Var> cell = m.add_vars(n * n, 1, n * n, "c");
  auto at = [&](int r, int c) { return cell[std::size_t(r * n + c)]; };
  solve::all_different(m, cell);
  std::vector<solve::Var> diagonal, anti;
  for (int i = 0; i < n; ++i) {
    std::vector<solve::Var> row, col;
    for (int j = 0; j < n; ++j) {
      row.push_back(at(i, j));
      col.push_back(at(j, i));
    }
    solve::linear(m, row, solve::Rel::eq, sum);
    solve::linear(m, col, solve::Rel::eq, sum);
    diagonal.push_back(at(i, i));
    anti.push_back(at(i, n - 1 - i));
  }
  solve::linear(m, diagonal, solve::Rel::eq, sum);
  solve::linear(m, anti, solve::Rel::eq, sum);

  solve::SearchOptions o;
  o.threads = argc > 1 ? std::atoi(argv[1]) : 1;
  const solve::Result r = solve::count(m, o);
  std::printf("magic squares of order %d: %llu (%llu nodes, %.3f s)\n", n,
              static_cast<unsigned long long>(r.stats.solutions),
              static_cast<unsigned long long>(r.stats.nodes), r.stats.seconds);
  return r.complete() && r.stats.solutions == 7040 ? 0 : 1;
}
