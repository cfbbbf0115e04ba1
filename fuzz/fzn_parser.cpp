// Fuzzes the FlatZinc reader and translator of fzn-libsolve.
// seeds: tests/data/fzn tests/data/fzn/bad
//
// Oracles beyond "no crash": a text that reads must print back to a text that reads to the
// same tree (and prints the same again); the translator either accepts the tree or rejects it
// with an InputError (nothing else); and a small accepted model has the same number of
// solutions at every propagation level when the search is not cut short.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

/// Solutions of the model at one propagation level, or -1 when the node limit cut it short.
long long count(const fzn::Program& p, solve::Propagation level) {
  solve::SearchOptions o;
  o.propagation = level;
  o.limits.max_nodes = 5000;
  const solve::Result r = solve::count(p.model, o);
  return r.complete() ? static_cast<long long>(r.stats.solutions) : -1;
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
  const long long none = count(p, solve::Propagation::none);
  const long long domain = count(p, solve::Propagation::domain);
  if (none >= 0 && domain >= 0 && none != domain) fail("propagation levels disagree on the count");
  return 0;
}
