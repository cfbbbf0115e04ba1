// Golomb ruler: n marks 0 = m[0] < m[1] < ... < m[n-1] whose pairwise differences are all
// distinct, as short as possible. Branch and bound proves the optimum; exits 0 when it is
// the known one (OEIS A003022: 8 marks -> 34).
//
//   golomb [marks] [threads] [learn]      (8 by default; learn: SearchOptions::learning)
// Built and run by the test suite (tests/csp); scripts/bench csp times it against Gecode.
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <solve/solve.hpp>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 1;
  if (n < 2 || n > 14 || threads < 1) {
    std::fprintf(stderr, "usage: golomb [marks (2..14)] [threads] [learn]\n");
    return 2;
  }
  const int len = n * n;  // an upper bound on the optimum for these sizes
  solve::Model m;
  const std::vector<solve::Var> mark = m.add_vars(n, 0, len, "m");
  solve::fix(m, mark[0], 0);
  std::vector<solve::Var> diff;
  solve::Var first_gap, last_gap;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      // the differences of k consecutive gaps are at least 1 + 2 + ... + k (all distinct)
      const int k = j - i;
      const solve::Var x = m.add_var(k * (k + 1) / 2, len);
      const std::vector<int> a{1, -1, -1};
      solve::linear(m, a, std::vector<solve::Var>{mark[std::size_t(j)], mark[std::size_t(i)], x},
                    solve::Rel::eq, 0);
      if (i == 0 && j == 1) first_gap = x;
      if (i == n - 2 && j == n - 1) last_gap = x;
      diff.push_back(x);
    }
  for (int i = 0; i + 1 < n; ++i) solve::less(m, mark[std::size_t(i)], mark[std::size_t(i) + 1]);
  solve::all_different(m, diff);
  if (n > 2) solve::less(m, first_gap, last_gap);  // not the mirror image of another ruler
  m.minimize(mark.back());

  solve::SearchOptions o;
  o.var_order = solve::VarOrder::input;  // marks first, smallest value first: short rulers early
  o.threads = threads;
  // An optimum learns by default (solve::Learning::automatic), but not here: propagation is
  // cheap and each node of the search that learns costs ~20x (golomb-9, hyperfine medians of
  // 10 runs: 3,149 nodes in 0.133 s off, 5,679 nodes in 1.83 s on, 14x; docs/notes/
  // lcg-design.md §10), so only with `learn`.
  const bool learn = argc > 3 && std::string_view(argv[3]) == "learn";
  o.learning.use = learn ? solve::Learning::on : solve::Learning::off;
  solve::Result r;
  const auto best = solve::solve_best(m, o, &r);
  if (!best) return 1;
  std::printf("golomb %d:", n);
  for (solve::Var x : mark) std::printf(" %d", (*best)[x]);
  std::printf("  length %lld%s (%llu nodes, %.3f s)\n", static_cast<long long>(*r.objective),
              r.optimal() ? ", optimal" : "", static_cast<unsigned long long>(r.stats.nodes),
              r.stats.seconds);
  const int known[] = {0, 0, 1, 3, 6, 11, 17, 25, 34, 44, 55, 72, 85, 106, 127};
  return r.optimal() && *r.objective == known[n] ? 0 : 1;
}
