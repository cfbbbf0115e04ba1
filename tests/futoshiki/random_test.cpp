// Solution counts of random small puzzles (N <= 6) against a brute-force counter written
// for the tests, without libsolve: the puzzles go through the text format, the reader, the
// model and the search, for several propagation x variable order x value order combinations.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>

#include <solve/search.hpp>

#include "model.hpp"
#include "puzzle.hpp"
#include "random_puzzles.hpp"

using namespace futoshiki::test;

namespace {

struct Combo {
  solve::Propagation propagation;
  solve::VarOrder var_order;
  solve::ValOrder val_order;
  int max_n;  // largest N this combination is run on (propagation none is slow)
};
const Combo combos[] = {
    {solve::Propagation::forward, solve::VarOrder::mrv_degree, solve::ValOrder::ascending,
     6},  // course
    {solve::Propagation::domain, solve::VarOrder::mrv_degree, solve::ValOrder::ascending,
     6},  // fast
    {solve::Propagation::arc, solve::VarOrder::mrv, solve::ValOrder::descending, 6},
    {solve::Propagation::forward, solve::VarOrder::input, solve::ValOrder::random, 6},
    {solve::Propagation::domain, solve::VarOrder::dom_wdeg, solve::ValOrder::random, 6},
    {solve::Propagation::arc, solve::VarOrder::dom_wdeg, solve::ValOrder::ascending, 6},
    {solve::Propagation::none, solve::VarOrder::input, solve::ValOrder::ascending, 3},
    {solve::Propagation::none, solve::VarOrder::mrv_degree, solve::ValOrder::descending, 3},
};

}  // namespace

TEST_CASE("solution counts of 250 random puzzles agree with brute force") {
  std::mt19937_64 rng(20261122);
  int none = 0, unique = 0, several = 0;
  for (int k = 0; k < 250; ++k) {
    const Raw raw = random_puzzle(rng);
    const std::string text = to_text(raw, rng);
    INFO("puzzle " << k << ":\n" << text);
    const futoshiki::Puzzle p = futoshiki::parse_puzzle(text, "random");
    REQUIRE(p.n == raw.n);
    const futoshiki::FutoshikiModel fm = futoshiki::build_model(p);
    const std::uint64_t expected = brute_force_count(raw);
    (expected == 0 ? none : expected == 1 ? unique : several)++;
    for (const Combo& combo : combos) {
      if (raw.n > combo.max_n) continue;
      INFO("propagation " << int(combo.propagation) << ", var order " << int(combo.var_order)
                          << ", value order " << int(combo.val_order));
      solve::SearchOptions o;
      o.propagation = combo.propagation;
      o.var_order = combo.var_order;
      o.val_order = combo.val_order;
      o.seed = std::uint64_t(k);
      std::uint64_t valid = 0;
      const solve::Result r = solve::search(fm.model, o, [&](const solve::Solution& s) {
        valid += futoshiki::is_solution(p, fm.grid(s));
        return true;
      });
      REQUIRE(r.complete());
      CHECK(r.stats.solutions == expected);
      CHECK(valid == expected);
    }
  }
  // The generator must have produced every kind, or the test proves less than it claims.
  CHECK(none >= 20);
  CHECK(unique >= 20);
  CHECK(several >= 20);
  WARN("random puzzles: " << none << " without solution, " << unique << " unique, " << several
                          << " with several");
}
