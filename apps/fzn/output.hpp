#pragma once
// FlatZinc's solution output: `name = value;` per output variable, arrays as
// arrayNd(ranges, [values]), and the status lines of the FlatZinc specification.
#include <string>
#include <string_view>

#include <solve/search.hpp>

#include "program.hpp"

namespace fzn {

/// After every solution.
constexpr std::string_view solution_end = "----------\n";
/// When the search finished: all solutions printed, or the last one proved optimal.
constexpr std::string_view search_complete = "==========\n";
constexpr std::string_view unsatisfiable = "=====UNSATISFIABLE=====\n";
/// A limit stopped the search before any solution was found.
constexpr std::string_view unknown = "=====UNKNOWN=====\n";

/// The output lines of one solution (without the separator).
std::string format_solution(const Program& program, const solve::Solution& solution);

/// The value of a term in a solution.
inline std::int64_t value_of(const Term& t, const solve::Solution& s) {
  return t.fixed ? t.value : s[t.var];
}

}  // namespace fzn
