// clause-store-bench: random 3-SAT (ratio 4.26) counted by the model's search, its clauses
// held by one ClauseStore (csp/clause_store.hpp, issue 24) or posted one clause() each, so
// that scripts/bench clauses can time the two on the same instances.
//
//   clause-store-bench store|clause|learn [VARS] [SEEDS] [BINARY]
//
// learn: the store with SearchOptions::learning on (every failure analysed into a nogood:
// the cost of conflict analysis through the store's reasons); prints the nogoods and their
// literals too.
//
// BINARY (0 to 100, default 0): the percentage of clauses with two literals instead of three;
// the clauses number 4.26 VARS with none, else min(4.26, 90 / BINARY) VARS (the two-literal
// ones 0.9 VARS: below the 2-SAT threshold, so that the instances keep solutions).
// Prints the solutions, nodes and propagator runs (kernel rounds: one propagate() of one
// constraint) of the SEEDS instances (seeds 1..SEEDS) summed.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <solve/solve.hpp>

#include "csp/clause_store.hpp"

int main(int argc, char** argv) {
  using namespace solve;
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode != "store" && mode != "clause" && mode != "learn") {
    std::fprintf(stderr,
                 "usage: clause-store-bench store|clause|learn [VARS] [SEEDS] [BINARY]\n");
    return 2;
  }
  const int n = argc > 2 ? std::atoi(argv[2]) : 80;
  const int seeds = argc > 3 ? std::atoi(argv[3]) : 5;
  const int binary = argc > 4 ? std::atoi(argv[4]) : 0;
  const int m = int((binary == 0 ? 4.26 : std::min(4.26, 90.0 / binary)) * n);
  std::uint64_t nodes = 0, solutions = 0, propagations = 0, nogoods = 0, literals = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    std::mt19937 rng{std::uint32_t(seed)};
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    Model model;
    const std::vector<Var> xs = model.add_vars(n, 0, 1);
    std::vector<std::vector<Literal>> clauses{std::size_t(m)};
    for (auto& c : clauses)
      for (int k = 0, size = binary > 0 && pick(0, 99) < binary ? 2 : 3; k < size; ++k) {
        const Var x = xs[std::size_t(pick(0, n - 1))];  // then the value: a fixed order
        c.push_back(Literal::eq(x, pick(0, 1)));
      }
    if (mode != "clause") {
      const std::vector<std::pair<int, int>> ranges(std::size_t(n), {0, 1});
      auto store = std::make_unique<detail::csp::ClauseStore>(xs, ranges);
      for (const auto& c : clauses) store->add_clause(c);
      model.post(std::move(store));
    } else {
      for (const auto& c : clauses) {
        std::vector<Var> pos, neg;
        for (const Literal& l : c) (l.value == 1 ? pos : neg).push_back(l.var);
        clause(model, pos, neg);
      }
    }
    SearchOptions o;
    o.var_order = VarOrder::input;
    o.branching = Branching::refutation;
    if (mode == "learn") {
      o.learning.use = Learning::on;
      o.learning.on_nogood = [&](const Nogood& g) {
        ++nogoods;
        literals += g.literals.size();
      };
    }
    const Result r = search(model, o, [](const Solution&) { return true; });
    nodes += r.stats.nodes;
    propagations += r.stats.propagations;
    solutions += r.stats.solutions;
  }
  std::printf("solutions: %llu\nnodes: %llu\npropagations: %llu\n",
              static_cast<unsigned long long>(solutions), static_cast<unsigned long long>(nodes),
              static_cast<unsigned long long>(propagations));
  if (mode == "learn")
    std::printf("nogoods: %llu\nliterals: %llu\n", static_cast<unsigned long long>(nogoods),
                static_cast<unsigned long long>(literals));
}
