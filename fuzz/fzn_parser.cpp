// Fuzzes the FlatZinc reader and translator of fzn-libsolve.
// seeds: tests/data/fzn tests/data/fzn/bad
//
// Oracles beyond "no crash": a text that reads must print back to a text that reads to the
// same tree (and prints the same again); the translator either accepts the tree or rejects it
// with an InputError (nothing else); and a small accepted model has the same number of
// solutions at every propagation level when the search is not cut short. The last byte of the
// input chooses learning from failure (issue 24): when its low bit is set, the count at domain
// propagation runs with learning on, and a model with an objective must have the same optimum
// with learning on as with it off.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <solve/error.hpp>
#include <solve/search.hpp>

#include "parser.hpp"
#include "printer.hpp"
#include "translate.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

/// The search of the oracles: small limits, one propagation level, learning or not.
solve::SearchOptions limited(solve::Propagation level, bool learning) {
  solve::SearchOptions o;
  o.propagation = level;
  o.limits.max_nodes = 5000;
  o.learning.use = learning ? solve::Learning::on : solve::Learning::off;
  return o;
}

/// Solutions of the model at one propagation level, or -1 when the node limit cut it short.
long long count(const fzn::Program& p, solve::Propagation level, bool learning = false) {
  const solve::Result r = solve::count(p.model, limited(level, learning));
  return r.complete() ? static_cast<long long>(r.stats.solutions) : -1;
}

/// The answer of an optimisation: whether it was proven (the search not cut short), and the
/// optimum (none when there is no solution).
struct Optimum {
  bool proven = false;
  std::optional<std::int64_t> value;
};

/// The optimum of the model (which has its objective), with learning or not.
Optimum optimum(const fzn::Program& p, bool learning) {
  solve::Result r;
  solve::solve_best(p.model, limited(solve::Propagation::domain, learning), &r);
  return {r.complete(), r.objective};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  fzn::ParseLimits limits;
  limits.min_tree_bytes = std::uint64_t(16) << 20;  // about 100 000 expressions
  fzn::Model m;
  try {
    m = fzn::parse(text, "fuzz.fzn", limits);
  } catch (const solve::InputError&) {
    return 0;  // rejected with a message: fine
  }
  const std::string printed = fzn::to_text(m);
  fzn::Model again;
  try {
    again = fzn::parse(printed, "printed.fzn", limits);
  } catch (const solve::InputError& e) {
    std::fprintf(stderr, "%s\n%s\n", printed.c_str(), e.what());
    fail("printed text does not read back");
  }
  if (!(again == m)) fail("printed text reads back as another tree");
  if (fzn::to_text(again) != printed) fail("printing is not stable");

  fzn::Program p;
  try {
    p = fzn::translate(m, "fuzz.fzn");
  } catch (const solve::InputError&) {
    return 0;
  }
  if (p.unsatisfiable || p.model.num_vars() > 12) return 0;
  const bool learning = size > 0 && (data[size - 1] & 1);
  const long long none = count(p, solve::Propagation::none);
  const long long domain = count(p, solve::Propagation::domain, learning);
  if (none >= 0 && domain >= 0 && none != domain)
    fail(learning ? "propagation levels disagree on the count (domain with learning on)"
                  : "propagation levels disagree on the count");
  if (!learning || p.goal == fzn::SolveItem::Goal::satisfy || p.objective.fixed) return 0;
  if (p.goal == fzn::SolveItem::Goal::minimize) p.model.minimize(p.objective.var);
  else p.model.maximize(p.objective.var);
  const Optimum off = optimum(p, false), on = optimum(p, true);
  if (off.proven && on.proven && off.value != on.value)
    fail("the optimum with learning on differs from the one with learning off");
  return 0;
}
