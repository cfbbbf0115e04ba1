// FlatZinc builtins: the catalogue of builtins_*_test.cpp covers the translator's table,
// wide spans of values stay small, constants beyond 32 bits fall back to the builtin's test,
// and search annotations become branch groups.
#include "builtins.hpp"

#include <set>

using namespace fzn_builtins;

TEST_CASE("the catalogue covers every builtin of the table", "[fzn][builtins]") {
  // names listed by the translator's families and tested above
  std::set<std::string> tested;
  for (const Case& c : catalogue()) tested.insert(c.name);
  for (const char* name : {"int_eq",
                           "int_ne",
                           "int_lt",
                           "int_le",
                           "int_plus",
                           "int_times",
                           "int_div",
                           "int_mod",
                           "int_min",
                           "int_max",
                           "int_abs",
                           "int_pow",
                           "int_lin_eq",
                           "int_lin_le",
                           "int_lin_ne",
                           "bool_lin_eq",
                           "bool_lin_le",
                           "bool_clause",
                           "array_bool_and",
                           "array_bool_or",
                           "array_bool_xor",
                           "array_int_element",
                           "array_var_int_element",
                           "set_in",
                           "set_in_reif",
                           "int_le_reif",
                           "int_lin_eq_imp",
                           "fzn_all_different_int",
                           "fzn_table_int",
                           "fzn_among",
                           "fzn_count_eq",
                           "fzn_lex_less_int",
                           "fzn_cumulative",
                           "fzn_disjunctive",
                           "fzn_disjunctive_strict"})
    CHECK(tested.count(name) == 1);
}

TEST_CASE("constraints over wide spans of values stay small (no bitset over the span)",
          "[fzn][builtins]") {
  // libsolve's domain-consistent all_different and its binary tables once kept bitsets over
  // the span of values: these took gigabytes (found by fuzz/fzn_parser.cpp). They now go to
  // libsolve as they are (tests/csp/memory_test.cpp measures the memory).
  CHECK(libsolve_count("var 0..3: x;\nvar 1999999000..1999999003: y;\nvar 0..1: z;\n"
                       "constraint fzn_all_different_int([x, y, z]);\nsolve satisfy;\n",
                       solve::Propagation::domain) == 24);
  CHECK(libsolve_count(
            "var 0..7: x;\nconstraint fzn_all_different_int([x, 5, 1999999999]);\nsolve satisfy;\n",
            solve::Propagation::domain) == 7);
  CHECK(
      libsolve_count("var 0..7: x;\nconstraint fzn_all_different_int([x, 5, 5]);\nsolve satisfy;\n",
                     solve::Propagation::domain) == 0);
  CHECK(libsolve_count(
            "var {0, 1000000}: x;\nvar {0, 1000000}: y;\n"
            "constraint fzn_table_int([x, y], [0, 1000000, 1000000, 0]);\nsolve satisfy;\n",
            solve::Propagation::domain) == 2);
}

TEST_CASE("constants beyond libsolve's 32 bits fall back to the builtin's test",
          "[fzn][builtins]") {
  const auto count_all_levels = [](const std::string& text) {
    std::set<std::uint64_t> counts;
    for (const auto level : {solve::Propagation::none, solve::Propagation::forward,
                             solve::Propagation::arc, solve::Propagation::domain})
      counts.insert(libsolve_count(text, level));
    return counts.size() == 1 ? *counts.begin() : ~std::uint64_t(0);
  };
  // a capacity beyond 32 bits: the one task always fits
  CHECK(count_all_levels("var 1..3: x;\nconstraint fzn_cumulative([x], [2], [1], 9999999999);\n"
                         "solve satisfy;\n") == 3);
  // x < 9999999999 always
  CHECK(count_all_levels(
            "var 1..3: x;\nconstraint fzn_lex_less_int([x], [9999999999]);\nsolve satisfy;\n") ==
        3);
  // 5000000000 x - 5000000000 y <= 0: x <= y
  CHECK(count_all_levels(
            "var 1..3: x;\nvar 1..3: y;\n"
            "constraint int_lin_le([5000000000, -5000000000], [x, y], 0);\nsolve satisfy;\n") == 6);
  // x * 3000000000 = y only for x = 0 (y is 32-bit)
  CHECK(count_all_levels("var -2..2: x;\nvar -5..5: y;\nconstraint int_times(x, 3000000000, "
                         "y);\nsolve satisfy;\n") == 1);
  // b <-> 4000000000 x <= 4000000000: b = (x <= 1)
  CHECK(count_all_levels(
            "var 0..3: x;\nvar bool: b;\n"
            "constraint int_lin_le_reif([4000000000], [x], 4000000000, b);\nsolve satisfy;\n") ==
        4);
  // [5, 8000000000][i] = r: i = 1, r = 5
  CHECK(count_all_levels(
            "var 1..2: i;\nvar 0..9: r;\n"
            "constraint array_int_element(i, [5, 8000000000], r);\nsolve satisfy;\n") == 1);
}

TEST_CASE("search annotations become branch groups, decided in order with their own choices",
          "[fzn][search]") {
  // seq_search: y largest value first, then x smallest first, then z by the default order
  const std::string text =
      "var 1..5: x;\nvar 1..5: y;\nvar 1..5: z;\nconstraint int_ne(x, y);\n"
      "solve :: seq_search([int_search([y], input_order, indomain_max, complete),\n"
      "                     int_search([x, 3], first_fail, indomain_median, complete)]) satisfy;\n";
  const fzn::Program p = fzn::translate(fzn::parse(text, "search.fzn"), "search.fzn");
  REQUIRE(p.model.branching().size() == 2);
  CHECK(p.model.branching()[0].val == solve::ValOrder::descending);
  CHECK(p.model.branching()[1].vars.size() == 1);  // the constant left out
  CHECK(p.model.branching()[1].var == solve::VarOrder::mrv);
  std::vector<int> order;  // the variables decided, in order
  solve::SearchOptions o;
  o.trace = [&](const solve::TraceEvent& e) {
    if (e.kind == solve::TraceEvent::Kind::decide) order.push_back(e.var.id);
  };
  const auto s = solve::solve_first(p.model, o);
  REQUIRE(s);
  const solve::Var x = p.model.branching()[1].vars[0], y = p.model.branching()[0].vars[0];
  CHECK((*s)[y] == 5);
  CHECK((*s)[x] == 2);  // the median of 1..4 (5 went to y), the lower of two
  REQUIRE(order.size() >= 2);
  CHECK(order[0] == y.id);
  CHECK(order[1] == x.id);
  // -f (free search) leaves them out
  fzn::TranslateOptions free;
  free.free_search = true;
  CHECK(
      fzn::translate(fzn::parse(text, "search.fzn"), "search.fzn", free).model.branching().empty());
}
