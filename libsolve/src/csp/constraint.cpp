// The defaults of the Constraint interface: checking and entailment through propagate() and
// check() when a constraint does not say more, and the reason every propagator can give.
#include "solve/constraint.hpp"

#include <algorithm>
#include <vector>

#include "csp/store.hpp"

namespace solve {

bool Constraint::check(std::span<const int> values) const {
  const std::span<const Var> xs = scope();
  int n = 0;
  for (Var x : xs) n = std::max(n, x.id + 1);
  std::vector<int> own(std::size_t(n), 0);  // each variable's value, from its views
  std::vector<char> seen(std::size_t(n), 0);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const std::int64_t u = std::int64_t(values[i]) - xs[i].offset;
    if (u % xs[i].scale != 0) return false;
    const int v = int(u / xs[i].scale);
    if (seen[std::size_t(xs[i].id)] && own[std::size_t(xs[i].id)] != v) return false;
    seen[std::size_t(xs[i].id)] = 1;
    own[std::size_t(xs[i].id)] = v;
  }
  detail::csp::Store s;  // at the strongest level, which every propagate() accepts
  s.set_propagation(Propagation::domain);
  for (int v : own) s.add_var(v, v, {});
  const PropStatus st = clone()->propagate(s);
  return st != PropStatus::failed && !s.failed();
}

Entailment Constraint::entailment(const Space& s) const {
  const std::span<const Var> xs = scope();
  std::vector<int> values;
  values.reserve(xs.size());
  for (Var x : xs) {
    if (!s.assigned(x)) return Entailment::unknown;
    values.push_back(s.value(x));
  }
  return check(values) ? Entailment::entailed : Entailment::disentailed;
}

void Constraint::explain(const Space& before, std::optional<Literal> /*pruned*/,
                         Reason& reason) const {
  add_scope(before, scope(), reason);
}

}  // namespace solve
