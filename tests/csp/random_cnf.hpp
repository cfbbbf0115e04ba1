#pragma once
// Random CNFs over small integer variables (holes in their domains, literals on views) held by
// one ClauseStore (csp/clause_store.hpp), with their solutions by brute force: shared by the
// clause store's tests and the learning test that runs conflict analysis through the store.
#include "random_model.hpp"

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "csp/clause_store.hpp"

namespace random_cnf {

using namespace solve;
using random_model::Random;
using random_model::Values;
using Clause = std::vector<Literal>;

/// A random CNF over 2 to 4 variables with holes in their domains.
struct Cnf {
  std::vector<Values> domains;
  std::vector<Clause> clauses;
  bool ranges = true;  // whether the store knows the variables' ranges
};

inline Literal random_literal(Random& r, int nvars) {
  const auto [a, c] = r.view();
  const Var x = a * Var{r.pick(0, nvars - 1)} + c;
  return {x, static_cast<Literal::Kind>(r.pick(0, 3)), r.pick(-5, 6)};
}

inline Clause random_clause(Random& r, int nvars, bool units = true) {
  Clause cl;
  const int n = units && r.pick(1, 4) == 1 ? 1 : r.pick(2, units ? 4 : 3);
  for (int i = 0; i < n; ++i) cl.push_back(random_literal(r, nvars));
  return cl;
}

/// `bigger`: 4 or 5 variables and 8 to 24 clauses of 2 or 3 literals (deeper trees, nodes
/// without solutions that the clauses alone do not see).
inline Cnf random_cnf(Random& r, bool bigger = false) {
  Cnf f;
  const int n = bigger ? r.pick(4, 5) : r.pick(2, 4);
  for (int i = 0; i < n; ++i)
    f.domains.push_back(r.pick(0, 3) == 0 ? Values{0, 1} : r.domain(-2, 3));
  const int m = bigger ? r.pick(8, 24) : r.pick(1, 7);
  for (int i = 0; i < m; ++i) f.clauses.push_back(random_clause(r, n, !bigger));
  f.ranges = r.pick(0, 3) > 0;
  return f;
}

inline bool holds(const Clause& c, const Values& a) {
  for (const Literal& l : c)
    if (l.satisfied_by(l.var.apply(a[std::size_t(l.var.id)]))) return true;
  return false;
}

inline std::string describe(const Cnf& f) {
  const char* k[] = {"<=", ">=", "==", "!="};
  std::string s;
  for (const Values& d : f.domains) {
    s += "{";
    for (int v : d) s += std::to_string(v) + " ";
    s += "} ";
  }
  for (const Clause& c : f.clauses) {
    s += "(";
    for (const Literal& l : c)
      s += std::to_string(l.var.scale) + "x" + std::to_string(l.var.id) + "+" +
           std::to_string(l.var.offset) + k[int(l.kind)] + std::to_string(l.value) + " ";
    s += ") ";
  }
  return s + (f.ranges ? "ranges" : "no ranges");
}

inline std::unique_ptr<detail::csp::ClauseStore> make_store(const Cnf& f,
                                                            const std::vector<Var>& xs) {
  std::vector<std::pair<int, int>> ranges;
  if (f.ranges)
    for (const Values& d : f.domains) ranges.push_back({d.front(), d.back()});
  auto cs = std::make_unique<detail::csp::ClauseStore>(xs, ranges);
  for (const Clause& c : f.clauses) cs->add_clause(c);
  return cs;
}

inline std::set<Values> brute_force(const Cnf& f) {
  return random_model::solutions(f.domains, [&](const Values& a) {
    for (const Clause& c : f.clauses)
      if (!holds(c, a)) return false;
    return true;
  });
}

}  // namespace random_cnf
