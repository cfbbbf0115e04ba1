#pragma once
// The oracle of the globals fuzz (fuzz/fzn_globals.cpp), shared with its unit test
// (tests/fzn/globals_fuzz_test.cpp): from the input bytes, a global builtin of the signature
// table (fzn_global_signatures.hpp) and a small random instance of it (at most 5 integer
// variables of at most 5 values, 3 Boolean ones, arrays of at most 4 elements that may name a
// variable twice or hold a constant), written as FlatZinc text; then every solution of its
// translation with libsolve's propagators (the native post) must be a solution of its
// translation through the builtin's test (the fallback, which enumerates every combination of
// the scope's values through the relation: a brute force), and the other way round.
// Learning from failure (issue 24): a byte after the instance chooses whether the native post
// is searched with learning on (solve::SearchOptions::learning); the relation never learns, so
// the oracle then says that learning changes no solution. The solve item may minimize or
// maximize a variable: then the optimum of the native post (learning as chosen) must be the
// relation's (without learning).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <solve/error.hpp>
#include <solve/search.hpp>

#include "builtins.hpp"
#include "fzn_global_signatures.hpp"
#include "parser.hpp"
#include "translate.hpp"

namespace fzn::fuzz {

/// The input bytes as a stream of small choices; 0 once they are used up.
class Choices {
 public:
  Choices(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  /// A number in 0..n-1 (n > 0).
  int below(int n) { return at_ < size_ ? int(data_[at_++] % unsigned(n)) : 0; }
  /// A number in lo..hi.
  int in(int lo, int hi) { return lo + below(hi - lo + 1); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

/// The FlatZinc text of one instance drawn from the choices.
inline std::string draw_instance(Choices& c) {
  const auto table = signatures();
  const GlobalSignature& g = table[std::size_t(c.below(int(table.size())))];
  std::string text;
  // integer variables x1..xn: a range, or a set of values, at most 5 values
  const int n = c.in(1, 5);
  for (int i = 1; i <= n; ++i) {
    const int lo = c.in(-2, 2), size = c.in(1, 5);
    std::string domain;
    if (c.below(3) == 0) {
      std::vector<int> values;
      for (int k = 0; k < size; ++k) values.push_back(c.in(-2, 4));
      std::sort(values.begin(), values.end());
      values.erase(std::unique(values.begin(), values.end()), values.end());
      domain = fmt::format("{{{}}}", fmt::join(values, ","));
    } else {
      domain = fmt::format("{}..{}", lo, lo + size - 1);
    }
    text += fmt::format("var {}: x{} :: output_var;\n", domain, i);
  }
  const int nb = 3;
  for (int i = 1; i <= nb; ++i) text += fmt::format("var bool: b{} :: output_var;\n", i);

  int lengths[5] = {-1, -1, -1, -1, -1};  // by length group
  auto length = [&](int group) {
    if (group == 0) return c.in(0, 4);
    if (lengths[group] < 0) lengths[group] = c.below(8) == 0 ? 0 : c.in(1, 4);
    return lengths[group];
  };
  auto var_int = [&] {
    return c.below(6) == 0 ? fmt::format("{}", c.in(-2, 4)) : fmt::format("x{}", c.in(1, n));
  };
  auto var_bool = [&] {
    return c.below(6) == 0 ? std::string(c.below(2) ? "true" : "false")
                           : fmt::format("b{}", c.in(1, nb));
  };
  int first_length = 0;
  int states = 1, symbols = 1;  // of the automaton, once drawn
  auto automaton_table = [&](int lo, int hi) {
    std::vector<std::string> entries;
    for (int k = 0; k < states * symbols; ++k) entries.push_back(fmt::format("{}", c.in(lo, hi)));
    return fmt::format("[{}]", fmt::join(entries, ","));
  };
  std::vector<std::string> args;
  for (std::size_t a = 0; a < g.arity; ++a) {
    const ArgSpec& spec = g.args[a];
    std::vector<std::string> items;
    std::string arg;
    switch (spec.kind) {
      case ArgKind::var_ints:
      case ArgKind::ints:
      case ArgKind::var_bools: {
        const int len = length(spec.group);
        if (a == 0) first_length = len;
        for (int k = 0; k < len; ++k)
          items.push_back(spec.kind == ArgKind::var_ints    ? var_int()
                          : spec.kind == ArgKind::var_bools ? var_bool()
                                                            : fmt::format("{}", c.in(-2, 4)));
        arg = fmt::format("[{}]", fmt::join(items, ","));
        break;
      }
      case ArgKind::int_rows:
      case ArgKind::bool_rows: {
        const int rows = c.in(0, 6);
        for (int k = 0; k < rows * first_length; ++k)
          items.push_back(spec.kind == ArgKind::int_rows
                              ? fmt::format("{}", c.in(-2, 4))
                              : std::string(c.below(2) ? "true" : "false"));
        arg = fmt::format("[{}]", fmt::join(items, ","));
        break;
      }
      case ArgKind::var_int: arg = var_int(); break;
      case ArgKind::int_value: arg = fmt::format("{}", c.in(-2, 4)); break;
      case ArgKind::int_set: {
        std::set<int> values;
        for (int k = c.in(0, 4); k > 0; --k) values.insert(c.in(-2, 4));
        arg = fmt::format("{{{}}}", fmt::join(values, ","));
        break;
      }
      case ArgKind::states: arg = fmt::format("{}", states = c.in(1, 3)); break;
      case ArgKind::symbols: arg = fmt::format("{}", symbols = c.in(1, 3)); break;
      case ArgKind::transitions: arg = automaton_table(0, states); break;
      case ArgKind::state: arg = fmt::format("{}", c.in(1, states)); break;
      case ArgKind::state_set: {
        std::set<int> values;
        for (int k = c.in(0, states); k > 0; --k) values.insert(c.in(1, states));
        arg = fmt::format("{{{}}}", fmt::join(values, ","));
        break;
      }
      case ArgKind::costs: arg = automaton_table(0, 3); break;
    }
    args.push_back(arg);
  }
  text += fmt::format("constraint {}({});\n", g.name, fmt::join(args, ", "));
  // drawn after the constraint, so that the same bytes draw the same constraint as before
  const int goal = c.below(3);
  if (goal == 0) text += "solve satisfy;\n";
  else text += fmt::format("solve {} x{};\n", goal == 1 ? "minimize" : "maximize", c.in(1, n));
  return text;
}

/// The search of the oracle: a node limit (the instances are small), learning or not.
inline solve::SearchOptions oracle_search(bool learning) {
  solve::SearchOptions o;
  o.limits.max_nodes = 200000;
  o.learning.use = learning ? solve::Learning::on : solve::Learning::off;
  return o;
}

/// Every solution of a translation (the objective ignored), as the values of its output
/// variables in order; false when a limit cut the search short.
inline bool all_solutions(const Program& p, std::set<std::vector<std::int64_t>>& out,
                          bool learning = false) {
  if (p.unsatisfiable) return true;
  const solve::SearchOptions o = oracle_search(learning);
  const solve::Result r = solve::search(p.model, o, [&](const solve::Solution& s) {
    std::vector<std::int64_t> values;
    for (const OutputItem& item : p.outputs)
      for (const Term& t : item.items) values.push_back(t.fixed ? t.value : s[t.var]);
    out.insert(std::move(values));
    return true;
  });
  return r.complete();
}

/// The optimum of a translation whose solve item minimizes or maximizes a variable (nullopt:
/// no solution), by branch and bound; false when a limit cut the search short. The program's
/// model gets the objective.
inline bool optimum(Program& p, bool learning, std::optional<std::int64_t>& best) {
  best.reset();
  if (p.unsatisfiable) return true;
  if (p.goal == SolveItem::Goal::minimize) p.model.minimize(p.objective.var);
  else p.model.maximize(p.objective.var);
  solve::Result r;
  const auto s = solve::solve_best(p.model, oracle_search(learning), &r);
  if (!r.complete()) return false;
  if (s) best = (*s)[p.objective.var];
  return true;
}

inline std::string optimum_text(const std::optional<std::int64_t>& v) {
  return v ? fmt::format("{}", *v) : "none";
}

/// Checks one input: "" when the native post and the relation agree (or the instance is
/// refused by both), else what went wrong, with the instance.
inline std::string check_globals_input(const std::uint8_t* data, std::size_t size) {
  Choices choices(data, size);
  const std::string text = draw_instance(choices);
  const bool learning = choices.below(2) == 1;  // for the native post's searches
  const char* const learnt = learning ? " (native post searched with learning on)" : "";
  // a global without a test would be compared with itself
  const std::size_t open = text.rfind("constraint ") + 11;
  const std::string name = text.substr(open, text.find('(', open) - open);
  for (const GlobalSignature& g : signatures()) {
    if (g.name != name) continue;
    const Builtin* b = find_builtin(g.name, g.arity);
    if (!b || !b->relation)
      return fmt::format("{} with {} arguments is no builtin with a test (Builtin::relation)",
                         g.name, g.arity);
  }
  Model ast;
  try {
    ast = parse(text, "globals.fzn");
  } catch (const solve::InputError& e) {
    return fmt::format("the drawn instance does not read: {}\n{}", e.what(), text);
  }
  Program native, relation;
  std::string native_error, relation_error;
  try {
    native = translate(ast, "globals.fzn");
  } catch (const solve::InputError& e) {
    native_error = e.what();
  }
  try {
    TranslateOptions o;
    o.by_relation = true;
    relation = translate(ast, "globals.fzn", o);
  } catch (const solve::InputError& e) {
    relation_error = e.what();
  }
  if (!native_error.empty() || !relation_error.empty()) {
    if (!native_error.empty() && !relation_error.empty()) return "";  // refused by both
    return fmt::format("one translation refuses the instance: native '{}', relation '{}'\n{}",
                       native_error, relation_error, text);
  }
  std::set<std::vector<std::int64_t>> by_native, by_relation;
  if (!all_solutions(native, by_native, learning) || !all_solutions(relation, by_relation))
    return "";
  if (by_native == by_relation) {
    // a constant objective (a variable of one value) has nothing to search for
    if (native.goal == SolveItem::Goal::satisfy || native.objective.fixed) return "";
    std::optional<std::int64_t> native_best, relation_best;
    if (!optimum(native, learning, native_best) || !optimum(relation, false, relation_best))
      return "";
    if (native_best == relation_best) return "";
    return fmt::format("optimum {} by the native post, {} by the relation{}\n{}",
                       optimum_text(native_best), optimum_text(relation_best), learnt, text);
  }
  std::string only_native, only_relation;
  for (const auto& s : by_native)
    if (!by_relation.count(s) && only_native.empty())
      only_native = fmt::format("{}", fmt::join(s, " "));
  for (const auto& s : by_relation)
    if (!by_native.count(s) && only_relation.empty())
      only_relation = fmt::format("{}", fmt::join(s, " "));
  return fmt::format(
      "native post: {} solutions, relation: {} (only native: [{}], only relation: [{}]){}\n{}",
      by_native.size(), by_relation.size(), only_native, only_relation, learnt, text);
}

}  // namespace fzn::fuzz
