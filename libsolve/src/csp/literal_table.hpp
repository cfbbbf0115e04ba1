#pragma once
// Integer literals on demand, for a clause database (issue 24, docs/notes/lcg-clauses.md).
//
// A clause needs integer ids for its literals, but a variable of range 0..10^6 cannot have
// 2 * 10^6 of them up front. Literals are made when a clause first names them: per variable a
// small table, sorted by value, of the values that have an atom [x <= v] or [x == v]. Each
// atom a has two literal ids: 2a (the atom) and 2a + 1 (its negation), so [x >= v] is the
// negation of [x <= v - 1] and [x != v] that of [x == v]. A Boolean (range 0..1) has one
// atom, [x == 1]. Views are normalised to the variable under them ([2x + 1 <= 6] is
// [x <= 2]); a literal that no value of the declared range can make true (or false) is
// reported as constant instead of getting an id.
//
// A literal's truth is read from the domain in the Space (there is no assignment array to
// keep in step): [x <= v] is true once max <= v, false once min > v; [x == v] false once v
// is gone, true once x is assigned v.
#include <cstdint>
#include <span>
#include <vector>

#include "solve/explain.hpp"
#include "solve/space.hpp"

namespace solve::detail::csp {

/// A literal's id: 2 * atom, or 2 * atom + 1 for the atom's negation.
using LitId = std::uint32_t;
inline constexpr std::uint32_t kNoId = UINT32_MAX;
constexpr LitId negate(LitId l) { return l ^ 1u; }

/// The truth of a literal in the current domains.
enum class Truth : std::uint8_t { open, yes, no };

class LiteralTable {
 public:
  /// One value of a variable's table: its atoms (kNoId when not made yet).
  struct Entry {
    int value;
    std::uint32_t le = kNoId;  ///< atom [x <= value]
    std::uint32_t eq = kNoId;  ///< atom [x == value]
  };
  /// An atom: [var <= value] or [var == value].
  struct Atom {
    std::uint32_t slot;  ///< which variable of the table (see slot_var())
    bool is_eq;
    int value;
    std::int32_t var;    ///< the plain variable's id (truth() reads it without the slot)
  };
  /// What a Literal normalises to: an id, or a constant.
  struct Lookup {
    enum class Kind : std::uint8_t { id, always_true, always_false } kind;
    LitId id = kNoId;
  };

  /// Declares the range of x (its smallest and largest initial value): literals outside it
  /// are constants, and a 0..1 variable gets one atom. Undeclared: the whole int range.
  void declare(Var x, int lo, int hi);
  /// The id of l (made now when missing), or the constant it is.
  Lookup find_or_add(const Literal& l);
  /// The literal of an id, on the plain variable.
  Literal literal(LitId l) const;
  /// Its truth in s (inline: the clause store asks it once per literal it looks at).
  Truth truth(const Space& s, LitId l) const {
    const Atom& a = atoms_[l >> 1];
    const Var x{a.var};  // plain: Space's reads fold to the cached bounds
    const int lo = s.min(x), hi = s.max(x);
    Truth t;
    if (!a.is_eq) t = hi <= a.value ? Truth::yes : lo > a.value ? Truth::no : Truth::open;
    else if (a.value < lo || a.value > hi) t = Truth::no;  // the bounds answer most asks
    else if (lo == hi) t = Truth::yes;
    else t = s.contains(x, a.value) ? Truth::open : Truth::no;
    if ((l & 1u) && t != Truth::open) t = t == Truth::yes ? Truth::no : Truth::yes;
    return t;
  }
  /// Makes l true in s (set_max / set_min / assign / remove).
  Event make_true(Space& s, LitId l) const;

  std::uint32_t num_atoms() const { return std::uint32_t(atoms_.size()); }
  std::uint32_t num_slots() const { return std::uint32_t(slots_.size()); }
  const Atom& atom(std::uint32_t a) const { return atoms_[a]; }
  /// The variable of a slot, and its table (ascending values).
  Var slot_var(std::uint32_t slot) const { return slots_[slot].var; }
  std::span<const Entry> entries(std::uint32_t slot) const { return slots_[slot].entries; }
  /// The slot of a variable id, or kNoId when it has no literal.
  std::uint32_t slot_of(int var_id) const;

 private:
  struct Range {
    int lo = INT32_MIN, hi = INT32_MAX;
  };
  struct Slot {
    Var var;
    std::vector<Entry> entries;  // ascending values
  };
  // [x <= u] or [x == u] on the plain variable with the range's constants folded in;
  // `negated` flips the result
  Lookup atom_literal(Var x, bool is_eq, std::int64_t u, bool negated);
  Range range(int var_id) const;

  std::vector<Range> ranges_;        // per variable id (grown by declare())
  std::vector<std::uint32_t> slot_;  // per variable id: its slot, kNoId
  std::vector<Slot> slots_;
  std::vector<Atom> atoms_;
};

}  // namespace solve::detail::csp
