// Job-shop scheduling: Fisher and Thompson's 6x6 instance (ft06). Every job runs its six
// tasks in order, each on its own machine; a machine runs one task at a time; minimise the
// makespan. The optimum, 55, is proved by branch and bound; exits 0 when it is found.
//
// Model: a start time per task; precedences start + duration <= next start (views); per
// pair of tasks on one machine a Boolean "a before b", reified both ways; the makespan is
// the maximum of the jobs' end times (views again). Built and run by the test suite.
#include <cstdio>
#include <vector>

#include <solve/solve.hpp>

namespace {
constexpr int kJobs = 6, kMachines = 6;
// per job, its tasks in order as (machine, duration)
constexpr int kMachine[kJobs][kMachines] = {{2, 0, 1, 3, 5, 4}, {1, 2, 4, 5, 0, 3},
                                            {2, 3, 5, 0, 1, 4}, {1, 0, 2, 3, 4, 5},
                                            {2, 1, 4, 5, 0, 3}, {1, 3, 5, 0, 4, 2}};
constexpr int kDuration[kJobs][kMachines] = {{1, 3, 6, 7, 3, 6}, {8, 5, 10, 10, 10, 4},
                                             {5, 4, 8, 9, 1, 7}, {5, 5, 5, 3, 8, 9},
                                             {9, 3, 5, 4, 3, 1}, {3, 3, 9, 10, 4, 1}};
}  // namespace

int main() {
  int horizon = 0;
  for (const auto& job : kDuration)
    for (int d : job) horizon += d;
  solve::Model m;
  std::vector<std::vector<solve::Var>> start(kJobs);
  for (int j = 0; j < kJobs; ++j)
    for (int t = 0; t < kMachines; ++t) start[j].push_back(m.add_var(0, horizon));
  for (int j = 0; j < kJobs; ++j)
    for (int t = 0; t + 1 < kMachines; ++t)
      solve::less_equal(m, start[j][t] + kDuration[j][t], start[j][t + 1]);
  // disjunctions: for two tasks a, b on one machine, b_ab <=> a ends before b starts, and
  // not b_ab <=> b ends before a starts
  for (int mach = 0; mach < kMachines; ++mach) {
    std::vector<std::pair<int, int>> tasks;
    for (int j = 0; j < kJobs; ++j)
      for (int t = 0; t < kMachines; ++t)
        if (kMachine[j][t] == mach) tasks.emplace_back(j, t);
    for (std::size_t a = 0; a < tasks.size(); ++a)
      for (std::size_t b = a + 1; b < tasks.size(); ++b) {
        // plain ints, not structured bindings: lambdas capture those only from C++20 on in
        // every compiler (clang 14 refuses)
        const int ja = tasks[a].first, ta = tasks[a].second;
        const int jb = tasks[b].first, tb = tasks[b].second;
        const solve::Var before = m.add_bool();
        solve::reify(m, before, [&](solve::Model& s) {
          solve::compare(s, start[ja][ta] + kDuration[ja][ta], solve::Rel::le, start[jb][tb]);
        });
        solve::reify(m, solve::negation(before), [&](solve::Model& s) {
          solve::compare(s, start[jb][tb] + kDuration[jb][tb], solve::Rel::le, start[ja][ta]);
        });
      }
  }
  std::vector<solve::Var> ends;
  for (int j = 0; j < kJobs; ++j) ends.push_back(start[j].back() + kDuration[j][kMachines - 1]);
  const solve::Var makespan = m.add_var(0, horizon, "makespan");
  solve::maximum(m, ends, makespan);
  m.minimize(makespan);

  // An optimum learns by default (solve::Learning::automatic); ft06 is too small for it to pay:
  // measured (hyperfine medians of 10 runs, one run each way) 1,081 nodes and 3.7 ms off,
  // 1,937 nodes and 8.3 ms on. Larger job shops gain (docs/notes/lcg-design.md §10: la02
  // 1.2 s -> 0.7 s).
  solve::SearchOptions o;
  o.learning.use = solve::Learning::off;
  solve::Result r;
  const auto best = solve::solve_best(m, o, &r);
  if (!best) return 1;
  for (int j = 0; j < kJobs; ++j) {
    std::printf("job %d:", j);
    for (int t = 0; t < kMachines; ++t)
      std::printf(" m%d@%d", kMachine[j][t], (*best)[start[j][t]]);
    std::printf("\n");
  }
  std::printf("makespan %d%s (%llu nodes, %.3f s)\n", (*best)[makespan],
              r.optimal() ? ", optimal" : "", static_cast<unsigned long long>(r.stats.nodes),
              r.stats.seconds);
  return r.optimal() && (*best)[makespan] == 55 ? 0 : 1;
}
