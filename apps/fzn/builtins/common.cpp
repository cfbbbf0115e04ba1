#include "common.hpp"

#include <solve/boolean.hpp>
#include <solve/constraints.hpp>
#include <solve/error.hpp>
#include <solve/linear.hpp>

namespace fzn::builtins {
namespace {

bool holds(std::int64_t a, solve::Rel rel, std::int64_t b) {
  switch (rel) {
    case solve::Rel::eq: return a == b;
    case solve::Rel::ne: return a != b;
    case solve::Rel::le: return a <= b;
    case solve::Rel::lt: return a < b;
    case solve::Rel::ge: return a >= b;
    case solve::Rel::gt: return a > b;
  }
  return false;
}

/// b rel a  ==  a converse(rel) b
solve::Rel converse(solve::Rel rel) {
  switch (rel) {
    case solve::Rel::le: return solve::Rel::ge;
    case solve::Rel::lt: return solve::Rel::gt;
    case solve::Rel::ge: return solve::Rel::le;
    case solve::Rel::gt: return solve::Rel::lt;
    default: return rel;
  }
}

}  // namespace

void post_truth(solve::Model& m, bool holds) {
  if (!holds) solve::clause(m, {}, {});
}

void compare_terms(solve::Model& m, Term a, solve::Rel rel, Term b) {
  if (a.fixed && b.fixed) return post_truth(m, holds(a.value, rel, b.value));
  if (a.fixed) return compare_terms(m, b, converse(rel), a);
  if (!b.fixed) return solve::compare(m, a.var, rel, b.var);
  // x == c and x != c as a fix / a removal: their reified forms are the cheapest
  if (rel == solve::Rel::eq && fits_int(b.value)) return solve::fix(m, a.var, int(b.value));
  if (rel == solve::Rel::ne && fits_int(b.value)) {
    const int v = int(b.value);
    return solve::not_in_set(m, a.var, {&v, 1});
  }
  solve::compare(m, a.var, rel, b.value);
}

void linear_terms(solve::Model& m, std::span<const std::int64_t> coefs, std::span<const Term> xs,
                  solve::Rel rel, Term rhs) {
  if (coefs.size() != xs.size())
    throw solve::ModelError(
        fmt::format("{} coefficients for {} variables", coefs.size(), xs.size()));
  std::vector<int> as;
  std::vector<solve::Var> vars;
  Wide c = rhs.fixed ? rhs.value : 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (coefs[i] == 0) continue;
    if (xs[i].fixed) {
      c -= Wide(coefs[i]) * xs[i].value;
      continue;
    }
    if (!fits_int(coefs[i]))
      throw solve::ModelError(fmt::format("the coefficient {} exceeds 32 bits", coefs[i]));
    as.push_back(int(coefs[i]));
    vars.push_back(xs[i].var);
  }
  if (!rhs.fixed) {
    as.push_back(-1);
    vars.push_back(rhs.var);
  }
  if (c < INT64_MIN || c > INT64_MAX)
    throw solve::ModelError("the constant of a linear sum exceeds 64 bits");
  solve::linear(m, as, vars, rel, std::int64_t(c));
}

void clause_terms(solve::Model& m, std::span<const Term> pos, std::span<const Term> neg) {
  std::vector<solve::Var> p, n;
  for (const Term& t : pos) {
    if (!t.fixed) p.push_back(t.var);
    else if (t.value != 0) return;  // a true literal: the clause holds
  }
  for (const Term& t : neg) {
    if (!t.fixed) n.push_back(t.var);
    else if (t.value == 0) return;
  }
  solve::clause(m, p, n);  // no literal left: the empty clause, false
}

std::vector<int> values_in_domain(const solve::Model& m, solve::Var x, const IntSet& set) {
  const SetTest in(set);
  std::vector<int> values;
  for (const int v : m.initial_domain(x))
    if (in(v)) values.push_back(v);
  return values;
}

void in_set_term(solve::Model& m, Term x, const IntSet& set, bool member) {
  if (x.fixed) return post_truth(m, SetTest(set)(x.value) == member);
  const std::vector<int> values = values_in_domain(m, x.var, set);
  if (member) solve::in_set(m, x.var, values);
  else solve::not_in_set(m, x.var, values);
}

}  // namespace fzn::builtins
