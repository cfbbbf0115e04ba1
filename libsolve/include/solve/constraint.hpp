#pragma once
// The interface every constraint implements, built-in or written by a user of the library.
//
// Checklist for constraint authors (after Chuffed's):
//  1. propagate() must return failed when all scope variables are assigned and the
//     constraint is violated, at every propagation level, including Propagation::none.
//  2. Only shrink domains through Space; never keep values that a domain change could make
//     stale, unless they are a mere hint that is checked again (e.g. a previous matching).
//  3. Return entailed only when every remaining combination satisfies the constraint.
//  4. Prune according to space.level(): at forward, from assigned variables only; at arc
//     and domain, as strongly as you can. Pruning more than asked is allowed, less is not
//     at Propagation::none (where checking is enough).
//  5. clone() copies the constraint for a new search (several searches may run at once).
//  6. The engine does not run a constraint again because of its own pruning: return changed
//     when what you pruned may let you prune more (fixpoint claims you are idempotent).
#include <memory>
#include <span>
#include <string_view>

#include "solve/space.hpp"
#include "solve/types.hpp"

namespace solve {

class Constraint {
 public:
  virtual ~Constraint() = default;
  /// The variables the constraint involves (fixed for its lifetime).
  virtual std::span<const Var> scope() const = 0;
  /// Prunes the domains of the scope; see the checklist above for the allowed results.
  virtual PropStatus propagate(Space& space) = 0;
  /// A copy for another search.
  virtual std::unique_ptr<Constraint> clone() const = 0;
  /// A short name for traces and error messages.
  virtual std::string_view name() const { return "constraint"; }
  /// At arc/domain levels: true to be run only when a scope variable becomes assigned
  /// (cheaper for constraints that cannot prune earlier); false to run on every change.
  virtual bool wakes_on_assignment_only() const { return false; }
};

/// Implements clone() by copy construction: `class Mine : public CloneableConstraint<Mine>`.
template <class Derived>
class CloneableConstraint : public Constraint {
 public:
  std::unique_ptr<Constraint> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
};

}  // namespace solve
