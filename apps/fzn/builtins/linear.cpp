// Linear builtins: int_lin_eq / int_lin_le / int_lin_ne (sum of a[i] * x[i] compared with a
// constant) and bool_lin_eq / bool_lin_le (the same over 0/1 variables, the right-hand side
// of bool_lin_eq may be a variable), posted as solve::linear (bounds consistency; two-term
// differences become libsolve's binary constraints on a view). Constants among the x[i] are
// folded into the right-hand side.
#include "common.hpp"

namespace fzn::builtins {
namespace {

/// The test of sum(as[i] * xs[i]) rel rhs (the fallback: coefficients beyond 32 bits, sums
/// that could overflow 64 bits).
template <solve::Rel R>
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
    if constexpr (R == solve::Rel::eq) return sum == r;
    else if constexpr (R == solve::Rel::le) return sum <= r;
    else return sum != r;
  };
}

template <solve::Rel R>
void native(const Call& c, solve::Model& m) {
  linear_terms(m, c.integers(0), c.terms(1), R, c.term(2));
}

constexpr Builtin table[] = {
    {"int_lin_eq", 3, nullptr, native<solve::Rel::eq>, linear<solve::Rel::eq>, true},
    {"int_lin_le", 3, nullptr, native<solve::Rel::le>, linear<solve::Rel::le>, true},
    {"int_lin_ne", 3, nullptr, native<solve::Rel::ne>, linear<solve::Rel::ne>, true},
    {"bool_lin_eq", 3, nullptr, native<solve::Rel::eq>, linear<solve::Rel::eq>},
    {"bool_lin_le", 3, nullptr, native<solve::Rel::le>, linear<solve::Rel::le>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> linear_builtins() { return builtins::table; }
}  // namespace fzn
