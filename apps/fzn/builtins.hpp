#pragma once
// The FlatZinc builtins libsolve understands, by name: a table from builtin to poster. One
// file per family under builtins/ (int, bool, linear, reif, globals) lists its entries; a
// name missing from the table is "not supported yet".
//
// Every builtin is posted with libsolve's own propagators (the catalogue of linear.hpp,
// arithmetic.hpp, element.hpp, counting.hpp, boolean.hpp, reify.hpp). A builtin that is a
// relation (int_le, int_lin_eq, set_in, ...) also gives its test as a CheckFn maker: the
// fallback when libsolve cannot take the call (a constant beyond 32 bits, sums that could
// overflow 64 bits: a solve::ModelError), posted as a checked constraint (context.hpp).
#include <cstddef>
#include <span>
#include <string_view>

#include "context.hpp"

namespace fzn {

/// Builds the test of a relation over the call's first `arity` arguments.
using MakeCheck = CheckFn (*)(const Call&, CheckScope&);
/// Posts the constraint of a call into the model (may create variables for constants).
using Poster = void (*)(const Call&);
/// Posts a relation over the call's first `arity` arguments into m with libsolve's
/// propagators, creating no variables (constants are folded in), so that the reif family can
/// hand it to solve::reify (m is then capturing). Throws solve::ModelError when libsolve
/// cannot take it.
using Native = void (*)(const Call&, solve::Model& m);

struct Builtin {
  std::string_view name;
  std::size_t arity = 0;
  Poster post = nullptr;         ///< how to post it, unless it is native
  Native native = nullptr;       ///< the relation with libsolve's propagators
  MakeCheck relation = nullptr;  ///< its test when it is a relation (the fallback)
  bool reifiable = false;        ///< the reif family adds name_reif and name_imp (needs native)
};

/// The families (each in builtins/<family>.cpp).
std::span<const Builtin> int_builtins();
std::span<const Builtin> bool_builtins();
std::span<const Builtin> linear_builtins();
std::span<const Builtin> globals_builtins();
std::span<const Builtin> values_builtins();  ///< builtins/values.cpp
std::span<const Builtin> scheduling_builtins();
std::span<const Builtin> graph_builtins();
std::span<const Builtin> automaton_builtins();  ///< regular, cost_regular
std::span<const Builtin> packing_builtins();    ///< diffn
/// The _reif / _imp forms of the reifiable builtins of every other family.
std::span<const Builtin> reif_builtins();

/// The builtin of that name taking that many arguments, or nullptr. When the name exists
/// with other arities only, *other_arity is set to one of them (for the error message).
const Builtin* find_builtin(std::string_view name, std::size_t arity,
                            std::size_t* other_arity = nullptr);

/// Posts one constraint item (InputError when the builtin is unknown or misused).
void post_constraint(Context& ctx, const ConstraintItem& item);

/// Posts a relation given by its test (the fallback).
void post_relation(const Call& call, MakeCheck relation);

/// Posts one constraint item through its builtin's test when it has one (the fallback,
/// whatever libsolve could take), else as post_constraint does.
void post_constraint_by_relation(Context& ctx, const ConstraintItem& item);

}  // namespace fzn
