// Boolean builtins (Booleans are 0/1 variables): comparisons, not, and / or / xor of two and
// of arrays (their own forms are reified: r <-> ...; the _imp forms: r -> ...), clauses,
// bool2int (the identity).
//
// libsolve's own propagators: equal / not_equal / less / less_equal between two variables.
// The rest goes through its test until the general-CP catalogue lands.
#include <solve/constraints.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

// ---- binary relations ----

template <class Op>
CheckFn pair_test(const Call& c, CheckScope& s, Op op) {
  const Slot a = s.slot(c.term(0)), b = s.slot(c.term(1));
  return [a, b, op](const Valuation& v) { return op(v[a] != 0, v[b] != 0); };
}
CheckFn eq(const Call& c, CheckScope& s) { return pair_test(c, s, [](bool a, bool b) { return a == b; }); }
CheckFn ne(const Call& c, CheckScope& s) { return pair_test(c, s, [](bool a, bool b) { return a != b; }); }
CheckFn lt(const Call& c, CheckScope& s) { return pair_test(c, s, [](bool a, bool b) { return !a && b; }); }
CheckFn le(const Call& c, CheckScope& s) { return pair_test(c, s, [](bool a, bool b) { return !a || b; }); }
/// bool2int(b, i): i is b as 0/1 (an integer equality: i may have a wider domain).
CheckFn to_int(const Call& c, CheckScope& s) {
  const Slot a = s.slot(c.term(0)), b = s.slot(c.term(1));
  return [a, b](const Valuation& v) { return v[a] == v[b]; };
}

void post_eq(const Call& c) { post_binary_or_checked(c, solve::equal, eq); }
void post_ne(const Call& c) { post_binary_or_checked(c, solve::not_equal, ne); }
void post_lt(const Call& c) { post_binary_or_checked(c, solve::less, lt); }
void post_le(const Call& c) { post_binary_or_checked(c, solve::less_equal, le); }
void post_to_int(const Call& c) { post_binary_or_checked(c, solve::equal, to_int); }

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
CheckFn and2(const Call& c, CheckScope& s) { return reified_pair<Imp>(c, s, [](bool a, bool b) { return a && b; }); }
template <bool Imp>
CheckFn or2(const Call& c, CheckScope& s) { return reified_pair<Imp>(c, s, [](bool a, bool b) { return a || b; }); }
template <bool Imp>
CheckFn xor2(const Call& c, CheckScope& s) { return reified_pair<Imp>(c, s, [](bool a, bool b) { return a != b; }); }

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

constexpr Builtin table[] = {
    {"bool_eq", 2, post_eq, eq, true},
    {"bool_le", 2, post_le, le, true},
    {"bool_lt", 2, post_lt, lt, true},
    {"bool_not", 2, post_ne, ne},
    {"bool_xor", 2, post_ne, ne},
    {"bool2int", 2, post_to_int, to_int},
    {"bool_and", 3, nullptr, and2<false>},
    {"bool_and_imp", 3, nullptr, and2<true>},
    {"bool_or", 3, nullptr, or2<false>},
    {"bool_or_imp", 3, nullptr, or2<true>},
    {"bool_xor", 3, nullptr, xor2<false>},
    {"bool_xor_imp", 3, nullptr, xor2<true>},
    {"array_bool_and", 2, nullptr, reified_array<false, true>},
    {"array_bool_and_imp", 2, nullptr, reified_array<true, true>},
    {"array_bool_or", 2, nullptr, reified_array<false, false>},
    {"array_bool_or_imp", 2, nullptr, reified_array<true, false>},
    {"array_bool_xor", 1, nullptr, array_xor},
    {"bool_clause", 2, nullptr, clause, true},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> bool_builtins() { return builtins::table; }
}  // namespace fzn
