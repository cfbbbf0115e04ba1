// Reification: for every builtin R marked reifiable (int_le, int_lin_eq, bool_clause,
// set_in, ...), R_reif(args, b) posts b <-> R(args) and R_imp(args, b) posts b -> R(args),
// through solve::reify on R's native poster (libsolve's propagator of R, its negation and
// entailment test). A fixed b = true posts R itself; R_imp with b = false holds whatever R
// is. Where libsolve refuses R, R's test is reified instead.
#include <deque>
#include <string>
#include <vector>

#include <solve/error.hpp>
#include <solve/reify.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

constexpr std::string_view reif_suffix = "_reif", imp_suffix = "_imp";

/// b <-> R or b -> R by R's test (the fallback).
template <bool Imp>
void post_reified_test(const Call& c, const Builtin& b, Term flag) {
  CheckScope s;
  CheckFn holds = b.relation(c, s);
  const Slot f = s.slot(flag);
  c.ctx().post_checked(s, c.name(), [holds = std::move(holds), f](const Valuation& v) {
    const bool r = holds(v);
    return Imp ? (v[f] == 0 || r) : (v[f] != 0) == r;
  });
}

template <bool Imp>
void post_reified(const Call& c) {
  const std::string_view name = c.name();
  const std::string_view base =
      name.substr(0, name.size() - (Imp ? imp_suffix : reif_suffix).size());
  const Builtin* b = find_builtin(base, c.size() - 1);
  const Term flag = c.term(c.size() - 1);
  if (flag.fixed && flag.value != 0) {
    // R must hold: post R with its own poster, on the arguments without b
    ConstraintItem plain = c.item();
    plain.name = std::string(base);
    plain.args.pop_back();
    post_constraint(c.ctx(), plain);
    return;
  }
  if (Imp && flag.fixed) return;           // false -> R holds whatever R is
  const solve::Var f = c.ctx().var(flag);  // (outside the capture: reify refuses new variables)
  try {
    solve::reify(
        c.ctx().model(), f, [&](solve::Model& m) { b->native(c, m); },
        Imp ? solve::Reification::implies : solve::Reification::equivalent);
  } catch (const solve::ModelError&) {
    post_reified_test<Imp>(c, *b, flag);
  }
}

std::vector<Builtin> build(std::deque<std::string>& names) {
  std::vector<Builtin> out;
  for (auto family : {int_builtins(), bool_builtins(), linear_builtins(), globals_builtins()}) {
    for (const Builtin& b : family) {
      if (!b.reifiable || !b.native) continue;
      names.push_back(std::string(b.name) + std::string(reif_suffix));
      out.push_back(Builtin{names.back(), b.arity + 1, post_reified<false>});
      names.push_back(std::string(b.name) + std::string(imp_suffix));
      out.push_back(Builtin{names.back(), b.arity + 1, post_reified<true>});
    }
  }
  return out;
}

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> reif_builtins() {
  static std::deque<std::string> names;  // the entries' names point into it
  static const std::vector<Builtin> table = builtins::build(names);
  return table;
}
}  // namespace fzn
