#pragma once
// Small vocabulary types shared by every layer of the CSP half.
#include <cstdint>

#include "solve/export.hpp"

namespace solve {

/// A handle to an integer variable of a Model, or a view of one: scale * x + offset.
/// Cheap to copy (16 bytes). A view is usable wherever a variable is (constraints, the
/// objective, Solution::operator[]); it has no domain of its own, so pruning it prunes x:
///
///   all_different(m, {q[0] + 0, q[1] + 1, q[2] + 2});  // the diagonals of 3-queens
///
/// A Var made by Model::add_var carries the model's identity (`model`): posting it to,
/// branching on it in, or reading it from a solution of another model throws ModelError.
/// A Var written by hand (Var{i}) has model 0 and is checked against the index range only.
struct Var {
  std::int32_t id = -1;     ///< the model variable
  std::int32_t scale = 1;   ///< a view's factor (never 0; 1 for a plain variable)
  std::int32_t offset = 0;  ///< a view's addend (0 for a plain variable)
  std::uint32_t model = 0;  ///< the identity of the model that made it (0: none, unchecked)

  /// True for x + c and a * x with (a, c) != (1, 0).
  constexpr bool is_view() const { return scale != 1 || offset != 0; }
  /// The plain variable under a view.
  constexpr Var base() const { return Var{id, 1, 0, model}; }
  /// The view's value when the variable has value v (64-bit: views of a model never
  /// overflow int, Model::check() makes sure).
  constexpr std::int64_t apply(std::int64_t v) const { return scale * v + offset; }
  friend constexpr bool operator==(Var, Var) = default;
};

/// Views. Each throws ModelError when its own numbers overflow 32 bits (or on a factor 0).
SOLVE_API Var operator+(Var x, int c);
SOLVE_API Var operator+(int c, Var x);
SOLVE_API Var operator-(Var x, int c);
SOLVE_API Var operator-(Var x);         ///< -x
SOLVE_API Var operator*(int a, Var x);  ///< a * x
SOLVE_API Var operator*(Var x, int a);
/// 1 - b: the negation of a Boolean (0/1) variable, as a view.
SOLVE_API Var negation(Var b);

/// A comparison between two sides: lhs rel rhs.
enum class Rel {
  eq,  ///< ==
  ne,  ///< !=
  le,  ///< <=
  lt,  ///< <
  ge,  ///< >=
  gt,  ///< >
};

/// How a Boolean b is tied to a constraint C by reification.
enum class Reification {
  equivalent,  ///< b <=> C: b is 1 exactly when C holds
  implies,     ///< b => C: C must hold when b is 1 (half reification)
};

/// How hard propagation works at each search node. Chosen per solve, not per model.
enum class Propagation {
  none,     ///< plain backtracking: after each assignment, the constraints on the variable
            ///< check the variables assigned so far; built-in constraints prune nothing
  forward,  ///< forward checking: when a variable is assigned (or becomes a singleton),
            ///< prune the domains of the variables it shares a constraint with
  arc,      ///< arc consistency on every constraint, repeated to a fixpoint (AC-3 style)
  domain,   ///< as arc, with all_different made domain-consistent (Regin's matching algorithm)
};

/// Which unassigned variable to branch on.
enum class VarOrder {
  input,       ///< first unassigned in creation order
  mrv,         ///< smallest domain (minimum remaining values), ties by creation order
  mrv_degree,  ///< smallest domain, ties by most constraints on unassigned variables, then order
  dom_wdeg,    ///< smallest domain / weighted degree (weights grow on failures)
  largest_domain,  ///< largest domain (FlatZinc anti_first_fail)
  smallest_value,  ///< smallest minimum value (FlatZinc smallest)
  largest_value,   ///< largest maximum value (FlatZinc largest)
  degree,          ///< most constraints on unassigned variables (FlatZinc occurrence)
  activity,        ///< largest activity / domain size: a variable's activity grows each time
                   ///< its domain is pruned by a propagation that fails, and decays at every
                   ///< failure (Michel and Van Hentenryck's activity, VSIDS-like); before any
                   ///< failure it is smallest domain first
};

/// In which order to try the values of the chosen variable.
enum class ValOrder {
  ascending,   ///< smallest value first
  descending,  ///< largest value first
  random,      ///< a random order, reproducible from SearchOptions::seed
  median,      ///< the median value (the lower of two) first, then the others ascending
};

/// How the values of the chosen variable are tried.
enum class Branching {
  values,      ///< x = v1, then x = v2, ... each on the same domains (textbook backtracking)
  refutation,  ///< x = v, then x != v propagated before the next value (binary branching)
};

/// What a domain operation did, from weakest to strongest (each implies the ones before).
enum class Event : std::uint8_t {
  none,      ///< nothing changed
  domain,    ///< values were removed from the inside, min and max are the same
  bounds,    ///< the min or the max moved, more than one value remains
  assigned,  ///< exactly one value remains
  failed,    ///< the domain became empty
};

/// Which changes of its variables wake a constraint (at arc and domain; at none and forward
/// every constraint wakes on assignments only). Weakest wake-up first.
enum class Wake : std::uint8_t {
  domain,    ///< any removal
  bounds,    ///< a min or max moved (or the variable was assigned): interior removals do not
  assigned,  ///< a variable became assigned
};

/// What a propagation run concluded.
enum class PropStatus : std::uint8_t {
  fixpoint,  ///< no further pruning possible until a domain changes
  changed,   ///< pruned something and may prune more if run again
  failed,    ///< the constraint cannot be satisfied in this node
  entailed,  ///< satisfied by every remaining combination: never run again below this node
};

/// What the current domains say about a constraint (for reification).
enum class Entailment : std::uint8_t {
  unknown,      ///< some remaining combinations satisfy it, some do not (or cannot tell cheaply)
  entailed,     ///< every remaining combination satisfies it
  disentailed,  ///< no remaining combination satisfies it
};

}  // namespace solve
