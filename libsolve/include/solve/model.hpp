#pragma once
// A model: integer variables with finite initial domains, and the constraints on them.
// A model is a description; searching it (search.hpp) never changes it, so one model can be
// searched many times, with different options, even at once from several threads.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "solve/constraint.hpp"
#include "solve/export.hpp"
#include "solve/types.hpp"

namespace solve {

namespace detail {
class Capture;

/// Which Vars a model (or a solution of it) accepts: those made by the model itself
/// (Var::model == id) and, for a copy, those its originals had made when they were copied
/// (ancestors: each original's identity and its number of variables at the time).
/// Var::model 0 (a Var written by hand) and id 0 (no model known) accept any Var.
struct ModelIdentity {
  struct Ancestor {
    std::uint32_t id;
    std::int32_t vars;
  };
  std::uint32_t id = 0;
  std::vector<Ancestor> ancestors;

  bool accepts(Var x) const {
    if (x.model == id || x.model == 0 || id == 0) return true;
    for (const Ancestor& a : ancestors)
      if (a.id == x.model) return x.id < a.vars;
    return false;
  }
};
}  // namespace detail

/// What a model optimises: the variable (or view) and the direction.
struct Objective {
  Var var;
  bool maximize = false;
  /// The same goal as a value to minimise: var, or -var when maximising (64-bit).
  std::int64_t minimised(std::int64_t value) const { return maximize ? -value : value; }
};

/// Writes the canonical key of the assigned prefix values (xs[0..k)) into key (given empty);
/// see skip_equivalent_states (symmetry.hpp).
using StateKey = std::function<void(std::span<const int> prefix, std::vector<std::uint32_t>& key)>;

/// Every model has an identity, which the Vars it makes carry (Var::model): a Var of another
/// model is a ModelError wherever a model or a solution takes one. A copy is a new model with
/// a new identity that also accepts the Vars its original had made before the copy (so both
/// can be used with them, and each then grows on its own: a variable added to one afterwards
/// is foreign to the other). A move carries the identity over; the moved-from model is left
/// empty with a fresh one.
class SOLVE_API Model {
 public:
  Model();
  Model(const Model& other);
  Model& operator=(const Model& other);
  Model(Model&& other) noexcept;
  Model& operator=(Model&& other) noexcept;
  ~Model();

  /// A new variable with domain {lo, ..., hi}. Throws ModelError when lo > hi.
  Var add_var(int lo, int hi, std::string name = {});
  /// A new variable whose domain is the given values (any order, duplicates ignored).
  /// Throws ModelError when values is empty.
  Var add_var(std::span<const int> values, std::string name = {});
  /// A new Boolean variable (domain {0, 1}; 1 is true).
  Var add_bool(std::string name = {}) { return add_var(0, 1, std::move(name)); }
  /// n new variables with domain {lo, ..., hi}, named prefix[0], prefix[1], ...
  std::vector<Var> add_vars(int n, int lo, int hi, const std::string& prefix = {});

  /// Adds a constraint (built-in ones are added through the functions of constraints.hpp).
  /// Throws ModelError when its scope names a variable this model does not have.
  void post(std::unique_ptr<Constraint> c);

  /// Makes the model an optimisation problem: search() and Search report ever better
  /// solutions (branch and bound) and a complete search proves the last one optimal;
  /// solve_best() returns it. count() still counts every solution. Replaces an earlier goal.
  void minimize(Var obj);
  void maximize(Var obj);
  /// The goal set by minimize()/maximize(), if any.
  const std::optional<Objective>& objective() const { return objective_; }

  /// A group of variables decided before the variables of later groups and before the rest
  /// (which SearchOptions' orders decide), choosing among them by `var` (ties: the earlier in
  /// `vars`) and trying values by `val`: FlatZinc's seq_search of int_search annotations.
  struct BranchGroup {
    std::vector<Var> vars;
    VarOrder var;
    ValOrder val;
  };
  /// Adds a branch group. Throws ModelError for a view or a foreign variable.
  void branch(std::span<const Var> xs, VarOrder var = VarOrder::input,
              ValOrder val = ValOrder::ascending);
  /// The branch groups, in the order added.
  const std::vector<BranchGroup>& branching() const { return branching_; }

  /// A declaration of skip_equivalent_states (symmetry.hpp): the variables whose assigned
  /// prefix is a state, its key, and the memory for the states met (0: keep every state).
  /// Like branching, it tells the search how to search, not which assignments are solutions.
  struct EquivalentStates {
    std::vector<Var> vars;
    StateKey key;
    std::size_t max_bytes = 0;
  };
  /// Adds one (skip_equivalent_states does). Throws ModelError for a foreign variable.
  void skip_equivalent_states(EquivalentStates declaration);
  /// The declarations, in the order added.
  const std::vector<EquivalentStates>& equivalent_states() const { return equivalent_states_; }

  int num_vars() const { return int(vars_.size()); }
  int num_constraints() const { return int(constraints_.size()); }
  /// The name given at creation, or "x<id>"; a view is named after its variable ("q[2]+2").
  std::string name(Var x) const;
  /// The initial domain of the variable x.id, ascending (of the variable, also for a view).
  /// Throws ModelError for a Var of another model or an index out of range.
  const std::vector<int>& initial_domain(Var x) const {
    if (!identity_.accepts(x) || x.id < 0 || x.id >= num_vars())
      check(x, "initial_domain");  // throws
    return vars_[std::size_t(x.id)].values;
  }
  const std::vector<std::unique_ptr<Constraint>>& constraints() const { return constraints_; }
  /// Throws ModelError unless x belongs to this model; for a view, also when one of its
  /// values does not fit an int, or when a factor other than +-1 spreads it over more than
  /// 2^26 values.
  void check(Var x) const;
  /// Which Vars this model accepts (its identity, see above).
  const detail::ModelIdentity& identity() const { return identity_; }

 private:
  friend class detail::Capture;  // reify(): collects what a post function adds
  struct VarDecl {
    std::vector<int> values;  // ascending, distinct
    std::string name;
  };
  [[noreturn]] void foreign(Var x, const char* what) const;
  void check(Var x, const char* what) const;

  detail::ModelIdentity identity_;
  std::vector<VarDecl> vars_;
  std::vector<std::unique_ptr<Constraint>> constraints_;
  std::vector<std::unique_ptr<Constraint>>* capture_ = nullptr;  // where post() goes during reify()
  std::optional<Objective> objective_;
  std::vector<BranchGroup> branching_;
  std::vector<EquivalentStates> equivalent_states_;
};

}  // namespace solve
