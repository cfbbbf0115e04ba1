// Integer literals on demand (literal_table.hpp): view normalisation, the per-variable
// sorted tables, and truth read from the domain.
#include "csp/literal_table.hpp"

#include <algorithm>

#include "csp/arith.hpp"

namespace solve::detail::csp {

namespace {

LiteralTable::Lookup constant(bool value) {
  using Kind = LiteralTable::Lookup::Kind;
  return {value ? Kind::always_true : Kind::always_false, kNoId};
}

}  // namespace

void LiteralTable::declare(Var x, int lo, int hi) {
  if (std::size_t(x.id) >= ranges_.size()) ranges_.resize(std::size_t(x.id) + 1);
  ranges_[std::size_t(x.id)] = {lo, hi};
}

LiteralTable::Range LiteralTable::range(int var_id) const {
  return std::size_t(var_id) < ranges_.size() ? ranges_[std::size_t(var_id)] : Range{};
}

std::uint32_t LiteralTable::slot_of(int var_id) const {
  return std::size_t(var_id) < slot_.size() ? slot_[std::size_t(var_id)] : kNoId;
}

LiteralTable::Lookup LiteralTable::find_or_add(const Literal& l) {
  const Var x = l.var;
  const std::int64_t a = x.scale, n = std::int64_t(l.value) - x.offset;
  const Var plain = x.base();
  switch (l.kind) {
    case Literal::Kind::le:  // a x <= n
      return a > 0 ? atom_literal(plain, false, floor_div(n, a), false)
                   : atom_literal(plain, false, ceil_div(n, a) - 1, true);
    case Literal::Kind::ge:  // a x >= n
      return a > 0 ? atom_literal(plain, false, ceil_div(n, a) - 1, true)
                   : atom_literal(plain, false, floor_div(n, a), false);
    case Literal::Kind::eq:
    case Literal::Kind::ne: {
      const bool ne = l.kind == Literal::Kind::ne;
      if (n % a != 0) return constant(ne);  // no integer x has that value
      return atom_literal(plain, true, n / a, ne);
    }
  }
  return constant(false);
}

LiteralTable::Lookup LiteralTable::atom_literal(Var x, bool is_eq, std::int64_t u,
                                                bool negated) {
  const Range r = range(x.id);
  // constants of the declared range
  if (!is_eq && u >= r.hi) return constant(!negated);
  if (!is_eq && u < r.lo) return constant(negated);
  if (is_eq && (u < r.lo || u > r.hi)) return constant(negated);
  if (is_eq && r.lo == r.hi) return constant(!negated);
  if (std::int64_t(r.hi) - r.lo == 1) {  // a Boolean: [x <= lo] and [x == lo] are not [x == hi]
    if (u == r.lo) negated = !negated;
    is_eq = true;
    u = r.hi;
  }
  if (std::size_t(x.id) >= slot_.size()) slot_.resize(std::size_t(x.id) + 1, kNoId);
  std::uint32_t& slot = slot_[std::size_t(x.id)];
  if (slot == kNoId) {
    slot = std::uint32_t(slots_.size());
    slots_.push_back({x, {}});
  }
  std::vector<Entry>& es = slots_[slot].entries;
  const int value = int(u);
  auto it = std::lower_bound(es.begin(), es.end(), value,
                             [](const Entry& e, int v) { return e.value < v; });
  if (it == es.end() || it->value != value) it = es.insert(it, Entry{value});
  std::uint32_t& atom = is_eq ? it->eq : it->le;
  if (atom == kNoId) {
    atom = std::uint32_t(atoms_.size());
    atoms_.push_back({slot, is_eq, value, x.id});
  }
  return {Lookup::Kind::id, 2 * atom + (negated ? 1u : 0u)};
}

Literal LiteralTable::literal(LitId l) const {
  const Atom& a = atoms_[l >> 1];
  const Var x = slots_[a.slot].var;
  const bool neg = l & 1u;
  if (a.is_eq) return neg ? Literal::ne(x, a.value) : Literal::eq(x, a.value);
  return neg ? Literal::ge(x, a.value + 1) : Literal::le(x, a.value);
}

Event LiteralTable::make_true(Space& s, LitId l) const {
  const Atom& a = atoms_[l >> 1];
  const Var x = slots_[a.slot].var;
  const bool neg = l & 1u;
  if (a.is_eq) return neg ? s.remove(x, a.value) : s.assign(x, a.value);
  return neg ? s.set_min(x, std::int64_t(a.value) + 1) : s.set_max(x, a.value);
}

}  // namespace solve::detail::csp
