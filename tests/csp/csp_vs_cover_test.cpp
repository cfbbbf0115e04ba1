// The two halves of libsolve count the same puzzles through different models: a CSP and an
// exact-cover problem must agree (and each must agree with the known figures).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <vector>

#include <solve/exact_cover.hpp>
#include <solve/solve.hpp>

namespace {

std::uint64_t queens_csp(int n) {
  solve::Model m;
  const auto q = m.add_vars(n, 0, n - 1);
  solve::all_different(m, q);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      std::vector<std::vector<int>> ok;
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (std::abs(a - b) != j - i) ok.push_back({a, b});
      const std::vector<solve::Var> pair{q[std::size_t(i)], q[std::size_t(j)]};
      solve::table(m, pair, ok);
    }
  return solve::count(m).stats.solutions;
}

/// Rows and columns primary, diagonals secondary (each used at most once).
std::uint64_t queens_cover(int n) {
  solve::ExactCover p;
  std::vector<int> row, col, up, down;
  for (int i = 0; i < n; ++i) row.push_back(p.add_primary());
  for (int i = 0; i < n; ++i) col.push_back(p.add_primary());
  for (int d = 0; d < 2 * n - 1; ++d) up.push_back(p.add_secondary());
  for (int d = 0; d < 2 * n - 1; ++d) down.push_back(p.add_secondary());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      p.add_option({row[std::size_t(r)], col[std::size_t(c)], up[std::size_t(r + c)],
                    down[std::size_t(r - c + n - 1)]});
  return solve::count(p).stats.solutions;
}

std::uint64_t latin_csp(int n) {
  solve::Model m;
  const auto x = m.add_vars(n * n, 1, n);
  for (int r = 0; r < n; ++r) {
    std::vector<solve::Var> row, column;
    for (int c = 0; c < n; ++c) {
      row.push_back(x[std::size_t(r * n + c)]);
      column.push_back(x[std::size_t(c * n + r)]);
    }
    solve::all_different(m, row);
    solve::all_different(m, column);
  }
  return solve::count(m).stats.solutions;
}

/// Items: cell (r,c), (row r, value v), (column c, value v); one option per (r, c, v).
std::uint64_t latin_cover(int n) {
  solve::ExactCover p;
  std::vector<int> cell, row_value, col_value;
  for (int i = 0; i < n * n; ++i) {
    cell.push_back(p.add_primary());
    row_value.push_back(p.add_primary());
    col_value.push_back(p.add_primary());
  }
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int v = 0; v < n; ++v)
        p.add_option({cell[std::size_t(r * n + c)], row_value[std::size_t(r * n + v)],
                      col_value[std::size_t(c * n + v)]});
  return solve::count(p).stats.solutions;
}

}  // namespace

TEST_CASE("n-queens: CSP and exact cover agree with the known counts", "[cross-check]") {
  const std::uint64_t known[] = {1, 0, 0, 2, 10, 4, 40, 92};  // n = 1 .. 8
  for (int n = 1; n <= 8; ++n) {
    INFO("n = " << n);
    CHECK(queens_csp(n) == known[n - 1]);
    CHECK(queens_cover(n) == known[n - 1]);
  }
}

TEST_CASE("Latin squares: CSP and exact cover agree with the known counts", "[cross-check]") {
  const std::uint64_t known[] = {1, 2, 12, 576};  // n = 1 .. 4
  for (int n = 1; n <= 4; ++n) {
    INFO("n = " << n);
    CHECK(latin_csp(n) == known[n - 1]);
    CHECK(latin_cover(n) == known[n - 1]);
  }
}
