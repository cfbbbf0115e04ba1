#pragma once
// Turns a FlatZinc syntax tree into a libsolve model (program.hpp): resolves names, gives
// every variable its domain (aliases `var int: x = y;` share one variable, `= 3` makes a
// constant), posts every constraint through the builtin table (builtins.hpp), and reads the
// output annotations, the objective and the search annotations.
//
// Errors are InputErrors "FILE:LINE:COL: message": undeclared or mistyped names, arrays of
// the wrong size, builtins that are not supported yet, float and set variables (not
// supported), domains libsolve cannot hold (wider than max_domain_width values, or values
// outside 32 bits).
#include <cstdint>
#include <string>

#include "ast.hpp"
#include "program.hpp"
#include "stop.hpp"

namespace fzn {

struct TranslateOptions {
  bool free_search = false;  ///< -f: ignore the search annotations
  /// Several solutions of a satisfaction problem are wanted by one search thread: when some
  /// variable is not printed, the printed ones are decided first, so that solutions that
  /// print the same come one after the other (Program::duplicates) and only the last one
  /// needs remembering.
  bool outputs_first = false;
  StopCheck stop;  ///< polled for every item: the time limit and Ctrl-C (Stopped)
  /// Every builtin that is a relation is posted through its test, as the fallback posts it
  /// (builtins.hpp), not with libsolve's propagators: the reference that the globals fuzz
  /// (fuzz/fzn_globals.cpp) compares the native posts with.
  bool by_relation = false;
};

/// Widest domain (max - min + 1) of one variable: libsolve keeps every domain as a bitset
/// and its initial values as a list.
constexpr std::uint64_t max_domain_width = std::uint64_t(1) << 20;
/// Sum of all initial domain sizes (bounds the model's memory).
constexpr std::uint64_t max_total_domain = std::uint64_t(1) << 26;
/// Elements of an `array [1..n] of var ...` declared without a list of its elements.
constexpr std::uint64_t max_unlisted_array = std::uint64_t(1) << 20;

Program translate(const Model& model, const std::string& file,
                  const TranslateOptions& options = {});

}  // namespace fzn
