// Reification: for every builtin R marked reifiable (int_le, int_lin_eq, bool_clause,
// set_in, ...), R_reif(args, b) posts b <-> R(args) and R_imp(args, b) posts b -> R(args),
// both from R's test. A fixed b = true posts R itself (with its own propagator); R_imp with
// b = false holds whatever R is.
#include <deque>
#include <string>
#include <vector>

#include "common.hpp"

namespace fzn::builtins {
namespace {

constexpr std::string_view reif_suffix = "_reif", imp_suffix = "_imp";

template <bool Imp>
void post_reified(const Call& c) {
  const std::string_view name = c.name();
  const std::string_view base = name.substr(0, name.size() - (Imp ? imp_suffix : reif_suffix).size());
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
  if (Imp && flag.fixed) return;  // false -> R holds whatever R is
  CheckScope s;
  CheckFn holds = b->relation(c, s);
  const Slot f = s.slot(flag);
  c.ctx().post_checked(s, name, [holds = std::move(holds), f](const Valuation& v) {
    const bool r = holds(v);
    return Imp ? (v[f] == 0 || r) : (v[f] != 0) == r;
  });
}

std::vector<Builtin> build(std::deque<std::string>& names) {
  std::vector<Builtin> out;
  for (auto family : {int_builtins(), bool_builtins(), linear_builtins(), globals_builtins()}) {
    for (const Builtin& b : family) {
      if (!b.reifiable) continue;
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
