// Linear builtins: int_lin_eq / int_lin_le / int_lin_ne (sum of a[i] * x[i] compared with a
// constant) and bool_lin_eq / bool_lin_le (the same over 0/1 variables, the right-hand side
// of bool_lin_eq may be a variable).
//
// libsolve's own propagators for x - y (=, !=, <=, <) c with c = 0 (and < as <= -1): the
// differences and orderings MiniZinc writes as two-term linear constraints. The rest goes
// through its test until the general-CP catalogue lands.
#include <solve/constraints.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

enum class Cmp { eq, le, ne };

/// The test of sum(as[i] * xs[i]) cmp rhs.
template <Cmp C>
CheckFn linear(const Call& c, CheckScope& s) {
  const std::vector<std::int64_t> as = c.integers(0);
  const std::vector<Term> xs_terms = c.terms(1);
  if (as.size() != xs_terms.size())
    c.fail(fmt::format("{} coefficients for {} variables", as.size(), xs_terms.size()));
  const std::vector<Slot> xs = s.slots(xs_terms);
  const Slot rhs = s.slot(c.term(2));
  return [as, xs, rhs](const Valuation& v) {
    Wide sum = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) sum += Wide(as[i]) * v[xs[i]];
    const Wide r = v[rhs];
    if constexpr (C == Cmp::eq) return sum == r;
    else if constexpr (C == Cmp::le) return sum <= r;
    else return sum != r;
  };
}

/// x - y cmp c with c = 0 (or < as <= -1) on two variables: libsolve's binary propagators.
template <Cmp C>
bool post_difference(const Call& c) {
  const std::vector<std::int64_t> as = c.integers(0);
  const std::vector<Term> xs = c.terms(1);
  const Term rhs = c.term(2);
  if (as.size() != 2 || xs.size() != 2 || xs[0].fixed || xs[1].fixed || !rhs.fixed) return false;
  if (xs[0].var == xs[1].var) return false;
  Term x = xs[0], y = xs[1];  // as = (1, -1): x - y
  if (as[0] == -1 && as[1] == 1) std::swap(x, y);
  else if (as[0] != 1 || as[1] != -1) return false;
  solve::Model& m = c.ctx().model();
  if (C == Cmp::eq && rhs.value == 0) solve::equal(m, x.var, y.var);
  else if (C == Cmp::ne && rhs.value == 0) solve::not_equal(m, x.var, y.var);
  else if (C == Cmp::le && rhs.value == 0) solve::less_equal(m, x.var, y.var);
  else if (C == Cmp::le && rhs.value == -1) solve::less(m, x.var, y.var);
  else return false;
  return true;
}

template <Cmp C>
void post_linear(const Call& c) {
  if (!post_difference<C>(c)) post_relation(c, linear<C>);
}

constexpr Builtin table[] = {
    {"int_lin_eq", 3, post_linear<Cmp::eq>, linear<Cmp::eq>, true},
    {"int_lin_le", 3, post_linear<Cmp::le>, linear<Cmp::le>, true},
    {"int_lin_ne", 3, post_linear<Cmp::ne>, linear<Cmp::ne>, true},
    {"bool_lin_eq", 3, nullptr, linear<Cmp::eq>},
    {"bool_lin_le", 3, nullptr, linear<Cmp::le>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> linear_builtins() { return builtins::table; }
}  // namespace fzn
