// Boolean builtins (Booleans are 0/1 variables): comparisons, not, and / or / xor of two and
// of arrays (their own forms are reified: r <-> ...; the _imp forms: r -> ...), clauses,
// bool2int (the identity); each posted with libsolve's Boolean constraints (boolean.hpp),
// comparisons and reification. The tests below are the fallback where libsolve refuses a call.
#include <solve/boolean.hpp>
#include <solve/reify.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

// ---- binary relations ----

template <class Op>
CheckFn pair_test(const Call& c, CheckScope& s, Op op) {
  const Slot a = s.slot(c.term(0)), b = s.slot(c.term(1));
  return [a, b, op](const Valuation& v) { return op(v[a] != 0, v[b] != 0); };
}
CheckFn eq(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](bool a, bool b) { return a == b; });
}
CheckFn ne(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](bool a, bool b) { return a != b; });
}
CheckFn lt(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](bool a, bool b) { return !a && b; });
}
CheckFn le(const Call& c, CheckScope& s) {
  return pair_test(c, s, [](bool a, bool b) { return !a || b; });
}
/// bool2int(b, i): i is b as 0/1 (an integer equality: i may have a wider domain).
CheckFn to_int(const Call& c, CheckScope& s) {
  const Slot a = s.slot(c.term(0)), b = s.slot(c.term(1));
  return [a, b](const Valuation& v) { return v[a] == v[b]; };
}

template <solve::Rel R>
void native_compare(const Call& c, solve::Model& m) {
  compare_terms(m, c.term(0), R, c.term(1));
}

// ---- r <-> op(a, b) and r -> op(a, b) ----

template <bool Imp, class Op>
CheckFn reified_pair(const Call& c, CheckScope& s, Op op) {
  const Slot a = s.slot(c.term(0)), b = s.slot(c.term(1)), r = s.slot(c.term(2));
  return [a, b, r, op](const Valuation& v) {
    const bool holds = op(v[a] != 0, v[b] != 0);
    return Imp ? (v[r] == 0 || holds) : (v[r] != 0) == holds;
  };
}
template <bool Imp>
CheckFn and2(const Call& c, CheckScope& s) {
  return reified_pair<Imp>(c, s, [](bool a, bool b) { return a && b; });
}
template <bool Imp>
CheckFn or2(const Call& c, CheckScope& s) {
  return reified_pair<Imp>(c, s, [](bool a, bool b) { return a || b; });
}
template <bool Imp>
CheckFn xor2(const Call& c, CheckScope& s) {
  return reified_pair<Imp>(c, s, [](bool a, bool b) { return a != b; });
}

// ---- r <-> op(as) and r -> op(as) ----

template <bool Imp, bool And>
CheckFn reified_array(const Call& c, CheckScope& s) {
  const std::vector<Slot> as = s.slots(c.terms(0));
  const Slot r = s.slot(c.term(1));
  return [as, r](const Valuation& v) {
    bool holds = And;
    for (const Slot a : as)
      if ((v[a] != 0) != And) {
        holds = !And;
        break;
      }
    return Imp ? (v[r] == 0 || holds) : (v[r] != 0) == holds;
  };
}

/// array_bool_xor(as): an odd number of as hold.
CheckFn array_xor(const Call& c, CheckScope& s) {
  const std::vector<Slot> as = s.slots(c.terms(0));
  return [as](const Valuation& v) {
    bool odd = false;
    for (const Slot a : as) odd ^= v[a] != 0;
    return odd;
  };
}

/// bool_clause(as, bs): some a holds or some b does not.
CheckFn clause(const Call& c, CheckScope& s) {
  const std::vector<Slot> as = s.slots(c.terms(0));
  const std::vector<Slot> bs = s.slots(c.terms(1));
  return [as, bs](const Valuation& v) {
    for (const Slot a : as)
      if (v[a] != 0) return true;
    for (const Slot b : bs)
      if (v[b] == 0) return true;
    return false;
  };
}

// ---- posters ----

/// r <-> op(as) with libsolve's propagator (bool_and, bool_or, bool_xor of an array).
template <void (*Op)(solve::Model&, std::span<const solve::Var>, solve::Var)>
void post_reified_array(const Call& c, const std::vector<Term>& as, Term r) {
  Context& ctx = c.ctx();
  Op(ctx.model(), ctx.vars(as), ctx.var(r));
}
template <void (*Op)(solve::Model&, std::span<const solve::Var>, solve::Var)>
void post_pair(const Call& c) {
  post_reified_array<Op>(c, {c.term(0), c.term(1)}, c.term(2));
}
template <void (*Op)(solve::Model&, std::span<const solve::Var>, solve::Var)>
void post_array(const Call& c) {
  post_reified_array<Op>(c, c.terms(0), c.term(1));
}

/// r -> every a (clauses a or not r).
void imply_all(const Call& c, const std::vector<Term>& as, Term r) {
  for (const Term& a : as)
    clause_terms(c.ctx().model(), std::span<const Term>(&a, 1), std::span<const Term>(&r, 1));
}
/// r -> some a (the clause as or not r).
void imply_some(const Call& c, const std::vector<Term>& as, Term r) {
  clause_terms(c.ctx().model(), as, std::span<const Term>(&r, 1));
}
void post_and_imp(const Call& c) { imply_all(c, {c.term(0), c.term(1)}, c.term(2)); }
void post_or_imp(const Call& c) { imply_some(c, {c.term(0), c.term(1)}, c.term(2)); }
void post_array_and_imp(const Call& c) { imply_all(c, c.terms(0), c.term(1)); }
void post_array_or_imp(const Call& c) { imply_some(c, c.terms(0), c.term(1)); }
/// r -> a != b
void post_xor_imp(const Call& c) {
  const Term a = c.term(0), b = c.term(1), r = c.term(2);
  if (r.fixed) {
    if (r.value != 0) compare_terms(c.ctx().model(), a, solve::Rel::ne, b);
    return;
  }
  solve::reify(
      c.ctx().model(), r.var, [&](solve::Model& m) { compare_terms(m, a, solve::Rel::ne, b); },
      solve::Reification::implies);
}

void post_array_xor(const Call& c) {
  Context& ctx = c.ctx();
  solve::parity(ctx.model(), ctx.vars(c.terms(0)), true);
}

void native_clause(const Call& c, solve::Model& m) { clause_terms(m, c.terms(0), c.terms(1)); }

constexpr Builtin table[] = {
    {"bool_eq", 2, nullptr, native_compare<solve::Rel::eq>, eq, true},
    {"bool_le", 2, nullptr, native_compare<solve::Rel::le>, le, true},
    {"bool_lt", 2, nullptr, native_compare<solve::Rel::lt>, lt, true},
    {"bool_not", 2, nullptr, native_compare<solve::Rel::ne>, ne},
    {"bool_xor", 2, nullptr, native_compare<solve::Rel::ne>, ne},
    {"bool2int", 2, nullptr, native_compare<solve::Rel::eq>, to_int},
    {"bool_and", 3, post_pair<solve::bool_and>, nullptr, and2<false>},
    {"bool_and_imp", 3, post_and_imp, nullptr, and2<true>},
    {"bool_or", 3, post_pair<solve::bool_or>, nullptr, or2<false>},
    {"bool_or_imp", 3, post_or_imp, nullptr, or2<true>},
    {"bool_xor", 3, post_pair<solve::bool_xor>, nullptr, xor2<false>},
    {"bool_xor_imp", 3, post_xor_imp, nullptr, xor2<true>},
    {"array_bool_and", 2, post_array<solve::bool_and>, nullptr, reified_array<false, true>},
    {"array_bool_and_imp", 2, post_array_and_imp, nullptr, reified_array<true, true>},
    {"array_bool_or", 2, post_array<solve::bool_or>, nullptr, reified_array<false, false>},
    {"array_bool_or_imp", 2, post_array_or_imp, nullptr, reified_array<true, false>},
    {"array_bool_xor", 1, post_array_xor, nullptr, array_xor},
    {"bool_clause", 2, nullptr, native_clause, clause, true},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> bool_builtins() { return builtins::table; }
}  // namespace fzn
