#pragma once
// What a FlatZinc model becomes: a libsolve model, what to print for each solution, what to
// optimise and how to search. Built by translate() (translate.hpp), run by run.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <solve/model.hpp>
#include <solve/search.hpp>
#include <solve/types.hpp>

#include "ast.hpp"

namespace fzn {

/// An integer (or Boolean, as 0/1) value in the model: a constant or a variable.
struct Term {
  bool fixed = true;
  std::int64_t value = 0;  ///< when fixed
  solve::Var var;          ///< when not fixed

  static Term constant(std::int64_t v) { return Term{true, v, {}}; }
  static Term variable(solve::Var x) { return Term{false, 0, x}; }
  friend bool operator==(const Term&, const Term&) = default;
};

/// One output_var / output_array declaration: printed as `name = value;` for every solution.
struct OutputItem {
  std::string name;
  bool is_bool = false;
  bool is_array = false;
  /// output_array's index sets, e.g. {{1, 3}, {1, 3}} for array2d(1..3, 1..3, ...).
  std::vector<std::pair<std::int64_t, std::int64_t>> dims;
  std::vector<Term> items;  ///< one for a scalar
};

/// The search asked for by the solve item's annotations (or the defaults under -f). The
/// annotations themselves are branch groups of the model (Model::branch); these orders
/// decide the variables outside every group.
struct SearchSpec {
  solve::VarOrder var_order = solve::VarOrder::dom_wdeg;
  solve::ValOrder val_order = solve::ValOrder::ascending;
  bool from_annotation = false;  ///< an int_search/bool_search was read
  /// restart_luby / _geometric / _constant / _none, as Gecode reads them (none read: unset).
  std::optional<solve::RestartPolicy> restart;
  /// Annotation parts that libsolve cannot follow yet (reported with -s / --verbose).
  std::vector<std::string> ignored;
};

/// Whether solutions that print the same can come up (libsolve enumerates every variable,
/// FlatZinc asks for distinct outputs), and where.
enum class Duplicates : std::uint8_t {
  none,         ///< every variable that can vary is printed: solutions print differently
  consecutive,  ///< the printed variables are decided first: a repeat follows its original
  anywhere,     ///< a repeat may come at any time (the printed texts must be remembered)
};

struct Program {
  solve::Model model;
  std::vector<OutputItem> outputs;
  SolveItem::Goal goal = SolveItem::Goal::satisfy;
  Term objective;  ///< for minimize / maximize
  SearchSpec search;
  Duplicates duplicates = Duplicates::none;
  /// Found unsatisfiable while translating (e.g. a constraint on constants that is false).
  bool unsatisfiable = false;
  /// FlatZinc variables (after aliases), constraints posted (after simplification).
  std::uint64_t fzn_vars = 0, fzn_constraints = 0;
};

}  // namespace fzn
