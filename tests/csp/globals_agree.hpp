#pragma once
// The differential check of the native globals' tests (globals_*_test.cpp): every search of
// a model, at each propagation level and with both branchings, delivers exactly the
// brute-force solutions.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <set>
#include <string>

#include <solve/search.hpp>

#include "random_model.hpp"

namespace globals_test {

/// Every search of m delivers `expected`: each level, both branchings, the given threads
/// (with more than one, dom/wdeg, so that the workers' trees differ from the sequential one).
inline void agree(const solve::Model& m, const std::set<random_model::Values>& expected,
                  std::initializer_list<int> threads, const std::string& what) {
  using namespace solve;
  for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
    for (auto b : {Branching::values, Branching::refutation})
      for (const int t : threads) {
        SearchOptions o;
        o.propagation = p;
        o.branching = b;
        o.threads = t;
        o.var_order = t > 1 ? VarOrder::dom_wdeg : VarOrder::mrv;
        Result r;
        const std::set<random_model::Values> got = random_model::search_all(m, o, &r);
        INFO(what << " propagation " << int(p) << " branching " << int(b) << " threads " << t);
        REQUIRE(r.complete());
        REQUIRE(got == expected);
        REQUIRE(r.stats.solutions == expected.size());
      }
}

}  // namespace globals_test
