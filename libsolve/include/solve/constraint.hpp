#pragma once
// The interface every constraint implements, built-in or written by a user of the library.
//
// A constraint has two parts: check(), which says whether a complete assignment of its scope
// satisfies it (pure; this is its definition), and propagate(), which prunes the domains as
// strongly as it can. propagate() runs from the level propagates_from() names (arc unless the
// constraint says otherwise) up; below it the engine does the level's work itself, from
// check(): plain backtracking at none, forward checking at forward. So a new constraint needs
// only check() and a propagate() for arc/domain.
//
// Checklist for constraint authors (after Chuffed's):
//  1. check() is the constraint: pure, const, and it decides every complete assignment.
//  2. propagate() must return failed when all scope variables are assigned and the
//     constraint is violated.
//  3. Only shrink domains through Space; never keep values that a domain change could make
//     stale, unless they are a mere hint that is checked again (e.g. a previous matching).
//  4. Return entailed only when every remaining combination satisfies the constraint.
//  5. clone() copies the constraint for a new search (several searches may run at once).
//  6. The engine does not run a constraint again because of its own pruning: return changed
//     when what you pruned may let you prune more (fixpoint claims you are idempotent). A
//     scope naming one variable twice (x and x + 1, say) is exempt: the engine reruns it.
//  7. Bounds arithmetic in 64 bits; reject at post time (ModelError) what could overflow.
//  8. Decide only from the scope's domains (what explain() may name as the reason); a
//     smaller reason of your own is an override of explain().
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "solve/explain.hpp"
#include "solve/export.hpp"
#include "solve/space.hpp"
#include "solve/types.hpp"

namespace solve {

class SOLVE_API Constraint {
 public:
  virtual ~Constraint() = default;
  /// The variables the constraint involves (fixed for its lifetime; views allowed).
  virtual std::span<const Var> scope() const = 0;
  /// Prunes the domains of the scope (at propagates_from() and above); see the checklist.
  virtual PropStatus propagate(Space& space) = 0;
  /// A copy for another search.
  virtual std::unique_ptr<Constraint> clone() const = 0;
  /// True when `values` (one per scope entry, in scope order, views applied) satisfy the
  /// constraint. The default runs a copy's propagate() on those values alone: correct for
  /// every constraint that keeps rule 2, but slow; override it.
  virtual bool check(std::span<const int> values) const;
  /// What the current domains say about the constraint (for reification). The default
  /// decides only once every scope variable is assigned (through check()).
  virtual Entailment entailment(const Space& space) const;
  /// The constraint that holds exactly when this one does not, or null when there is no
  /// propagator for it (reification then only checks the negation).
  virtual std::unique_ptr<Constraint> negation() const { return nullptr; }
  /// A propagator for b <=> this (or b => this), when the constraint has one cheaper than
  /// reify()'s general wrapper; null otherwise.
  virtual std::unique_ptr<Constraint> reified(Var /*b*/, Reification /*how*/) const {
    return nullptr;
  }
  /// A short name for traces and error messages.
  virtual std::string_view name() const { return "constraint"; }
  /// At the level given (arc or domain), which changes of the scope run propagate() again.
  /// (At none and forward every constraint wakes on assignments only.)
  virtual Wake wakes_on(Propagation) const { return Wake::domain; }
  /// The weakest level at which the engine calls propagate(). Below it, the engine handles
  /// the constraint through check(): at none it checks once every variable is assigned; at
  /// forward it also removes, once a single variable is open, its values that fail check().
  /// A constraint that does better than that at a weaker level says so: x < y, x == y and
  /// x != y propagate from forward, a unary constraint from none (decided at the root),
  /// all_different from none (it checks the assigned values long before its scope is
  /// complete); Space::propagation() then tells the running level.
  virtual Propagation propagates_from() const { return Propagation::arc; }
  /// Why propagate() pruned: `before` holds the domains as they were when the call that
  /// pruned began (or its step, see Space::begin_step()), `pruned` a literal that call made
  /// true (a value removed: [x != v]; a bound moved: [x >= new min] or [x <= new max]; an
  /// assignment: [x == v]), or nullopt to explain why the call failed. Appends to `reason`
  /// literals that hold in `before` and that, with the constraint, imply `pruned` (for a
  /// failure: that cannot hold together with the constraint). The default names the domains
  /// of the whole scope (add_scope), which is right for every propagator that keeps rule 8;
  /// override it with a smaller reason.
  virtual void explain(const Space& before, std::optional<Literal> pruned, Reason& reason) const;
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
