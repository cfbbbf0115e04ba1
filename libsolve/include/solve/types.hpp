#pragma once
// Small vocabulary types shared by every layer of the CSP half.
#include <cstdint>

namespace solve {

/// A handle to an integer variable of a Model (an index; cheap to copy).
struct Var {
  std::int32_t id = -1;
  friend constexpr bool operator==(Var, Var) = default;
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
};

/// In which order to try the values of the chosen variable.
enum class ValOrder {
  ascending,   ///< smallest value first
  descending,  ///< largest value first
  random,      ///< a random order, reproducible from SearchOptions::seed
};

/// How the values of the chosen variable are tried.
enum class Branching {
  values,      ///< x = v1, then x = v2, ... each on the same domains (textbook backtracking)
  refutation,  ///< x = v, then x != v propagated before the next value (binary branching)
};

/// What a domain operation did.
enum class Event : std::uint8_t {
  none,      ///< nothing changed
  domain,    ///< values were removed, more than one remains
  assigned,  ///< exactly one value remains
  failed,    ///< the domain became empty
};

/// What a propagation run concluded.
enum class PropStatus : std::uint8_t {
  fixpoint,   ///< no further pruning possible until a domain changes
  changed,    ///< pruned something and may prune more if run again
  failed,     ///< the constraint cannot be satisfied in this node
  entailed,   ///< satisfied by every remaining combination: never run again below this node
};

}  // namespace solve
