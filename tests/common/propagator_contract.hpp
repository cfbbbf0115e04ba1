#pragma once
// The propagator contract at the root, for any constraint posted through the public API
// (tests/csp/propagator_contract_test.cpp runs it over the built-in ones, the app tests over
// theirs): for one instance at each propagation level, (a) whether a second run prunes
// nothing (the same constraint posted over the pruned domains gives the same domains),
// (b) whether every brute-force solution keeps its values, and (c) how strong the pruning is
// against the brute-force supports: the GAC fixpoint (`domain`), its bounds (`bounds`), or
// neither (`sound`). The domains after root propagation are read through the public API: a
// spy constraint over every variable records them each time a change wakes it, and the first
// decision (or a solution found at the root) freezes what it saw last.
#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <solve/constraint.hpp>
#include <solve/search.hpp>
#include "random_model.hpp"

namespace contract {

using namespace solve;
using random_model::Values;

using Domains = std::vector<Values>;

/// What the spy saw: the domains at its last run before the first decision.
struct Seen {
  bool frozen = false;
  bool ran = false;
  Domains domains;
};

class Spy final : public CloneableConstraint<Spy> {
 public:
  Spy(std::vector<Var> xs, std::shared_ptr<Seen> seen)
      : xs_(std::move(xs)), seen_(std::move(seen)) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "spy"; }
  bool check(std::span<const int>) const override { return true; }
  Propagation propagates_from() const override { return Propagation::arc; }
  Wake wakes_on(Propagation) const override { return Wake::domain; }
  PropStatus propagate(Space& s) override {
    if (seen_->frozen) return PropStatus::fixpoint;
    seen_->ran = true;
    seen_->domains.assign(xs_.size(), {});
    for (std::size_t i = 0; i < xs_.size(); ++i)
      s.for_each_value(xs_[i], [&](int v) { seen_->domains[i].push_back(v); });
    return PropStatus::fixpoint;
  }

 private:
  std::vector<Var> xs_;
  std::shared_ptr<Seen> seen_;
};

/// The domains of the model's variables after propagation at the root with level p, or
/// nullopt when the root fails.
inline std::optional<Domains> root_domains(const Model& model, Propagation p) {
  Model m = model;
  auto seen = std::make_shared<Seen>();
  std::vector<Var> all;
  for (int i = 0; i < m.num_vars(); ++i) all.push_back(Var{i});
  m.post(std::make_unique<Spy>(all, seen));
  SearchOptions o;
  o.propagation = p;
  o.var_order = VarOrder::input;
  o.trace = [&](const TraceEvent& e) {
    if (e.kind == TraceEvent::Kind::decide) seen->frozen = true;
  };
  search(m, o, [&](const Solution& s) {
    if (!seen->frozen) {  // every variable assigned at the root
      seen->frozen = seen->ran = true;
      seen->domains.clear();
      for (int v : s.values()) seen->domains.push_back({v});
    }
    return false;
  });
  if (!seen->frozen) return std::nullopt;
  if (!seen->ran) {  // nothing woke the spy: the initial domains
    Domains d;
    for (int i = 0; i < model.num_vars(); ++i) d.push_back(model.initial_domain(Var{i}));
    return d;
  }
  return seen->domains;
}

enum class Strength { sound, bounds, domain };

inline const char* strength_name(Strength s) {
  const char* names[] = {"sound", "bounds", "domain"};
  return names[int(s)];
}

/// The values each variable takes in some solution (empty when there is none).
inline Domains supports(const std::set<Values>& solutions, std::size_t n) {
  Domains out(n);
  if (solutions.empty()) return out;
  std::vector<std::set<int>> sets(n);
  for (const Values& a : solutions)
    for (std::size_t i = 0; i < n; ++i) sets[i].insert(a[i]);
  for (std::size_t i = 0; i < n; ++i) out[i].assign(sets[i].begin(), sets[i].end());
  return out;
}

/// The strongest strength the pruned domains reach against the supports; nullopt when a
/// solution was lost.
inline std::optional<Strength> reached(const std::optional<Domains>& got, const Domains& support,
                                       bool satisfiable) {
  if (!satisfiable) return got ? Strength::sound : Strength::domain;
  if (!got) return std::nullopt;
  bool exact = true, bounds = true;
  for (std::size_t i = 0; i < support.size(); ++i) {
    const Values& d = (*got)[i];
    for (int v : support[i])
      if (!std::binary_search(d.begin(), d.end(), v)) return std::nullopt;
    exact = exact && d == support[i];
    bounds = bounds && d.front() == support[i].front() && d.back() == support[i].back();
  }
  return exact ? Strength::domain : bounds ? Strength::bounds : Strength::sound;
}

inline std::string show(const Domains& ds) {
  std::string s;
  for (const Values& d : ds) {
    s += "{";
    for (int v : d) s += std::to_string(v) + " ";
    s += "} ";
  }
  return s;
}

/// A family of constraints: how to draw one (variables 0 .. r.used - 1, each named once) and
/// what its propagation promises at arc and domain.

/// What one instance showed at one level.
struct Outcome {
  bool lost = false;       // a solution's value was pruned (or the root failed)
  bool idempotent = true;  // a second run pruned nothing
  Strength strength = Strength::sound;
  std::string what;  // the instance, for a failure's message
};

inline constexpr Propagation levels[] = {Propagation::none, Propagation::forward, Propagation::arc,
                                         Propagation::domain};

/// One instance at every level: (a) and (b), and the strength reached.
template <class Post, class Holds>
std::vector<Outcome> run_contract(const std::string& what, const Domains& domains, Post&& post,
                                  Holds&& holds) {
  const std::set<Values> solutions = random_model::solutions(domains, holds);
  const Domains support = supports(solutions, domains.size());
  Model m;
  post(m, random_model::add_vars(m, domains));
  std::vector<Outcome> out;
  for (Propagation p : levels) {
    Outcome o;
    const std::optional<Domains> pruned = root_domains(m, p);
    o.what = what + " over " + show(domains) + "at level " + std::to_string(int(p)) +
             "; the solutions' values " + show(support) + "; pruned to " +
             (pruned ? show(*pruned) : std::string("(failed)"));
    const std::optional<Strength> s = reached(pruned, support, !solutions.empty());
    o.lost = !s;
    if (s) o.strength = *s;
    if (pruned) {
      Model again;
      post(again, random_model::add_vars(again, *pruned));
      const std::optional<Domains> twice = root_domains(again, p);
      o.idempotent = twice && *twice == *pruned;
      if (!o.idempotent)
        o.what += "; a second run: " + (twice ? show(*twice) : std::string("(failed)"));
    }
    out.push_back(o);
  }
  return out;
}

}  // namespace contract
