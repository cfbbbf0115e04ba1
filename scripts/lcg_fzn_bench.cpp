// lcg-fzn-bench: a FlatZinc optimisation solved with learning on or off (issue 24,
// docs/notes/lcg-design.md §10), through fzn-libsolve's reader and translation but with
// solve_best() called directly: fzn-libsolve itself has no learning option yet.
//
//   lcg-fzn-bench FILE.fzn on|off|activity|model [SECONDS]
// (on: learning with its default branching, toggle; activity, model: with that branching)
// Prints the best objective (and whether it is proved), nodes, failures, restarts, seconds.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <solve/solve.hpp>

#include "parser.hpp"
#include "translate.hpp"

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: lcg-fzn-bench FILE.fzn on|off|activity|model [SECONDS]\n");
    return 2;
  }
  const std::string file = argv[1];
  fzn::Program p = fzn::translate(fzn::parse_file(file), file);
  if (p.goal == fzn::SolveItem::Goal::satisfy || p.objective.fixed) {
    std::fprintf(stderr, "lcg-fzn-bench: %s is no optimisation over a variable\n", argv[1]);
    return 2;
  }
  if (p.goal == fzn::SolveItem::Goal::minimize) p.model.minimize(p.objective.var);
  else p.model.maximize(p.objective.var);
  solve::SearchOptions o;  // the annotation's orders, as fzn-libsolve without -f
  o.var_order = p.search.var_order;
  o.val_order = p.search.val_order;
  const std::string_view mode = argv[2];
  o.learning.use = mode != "off" ? solve::Learning::on : solve::Learning::off;
  if (mode == "activity") o.learning.branching = solve::LearningOptions::Branching::activity;
  if (mode == "model") o.learning.branching = solve::LearningOptions::Branching::model;
  o.limits.max_seconds = argc > 3 ? std::atof(argv[3]) : 20;
  solve::Result r;
  solve::solve_best(p.model, o, &r);
  std::printf("objective %lld%s nodes %llu failures %llu restarts %llu seconds %.3f\n",
              static_cast<long long>(r.objective.value_or(-1)), r.optimal() ? " optimal" : "",
              static_cast<unsigned long long>(r.stats.nodes),
              static_cast<unsigned long long>(r.stats.failures),
              static_cast<unsigned long long>(r.stats.restarts), r.stats.seconds);
  return 0;
}
