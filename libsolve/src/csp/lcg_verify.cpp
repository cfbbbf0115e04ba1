// Checks of learnt nogoods against the original model (see lcg_verify.hpp).
#include "csp/lcg_verify.hpp"

#include <string>

#include "solve/error.hpp"
#include "solve/linear.hpp"
#include "solve/search.hpp"

namespace solve::detail::csp {

namespace {

Rel rel_of(Literal::Kind k) {
  switch (k) {
    case Literal::Kind::le: return Rel::le;
    case Literal::Kind::ge: return Rel::ge;
    case Literal::Kind::eq: return Rel::eq;
    case Literal::Kind::ne: return Rel::ne;
  }
  return Rel::eq;
}

std::string describe(std::span<const Literal> nogood) {
  const char* kinds[] = {"<=", ">=", "==", "!="};
  std::string s;
  for (const Literal& l : nogood) {
    s += " x";
    s += std::to_string(l.var.id);
    s += kinds[int(l.kind)];
    s += std::to_string(l.value);
  }
  return s;
}

}  // namespace

void LearntClauseVerifier::found(std::vector<int> values, std::int64_t) {
  found_.insert(std::move(values));
}

void LearntClauseVerifier::check(std::span<const Literal> nogood, std::int64_t best) const {
  // the model with the nogood's literals posted: its solutions are the ones the clause removes
  Model m = *model_;
  for (const Literal& l : nogood) compare(m, l.var, rel_of(l.kind), l.value);
  const std::optional<Objective> goal = m.objective();
  if (goal && best != INT64_MAX) {  // only solutions better than the best found count
    if (goal->maximize) compare(m, goal->var, Rel::ge, -best + 1);
    else compare(m, goal->var, Rel::le, best - 1);
  }
  SearchOptions o;
  o.learning.use = Learning::off;  // the check must not rest on what it checks
  bool wrong = false;
  std::vector<int> witness;
  search(m, o, [&](const Solution& s) {
    std::vector<int> values = s.values();
    if (found_.count(values)) return true;
    wrong = true;
    witness = std::move(values);
    return false;
  });
  if (!wrong) return;
  // appended piece by piece: g++ 12 warns (-Wrestrict) on "literal" + a temporary string
  std::string message = "learning: the nogood";
  message += describe(nogood);
  message += " removes a solution not found yet:";
  for (int v : witness) {
    message += ' ';
    message += std::to_string(v);
  }
  throw InternalError(message);
}

}  // namespace solve::detail::csp
