// The propagator contract (tests/common/propagator_contract.hpp) over fzn-libsolve's fallback
// constraint, Checked (a builtin known only by its test of complete assignments): at the root
// a second run prunes nothing and no solution loses a value; at arc and domain, with at most
// one variable open, the domains are the brute-force GAC fixpoint (forward checking from the
// test), and with more it prunes nothing it may not.
#include <catch2/catch.hpp>

#include "propagator_contract.hpp"
#include "random_model.hpp"

#include "checked.hpp"

TEST_CASE("the checked fallback keeps the propagator contract at the root", "[fzn][contract]") {
  random_model::Random r(2512);
  for (int round = 0; round < 200; ++round) {
    const int n = r.pick(1, 3);
    std::vector<random_model::Values> domains;
    for (int i = 0; i < n; ++i)
      domains.push_back(r.pick(0, 1) ? random_model::Values{r.pick(-2, 3)} : r.domain(-2, 3));
    // a random relation: weights and a bound (sum of a_i x_i <= c), or a parity
    std::vector<int> a;
    for (int i = 0; i < n; ++i) a.push_back(r.pick(-2, 2));
    const int c = r.pick(-3, 3);
    const bool parity = r.pick(0, 2) == 0;
    const auto holds = [=](const random_model::Values& v) {
      std::int64_t sum = 0;
      for (int i = 0; i < n; ++i) sum += std::int64_t(a[std::size_t(i)]) * v[std::size_t(i)];
      return parity ? sum % 2 == 0 : sum <= c;
    };
    const auto post = [&](solve::Model& m, const std::vector<solve::Var>& xs) {
      m.post(std::make_unique<fzn::Checked>(xs, "test", [=](const fzn::Valuation& val) {
        random_model::Values v;
        for (int i = 0; i < n; ++i) v.push_back(int(val[fzn::Slot{i, 0}]));
        return holds(v);
      }));
    };
    int open = 0;
    for (const auto& d : domains) open += d.size() > 1;
    const auto outcome = contract::run_contract("checked", domains, post, holds);
    for (std::size_t l = 0; l < outcome.size(); ++l) {
      const contract::Outcome& o = outcome[l];
      INFO(o.what << "; " << open << " open");
      REQUIRE_FALSE(o.lost);
      REQUIRE(o.idempotent);
      // (at forward the root does not run it: a variable fixed from the start is no assignment)
      if (open <= 1 && (contract::levels[l] == solve::Propagation::arc ||
                        contract::levels[l] == solve::Propagation::domain))
        REQUIRE(o.strength == contract::Strength::domain);
    }
  }
}
