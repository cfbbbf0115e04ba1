// The FlatZinc reader: every checked-in model reads, prints back to a text that reads to the
// same tree, and every malformed file is rejected with its expected "FILE:LINE:COL: message".
#include <catch2/catch.hpp>

#include <solve/error.hpp>

#include "common.hpp"
#include "parser.hpp"
#include "printer.hpp"
#include "translate.hpp"

namespace t = fzn::test;

namespace {

/// The message of the InputError that reading (and translating) the text throws, or "".
std::string error_of(const std::string& text, fzn::ParseLimits limits = {}) {
  try {
    const fzn::Model m = fzn::parse(text, "t.fzn", limits);
    fzn::translate(m, "t.fzn");
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST_CASE("every checked-in model reads and prints back to the same tree", "[fzn][parse]") {
  const auto paths = t::files(t::data_dir(), ".fzn");
  REQUIRE(paths.size() >= 10);
  for (const std::string& path : paths) {
    INFO(path);
    const fzn::Model m = fzn::parse_file(path);
    const std::string printed = fzn::to_text(m);
    const fzn::Model again = fzn::parse(printed, "printed");
    CHECK(again == m);
    CHECK(fzn::to_text(again) == printed);
    CHECK_NOTHROW(fzn::translate(m, path));
  }
}

TEST_CASE("malformed files give their expected message with the file, line and column",
          "[fzn][parse]") {
  const auto paths = t::files(t::data_dir() + "/bad", ".fzn");
  REQUIRE(paths.size() >= 20);
  for (const std::string& path : paths) {
    INFO(path);
    const std::string expected = t::expected_error(path);
    REQUIRE(!expected.empty());
    std::string message;
    try {
      fzn::translate(fzn::parse_file(path), path);
    } catch (const solve::InputError& e) {
      message = e.what();
    }
    CHECK(message.starts_with(path + ":"));
    CHECK(message.find(expected) != std::string::npos);
  }
}

TEST_CASE("literals: integers in three bases, floats, ranges, sets, strings", "[fzn][parse]") {
  const std::string text =
      "predicate p(array [int, int] of var int: t, var 1..3: x, set of int: s, array [int] of "
      "float: f);\n"
      "int: a = 0x1F;\nint: b = -0o17;\nint: c = -9223372036854775808;\n"
      "float: f = 1.5e-3;\nfloat: g = 2E4;\nset of int: s = 3..7;\nset of int: e = {};\n"
      "set of int: l = {5, 1, 5};\narray [1..0] of int: none = [];\n"
      "array [1..2] of set of int: ss = [1..2, {4}];\n"
      "var 1..9: x :: output_var :: mzn_path(\"a\\\"b\\\\c\\n\");\n"
      "array [1..2] of var bool: bs :: output_array([1..2]) = [true, false];\n"
      "constraint int_le(x, a) :: domain;\n"
      "solve :: seq_search([int_search([x], first_fail, indomain_min, complete), "
      "bool_search(bs, input_order, indomain_max)]) minimize x;\n";
  const fzn::Model m = fzn::parse(text, "t.fzn");
  REQUIRE(m.decls.size() == 12);
  CHECK(m.decls[0].value->i == 31);
  CHECK(m.decls[1].value->i == -15);
  CHECK(m.decls[2].value->i == INT64_MIN);
  CHECK(m.decls[3].value->f == Approx(0.0015));
  CHECK(m.decls[4].value->f == Approx(20000.0));
  CHECK(m.decls[5].value->set.is_range);
  CHECK(m.decls[5].value->set.size() == 5);
  CHECK(m.decls[6].value->set.size() == 0);
  CHECK(m.decls[7].value->set.values() == std::vector<std::int64_t>{1, 5});
  CHECK(m.decls[8].value->items.empty());
  CHECK(m.decls[10].anns[1].items[0].text == "a\"b\\c\n");
  CHECK(m.predicates[0].params[0].first.dims == 2);
  CHECK(m.solve.goal == fzn::SolveItem::Goal::minimize);
  CHECK(fzn::parse(fzn::to_text(m), "again") == m);
}

TEST_CASE("a range is not a float: 1..5 reads as a range", "[fzn][parse]") {
  const fzn::Model m = fzn::parse("var 1..5: x;\nsolve satisfy;", "t.fzn");
  REQUIRE(m.decls[0].type.domain);
  CHECK(m.decls[0].type.domain->lo == 1);
  CHECK(m.decls[0].type.domain->hi == 5);
}

TEST_CASE("size limits reject oversized input early", "[fzn][parse]") {
  fzn::ParseLimits small;
  small.max_bytes = 10;
  CHECK(error_of("var 1..5: x;\nsolve satisfy;", small).find("more than 10 bytes: too large") !=
        std::string::npos);
  // the tree's memory is bounded by bytes, not by a count of expressions
  fzn::ParseLimits tight;
  tight.tree_bytes_per_byte = 12;
  tight.min_tree_bytes = 0;
  const std::string many = "array [1..4] of var int: a = [x, x, x, x];\nsolve satisfy;";
  CHECK(error_of("var 1..2: x;\n" + many, tight).find("t.fzn:2:") == 0);
  CHECK(error_of("var 1..2: x;\n" + many, tight)
            .find("too large to read: its syntax tree would take more than") != std::string::npos);
}

TEST_CASE("arrays of integer or Boolean literals are packed, 8 bytes an item", "[fzn][parse]") {
  // Issue 22: a parameter array of 25 M integers took 5.3 GB (an expression of 160 bytes
  // each) before "too many expressions"; packed, the same file reads in 12 times its size.
  const std::string text =
      "array [1..3] of int: a = [1, -2, 3];\narray [1..2] of bool: b = [true, false];\n"
      "var 1..2: x;\narray [1..3] of var int: m = [1, x, true];\n"
      "array [1..2] of float: f = [1, 2];\nsolve satisfy;\n";
  const fzn::Model m = fzn::parse(text, "t.fzn");
  CHECK(m.decls[0].value->ints == std::vector<std::int64_t>{1, -2, 3});
  CHECK(m.decls[0].value->items.empty());
  CHECK(m.decls[1].value->b);
  CHECK(m.decls[1].value->ints == std::vector<std::int64_t>{1, 0});
  CHECK(m.decls[1].value->item(0).kind == fzn::Expr::Kind::boolean);
  // a mixed array is unpacked, its items in order
  REQUIRE(m.decls[3].value->items.size() == 3);
  CHECK(m.decls[3].value->ints.empty());
  CHECK(m.decls[3].value->items[0].i == 1);
  CHECK(m.decls[3].value->items[1].text == "x");
  CHECK(m.decls[3].value->items[2].kind == fzn::Expr::Kind::boolean);
  CHECK(fzn::to_text(*m.decls[1].value) == "[true, false]");
  CHECK(fzn::parse(fzn::to_text(m), "again") == m);
  // the translator reads packed arrays as written ones (floats written as integers too)
  CHECK(error_of(text).empty());
  CHECK(error_of("array [1..2] of int: a = [1, 2];\nvar 1..3: y;\nconstraint int_lin_le(a, [y, y], "
                 "3);\nsolve satisfy;")
            .empty());
  // messages show the first items only
  std::string long_array = "[0";
  for (int k = 1; k < 100000; ++k) long_array += ", 1";
  const std::string message =
      error_of("constraint int_le(" + long_array + "], 1);\nsolve satisfy;");
  CHECK(message.find("argument 1: expected an integer or Boolean, found [0, 1, 1") !=
        std::string::npos);
  CHECK(message.ends_with("..."));
  CHECK(message.size() < 120);
}

TEST_CASE("huge ranges are not expanded", "[fzn][parse]") {
  // reading them costs nothing; a variable over one is rejected, a parameter is fine
  CHECK(error_of("set of int: s = -9223372036854775807..9223372036854775807;\nsolve satisfy;")
            .empty());
  CHECK(error_of("var -2147483648..2147483647: x;\nsolve satisfy;").find("wider than") !=
        std::string::npos);
  CHECK(error_of("var 1..5000000000: x;\nsolve satisfy;").find("32-bit") != std::string::npos);
}

TEST_CASE("identifiers resolve in order: aliases, constants, array elements", "[fzn][parse]") {
  const std::string text =
      "var 1..5: x;\nvar 2..9: y = x;\nvar 0..3: z = 2;\n"
      "array [1..3] of var int: a :: output_array([1..3]) = [x, y, z];\n"
      "solve satisfy;\n";
  const fzn::Program p = fzn::translate(fzn::parse(text, "t.fzn"), "t.fzn");
  REQUIRE(p.model.num_vars() == 1);  // y is x, z is a constant
  CHECK(p.model.initial_domain(solve::Var{0}) == std::vector<int>{2, 3, 4, 5});
  REQUIRE(p.outputs.size() == 1);
  CHECK(p.outputs[0].items[0] == p.outputs[0].items[1]);
  CHECK(p.outputs[0].items[2] == fzn::Term::constant(2));
}
