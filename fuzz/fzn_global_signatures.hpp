#pragma once
// The global builtins of fzn-libsolve that the globals fuzz (fuzz/fzn_globals.cpp) draws
// instances of: each name with the kinds of its arguments, as the mznlib declares it
// (share/minizinc/libsolve/fzn_*.mzn). A new global gets a row here; a name may have several
// rows (lex_less with arrays of the same length, and of lengths drawn apart).
#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace fzn::fuzz {

enum class ArgKind {
  var_ints,   ///< array [int] of var int: variables, now and then a constant
  ints,       ///< array [int] of int
  var_int,    ///< var int: a variable or a constant
  int_value,  ///< int
  int_set,    ///< set of int (a literal)
  var_bools,  ///< array [int] of var bool
  int_rows,   ///< array [int, int] of int, flat: rows of the length of the first array
  bool_rows,  ///< array [int, int] of bool, flat, the same way
  // an automaton, for regular and cost_regular: the numbers of states and symbols come first
  states,       ///< int: the number of states Q (1..3)
  symbols,      ///< int: the number of symbols S (1..3)
  transitions,  ///< array [int] of int, Q x S entries in 0..Q (0: no transition)
  state,        ///< int: a state 1..Q
  state_set,    ///< set of int: states among 1..Q
  costs,        ///< array [int] of int, Q x S entries in 0..3
};

/// An argument: its kind and, for arrays, its length group: arrays of one group (> 0) have
/// one length; group 0 draws its own.
struct ArgSpec {
  ArgKind kind = ArgKind::int_value;
  int group = 0;
};

struct GlobalSignature {
  std::string_view name;
  std::size_t arity = 0;
  std::array<ArgSpec, 8> args{};
};

namespace sig {
constexpr ArgSpec var_ints(int group) { return {ArgKind::var_ints, group}; }
constexpr ArgSpec ints(int group) { return {ArgKind::ints, group}; }
constexpr ArgSpec var_bools(int group) { return {ArgKind::var_bools, group}; }
constexpr ArgSpec var_int{ArgKind::var_int, 0};
constexpr ArgSpec int_value{ArgKind::int_value, 0};
constexpr ArgSpec int_set{ArgKind::int_set, 0};
constexpr ArgSpec int_rows{ArgKind::int_rows, 0};
constexpr ArgSpec bool_rows{ArgKind::bool_rows, 0};
constexpr ArgSpec states{ArgKind::states, 0};
constexpr ArgSpec symbols{ArgKind::symbols, 0};
constexpr ArgSpec transitions{ArgKind::transitions, 0};
constexpr ArgSpec state{ArgKind::state, 0};
constexpr ArgSpec state_set{ArgKind::state_set, 0};
constexpr ArgSpec costs{ArgKind::costs, 0};
}  // namespace sig

inline constexpr GlobalSignature global_signatures[] = {
    {"fzn_all_different_int", 1, {sig::var_ints(1)}},
    {"fzn_table_int", 2, {sig::var_ints(1), sig::int_rows}},
    {"fzn_table_bool", 2, {sig::var_bools(1), sig::bool_rows}},
    {"fzn_global_cardinality", 3, {sig::var_ints(1), sig::ints(2), sig::var_ints(2)}},
    {"fzn_global_cardinality_closed", 3, {sig::var_ints(1), sig::ints(2), sig::var_ints(2)}},
    {"fzn_global_cardinality_low_up",
     4,
     {sig::var_ints(1), sig::ints(2), sig::ints(2), sig::ints(2)}},
    {"fzn_global_cardinality_low_up_closed",
     4,
     {sig::var_ints(1), sig::ints(2), sig::ints(2), sig::ints(2)}},
    {"fzn_among", 3, {sig::var_int, sig::var_ints(1), sig::int_set}},
    {"fzn_count_eq", 3, {sig::var_ints(1), sig::var_int, sig::var_int}},
    {"fzn_count_eq_par", 3, {sig::var_ints(1), sig::int_value, sig::int_value}},
    {"fzn_lex_less_int", 2, {sig::var_ints(1), sig::var_ints(1)}},
    {"fzn_lex_less_int", 2, {sig::var_ints(1), sig::var_ints(2)}},
    {"fzn_lex_lesseq_int", 2, {sig::var_ints(1), sig::var_ints(1)}},
    {"fzn_lex_lesseq_int", 2, {sig::var_ints(1), sig::var_ints(2)}},
    {"fzn_lex_less_bool", 2, {sig::var_bools(1), sig::var_bools(1)}},
    {"fzn_lex_lesseq_bool", 2, {sig::var_bools(1), sig::var_bools(2)}},
    // scheduling
    {"fzn_cumulative", 4, {sig::var_ints(1), sig::var_ints(1), sig::var_ints(1), sig::var_int}},
    {"fzn_disjunctive", 2, {sig::var_ints(1), sig::var_ints(1)}},
    {"fzn_disjunctive_strict", 2, {sig::var_ints(1), sig::var_ints(1)}},
    // values
    {"fzn_nvalue", 2, {sig::var_int, sig::var_ints(1)}},
    {"fzn_bin_packing_load", 3, {sig::var_ints(1), sig::var_ints(2), sig::ints(2)}},
    {"libsolve_bin_packing_load",
     4,
     {sig::var_ints(1), sig::var_ints(2), sig::ints(2), sig::int_value}},
    {"fzn_alldifferent_except_0", 1, {sig::var_ints(1)}},
    {"fzn_alldifferent_except", 2, {sig::var_ints(1), sig::int_set}},
    {"fzn_value_precede_int", 3, {sig::int_value, sig::int_value, sig::var_ints(1)}},
    {"fzn_value_precede_chain_int", 2, {sig::ints(2), sig::var_ints(1)}},
    {"fzn_maximum_arg_int", 2, {sig::var_ints(1), sig::var_int}},
    {"fzn_minimum_arg_int", 2, {sig::var_ints(1), sig::var_int}},
    {"fzn_maximum_arg_bool", 2, {sig::var_bools(1), sig::var_int}},
    {"fzn_minimum_arg_bool", 2, {sig::var_bools(1), sig::var_int}},
    {"libsolve_maximum_arg_int", 3, {sig::var_ints(1), sig::int_value, sig::var_int}},
    {"libsolve_minimum_arg_int", 3, {sig::var_ints(1), sig::int_value, sig::var_int}},
    {"fzn_member_int", 2, {sig::var_ints(1), sig::var_int}},
    // automaton
    {"fzn_regular",
     6,
     {sig::var_ints(1), sig::states, sig::symbols, sig::transitions, sig::state, sig::state_set}},
    {"fzn_cost_regular",
     8,
     {sig::var_ints(1), sig::states, sig::symbols, sig::transitions, sig::state, sig::state_set,
      sig::costs, sig::var_int}},
    // packing
    {"fzn_diffn", 4, {sig::var_ints(1), sig::var_ints(1), sig::var_ints(1), sig::var_ints(1)}},
    {"fzn_diffn_nonstrict",
     4,
     {sig::var_ints(1), sig::var_ints(1), sig::var_ints(1), sig::var_ints(1)}},
    // graph
    {"libsolve_circuit", 2, {sig::var_ints(1), sig::int_value}},
    {"libsolve_subcircuit", 2, {sig::var_ints(1), sig::int_value}},
    {"libsolve_inverse",
     4,
     {sig::var_ints(1), sig::var_ints(1), sig::int_value, sig::int_value}},
};

inline std::span<const GlobalSignature> signatures() { return global_signatures; }

}  // namespace fzn::fuzz
