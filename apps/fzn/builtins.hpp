#pragma once
// The FlatZinc builtins libsolve understands, by name: a table from builtin to poster. One
// file per family under builtins/ (int, bool, linear, reif, globals) lists its entries; a
// name missing from the table is "not supported yet".
//
// A builtin that is a relation (int_le, int_lin_eq, set_in, ...) also gives its test as a
// CheckFn maker: that test is what the poster falls back to when libsolve has no propagator
// for it, and what the reif family reifies (b <-> R) and half-reifies (b -> R).
#include <cstddef>
#include <span>
#include <string_view>

#include "context.hpp"

namespace fzn {

/// Builds the test of a relation over the call's first `arity` arguments.
using MakeCheck = CheckFn (*)(const Call&, CheckScope&);
/// Posts the constraint of a call into the model.
using Poster = void (*)(const Call&);

struct Builtin {
  std::string_view name;
  std::size_t arity = 0;
  Poster post = nullptr;        ///< nullptr: posted as post_checked(relation)
  MakeCheck relation = nullptr; ///< its test when it is a relation
  bool reifiable = false;       ///< the reif family adds name_reif and name_imp
};

/// The families (each in builtins/<family>.cpp).
std::span<const Builtin> int_builtins();
std::span<const Builtin> bool_builtins();
std::span<const Builtin> linear_builtins();
std::span<const Builtin> globals_builtins();
/// The _reif / _imp forms of the reifiable builtins of every other family.
std::span<const Builtin> reif_builtins();

/// The builtin of that name taking that many arguments, or nullptr. When the name exists
/// with other arities only, *other_arity is set to one of them (for the error message).
const Builtin* find_builtin(std::string_view name, std::size_t arity, std::size_t* other_arity = nullptr);

/// Posts one constraint item (InputError when the builtin is unknown or misused).
void post_constraint(Context& ctx, const ConstraintItem& item);

/// Posts a relation given by its test (the default poster).
void post_relation(const Call& call, MakeCheck relation);

}  // namespace fzn
