#pragma once
// Factories of the basic constraints (binary.cpp, in_set.cpp), for post functions that
// choose them as cheaper forms of something more general (linear of two terms, say) and for
// negations.
#include <memory>
#include <vector>

#include <span>

#include "solve/constraint.hpp"
#include "solve/model.hpp"

namespace solve::detail {

/// x + offset <= y.
std::unique_ptr<Constraint> make_less_offset(Var x, Var y, int offset);
/// x == y.
std::unique_ptr<Constraint> make_equal(Var x, Var y);
/// x != y.
std::unique_ptr<Constraint> make_not_equal(Var x, Var y);
/// x in values (member) or x not in values (!member); values sorted, distinct.
std::unique_ptr<Constraint> make_in_set(Var x, std::vector<int> values, bool member);
/// A constraint that no assignment satisfies (a model found unsatisfiable at post time).
std::unique_ptr<Constraint> make_false();
/// The status of a propagator after its domain operations: failed if the space failed.
inline PropStatus settle(const Space& s, PropStatus st) {
  return s.failed() ? PropStatus::failed : st;
}
/// True when every variable of c's scope is assigned; `verdict` is then entailed when c's
/// check() accepts their values (copied into `values`, a propagator's scratch) and failed
/// otherwise: the last word of a propagator whose reasoning is only sound.
inline bool decided_by_check(const Space& s, const Constraint& c, std::vector<int>& values,
                             PropStatus& verdict) {
  values.clear();
  for (const Var x : c.scope()) {
    if (!s.assigned(x)) return false;
    values.push_back(s.value(x));
  }
  verdict = c.check(values) ? PropStatus::entailed : PropStatus::failed;
  return true;
}
/// The values sorted, without repeats.
std::vector<int> sorted_set(std::span<const int> values);
/// Posts x in {0, 1} for each x whose initial domain (through its view) goes beyond it.
void restrict_to_booleans(Model& m, std::span<const Var> xs);

}  // namespace solve::detail
