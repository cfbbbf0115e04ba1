#pragma once
// Reification: a Boolean b tied to any constraint. reify() runs a post function in capture
// mode: whatever it posts (one constraint, or several, taken as their conjunction) becomes
// b <=> C, or b => C with Reification::implies (half reification).
//
//   solve::reify(m, b, [&](solve::Model& m) { solve::compare(m, x, solve::Rel::le, y); });
//   solve::reify(m, b, [&](solve::Model& m) { solve::linear(m, a, xs, solve::Rel::eq, 10); },
//                solve::Reification::implies);
//
// Propagation: with b fixed to 1 the constraint propagates as itself; fixed to 0, its
// negation propagates when it has one (linear, comparisons, equal, in_set, ...), otherwise
// b = 0 only fails once the constraint is entailed. While b is open, b is fixed as soon as
// the constraint's entailment() decides (bounds tests for linear and comparisons). A
// constraint may offer a cheaper reified form itself (Constraint::reified(): x == c does).
// Every reified constraint is exact on complete assignments at every propagation level.
#include <functional>
#include <memory>

#include "solve/constraint.hpp"
#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// b <=> (what post adds to m), or b => it. b must be a Boolean (values outside {0, 1} are
/// removed). ModelError when post adds variables and how is equivalent (the negation of a
/// constraint over auxiliary variables is not the negation of its meaning).
SOLVE_API void reify(Model& m, Var b, const std::function<void(Model&)>& post,
                     Reification how = Reification::equivalent);
/// b <=> c, or b => c, for a constraint object (a user constraint, say).
SOLVE_API void reify(Model& m, Var b, std::unique_ptr<Constraint> c,
                     Reification how = Reification::equivalent);

}  // namespace solve
