// N-queens in three constraint calls: one queen per row, q[i] its column; columns differ,
// and so do the diagonals q[i] + i and q[i] - i, written as views of q (no extra variables).
// Prints the number of solutions and exits 0 when it is the known count.
//
//   queens [n] [threads] [learn]      (n = 8 by default; learn: SearchOptions::learning)
// Built and run by the test suite (tests/csp); scripts/bench csp times it against Gecode.
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <solve/solve.hpp>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 1;
  if (n < 1 || n > 20 || threads < 1) {
    std::fprintf(stderr, "usage: queens [n (1..20)] [threads] [learn]\n");
    return 2;
  }
  solve::Model m;
  const std::vector<solve::Var> q = m.add_vars(n, 0, n - 1, "q");
  std::vector<solve::Var> up, down;
  for (int i = 0; i < n; ++i) {
    up.push_back(q[std::size_t(i)] + i);
    down.push_back(q[std::size_t(i)] - i);
  }
  solve::all_different(m, q);
  solve::all_different(m, up);
  solve::all_different(m, down);

  // value propagation (arc) and smallest domain first: counting needs no stronger filtering
  solve::SearchOptions o;
  o.propagation = solve::Propagation::arc;
  o.var_order = solve::VarOrder::mrv;
  o.threads = threads;
  const bool learn = argc > 3 && std::string_view(argv[3]) == "learn";
  o.learning.use = learn ? solve::Learning::on : solve::Learning::off;
  const solve::Result r = solve::count(m, o);
  std::printf("%d-queens: %llu solutions (%llu nodes, %.3f s)\n", n,
              static_cast<unsigned long long>(r.stats.solutions),
              static_cast<unsigned long long>(r.stats.nodes), r.stats.seconds);
  // OEIS A000170
  const unsigned long long known[] = {1,
                                      1,
                                      0,
                                      0,
                                      2,
                                      10,
                                      4,
                                      40,
                                      92,
                                      352,
                                      724,
                                      2680,
                                      14200,
                                      73712,
                                      365596,
                                      2279184,
                                      14772512,
                                      95815104,
                                      666090624,
                                      4968057848ULL,
                                      39029188884ULL};
  return r.complete() && r.stats.solutions == known[n] ? 0 : 1;
}
