#pragma once
// The checker of reasons (Constraint::explain, solve/explain.hpp), shared by the explanation
// tests: for random sub-domains of a model, one propagate() call per constraint; each pruning
// it made is explained, and the reason is checked against brute force over the initial
// domains: its literals hold in the domains the call started from, and every assignment that
// satisfies them and the constraint satisfies the pruned literal (for a failed call: no
// assignment satisfies them and the constraint). Tallies count the literals of the reasons
// against those of the scope's domains (the default reason), per constraint name.
#include "catalogue.hpp"
#include "csp/store.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace explanation_check {

using namespace solve;
using random_model::Random;
using random_model::Values;
using Store = solve::detail::csp::Store;

/// The value of a scope entry (a variable or a view) under an assignment of model variables.
inline bool satisfied(const Literal& l, const std::map<int, int>& a) {
  return l.satisfied_by(l.var.apply(a.at(l.var.id)));
}

struct Tally {
  int reasons = 0;
  std::size_t literals = 0, scope_literals = 0;
  void add(const Tally& o) {
    reasons += o.reasons;
    literals += o.literals;
    scope_literals += o.scope_literals;
  }
};

/// The tallies of one test, per constraint name, and their sum.
struct Tallies {
  std::map<std::string, Tally> by_name;
  Tally total() const {
    Tally t;
    for (const auto& [name, one] : by_name) t.add(one);
    return t;
  }
  const Tally& of(const std::string& name) const {
    static const Tally none;
    const auto it = by_name.find(name);
    return it == by_name.end() ? none : it->second;
  }
  /// With SOLVE_EXPLAIN_STATS set, prints "name: reasons, literals / scope literals" per name
  /// (the figures docs/library.md quotes).
  void print(const char* test) const {
    if (!std::getenv("SOLVE_EXPLAIN_STATS")) return;
    for (const auto& [name, t] : by_name)
      std::printf("%s / %s: %d reasons, %zu / %zu literals\n", test, name.c_str(), t.reasons,
                  t.literals, t.scope_literals);
  }
};

/// Checks one reason of c against brute force over the initial domains of its variables.
inline void check_reason(const Model& m, const Constraint& c, const Store& before,
                         std::optional<Literal> pruned, const Reason& reason,
                         const std::string& what) {
  auto show = [](const Literal& l) {
    const char* k[] = {"<=", ">=", "==", "!="};
    return "x" + std::to_string(l.var.id) + "*" + std::to_string(l.var.scale) + "+" +
           std::to_string(l.var.offset) + k[int(l.kind)] + std::to_string(l.value);
  };
  std::string lits, domains;
  for (const Literal& l : reason.literals()) lits += show(l) + " ";
  for (const Var x : c.scope()) {
    domains += "{";
    before.for_each_value(x, [&](int v) { domains += std::to_string(v) + " "; });
    domains += "} ";
  }
  INFO(what << " from " << domains << (pruned ? " pruned " + show(*pruned) : " failure")
            << " because " << lits);
  for (const Literal& l : reason.literals()) {
    INFO("literal on x" << l.var.id << " kind " << int(l.kind) << " value " << l.value);
    REQUIRE(l.holds_in(before));
  }
  std::vector<int> ids;
  for (const Var x : c.scope()) ids.push_back(x.id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::map<int, int> a;
  std::vector<int> values(c.scope().size());
  // odometer over the initial domains of the scope's variables
  std::vector<std::size_t> at(ids.size(), 0);
  for (bool more = true; more;) {
    for (std::size_t k = 0; k < ids.size(); ++k) a[ids[k]] = m.initial_domain(Var{ids[k]})[at[k]];
    bool fits = true;
    for (const Literal& l : reason.literals()) fits = fits && satisfied(l, a);
    if (fits) {
      for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = int(c.scope()[i].apply(a[c.scope()[i].id]));
      if (c.check(values)) {
        INFO("a solution of the constraint within the reason");
        REQUIRE(pruned);
        REQUIRE(satisfied(*pruned, a));
      }
    }
    more = false;
    for (std::size_t k = 0; k < ids.size() && !more; ++k) {
      if (++at[k] < m.initial_domain(Var{ids[k]}).size()) more = true;
      else at[k] = 0;
    }
  }
}

/// One propagate() call on random sub-domains of every constraint of m; each pruning explained
/// and checked.
inline void explain_all(const Model& m, Random& r, Tallies& tallies, const std::string& what) {
  for (const auto& c : m.constraints()) {
    Store s;
    for (int i = 0; i < m.num_vars(); ++i) {
      const Values& d = m.initial_domain(Var{i});
      Values sub;
      for (int v : d)
        if (r.pick(0, 2) > 0) sub.push_back(v);
      if (sub.empty()) sub.push_back(d[std::size_t(r.pick(0, int(d.size()) - 1))]);
      s.add_var(sub.front(), sub.back(), sub);
    }
    s.set_propagation(r.pick(0, 1) ? Propagation::domain : Propagation::arc);
    const std::span<const Var> scope = c->scope();
    std::vector<Values> after(scope.size());
    auto p = c->clone();
    s.push_level();
    const bool failed = p->propagate(s) == PropStatus::failed || s.failed();
    if (!failed)
      for (std::size_t i = 0; i < scope.size(); ++i)
        s.for_each_value(scope[i], [&](int v) { after[i].push_back(v); });
    s.pop_level();  // back to the domains the call started from

    const std::string where = what + " / " + std::string(c->name());
    Reason reason, whole;
    add_scope(s, scope, whole);
    auto explain = [&](std::optional<Literal> pruned) {
      reason.clear();
      c->explain(s, pruned, reason);
      check_reason(m, *c, s, pruned, reason, where);
      Tally& tally = tallies.by_name[std::string(c->name())];
      ++tally.reasons;
      tally.literals += reason.size();
      tally.scope_literals += whole.size();
    };
    if (failed) {
      explain(std::nullopt);
      continue;
    }
    for (std::size_t i = 0; i < scope.size(); ++i) {
      const Var x = scope[i];
      const Values& d = after[i];
      s.for_each_value(x, [&](int v) {
        if (!std::binary_search(d.begin(), d.end(), v)) explain(Literal::ne(x, v));
      });
      if (d.front() > s.min(x)) explain(Literal::ge(x, d.front()));
      if (d.back() < s.max(x)) explain(Literal::le(x, d.back()));
      if (d.size() == 1 && !s.assigned(x)) explain(Literal::eq(x, d.front()));
    }
  }
}

/// `rounds` random instances make(r) (a share under SOLVE_TEST_SCALE), every constraint of each
/// explained by explain_all.
template <class Make>
Tallies explain_instances(std::uint32_t seed, int rounds, Make&& make) {
  Random r(seed);
  Tallies tally;
  for (int round = 0; round < test_scale::rounds(rounds); ++round) {
    const catalogue::Instance in = make(r);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, in.domains);
    for (const catalogue::Spec& spec : in.specs) spec.post(m, xs);
    explain_all(m, r, tally, catalogue::describe(in));
  }
  return tally;
}

/// Instances of five variables over [-2, 3], two of them Booleans, and the constraint draw(r).
template <class Draw>
Tallies explain_random(std::uint32_t seed, int rounds, Draw&& draw) {
  return explain_instances(seed, rounds, [&](Random& r) {
    catalogue::Instance in = catalogue::base_instance(r, 5, 2, -2, 3);
    in.specs.push_back(draw(r));
    return in;
  });
}

}  // namespace explanation_check
