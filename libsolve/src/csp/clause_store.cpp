// The clause database (clause_store.hpp): arena, two watched literals, the changes seen
// through reversible words, reasons, and deletion of learnt clauses by activity.
#include "csp/clause_store.hpp"

#include "solve/error.hpp"

#include <algorithm>
#include <cstring>

namespace solve::detail::csp {

namespace {

// far outside every int: the first call sees every bound as moved
constexpr std::int64_t kFar = std::int64_t{1} << 40;

// an activity as the arena word it is kept in, and back (memcpy: the playground's libc++ has
// no std::bit_cast)
std::uint32_t float_bits(float f) {
  std::uint32_t w;
  std::memcpy(&w, &f, sizeof w);
  return w;
}
float bits_float(std::uint32_t w) {
  float f;
  std::memcpy(&f, &w, sizeof f);
  return f;
}

}  // namespace

ClauseStore::ClauseStore(std::vector<Var> vars) : vars_(std::move(vars)) {
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    vars_[i] = vars_[i].base();
    const std::size_t id = std::size_t(vars_[i].id);
    if (id >= index_of_.size()) index_of_.resize(id + 1, kNoId);
    index_of_[id] = std::uint32_t(i);
  }
  // every slot a variable of the scope can have, now: the vector never moves its words
  seen_.resize(vars_.size());
  reset(0);
}

ClauseStore::ClauseStore(std::vector<Var> vars, std::span<const std::pair<int, int>> ranges)
    : ClauseStore(std::move(vars)) {
  for (std::size_t i = 0; i < vars_.size() && i < ranges.size(); ++i)
    table_.declare(vars_[i], ranges[i].first, ranges[i].second);
}

float ClauseStore::activity(ClauseRef c) const { return bits_float(arena_[c + 2]); }

bool ClauseStore::normalise(std::span<const Literal> lits, std::span<const int> levels) {
  if (!levels.empty() && levels.size() != lits.size())
    throw ModelError("clause store: a learnt clause needs one level per literal");
  lits_.clear();
  leveled_.clear();
  bool always_true = false;
  for (const Literal& l : lits) {  // all checked before any atom is made
    const std::size_t id = std::size_t(l.var.id);
    if (l.var.id < 0 || id >= index_of_.size() || index_of_[id] == kNoId)
      throw ModelError("clause store: a clause names a variable outside the store's scope");
  }
  for (std::size_t i = 0; i < lits.size(); ++i) {
    const LiteralTable::Lookup k = table_.find_or_add(lits[i]);
    always_true = always_true || k.kind == LiteralTable::Lookup::Kind::always_true;
    if (k.kind == LiteralTable::Lookup::Kind::id)
      leveled_.push_back({k.id, levels.empty() ? 0 : levels[i]});
  }
  grow_state();  // for the atoms made, even when the clause is dropped
  if (always_true) return false;
  // by literal, the highest level first: a literal named twice keeps that one
  std::sort(leveled_.begin(), leveled_.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second > b.second;
  });
  leveled_.erase(std::unique(leveled_.begin(), leveled_.end(),
                             [](const auto& a, const auto& b) { return a.first == b.first; }),
                 leveled_.end());
  for (const auto& [l, level] : leveled_) lits_.push_back(l);
  // l and not l are neighbours once sorted (2a, 2a + 1): the clause always holds
  for (std::size_t i = 1; i < lits_.size(); ++i)
    if (lits_[i] == negate(lits_[i - 1])) return false;
  return true;
}

void ClauseStore::grow_state() {
  const std::size_t lits = 2 * std::size_t(table_.num_atoms());
  if (watches_.size() < lits) watches_.resize(lits);
  if (reason_.size() < lits) reason_.resize(lits, kNoId);
  while (slot_ids_.size() < table_.num_slots())
    slot_ids_.push_back(table_.slot_var(std::uint32_t(slot_ids_.size())).id);
  changed_.resize(slot_ids_.size());
  slot_has_eq_.resize(slot_ids_.size(), 0);
  known_.resize(table_.num_atoms(), kAtomUnknown);
  while (atom_seen_.size() < table_.num_atoms()) {
    const LiteralTable::Atom& a = table_.atom(std::uint32_t(atom_seen_.size()));
    if (a.is_eq) slot_has_eq_[a.slot] = 1;
    atom_seen_.push_back({0, 0});
  }
}

void ClauseStore::reset(std::uint64_t store) {
  store_ = store;
  for (Seen& s : seen_) s = {UINT64_MAX, 0, std::uint64_t(-kFar), 0, std::uint64_t(kFar), 0};
  for (AtomSeen& a : atom_seen_) a = {0, 0};
  std::fill(reason_.begin(), reason_.end(), kNoId);
  std::fill(known_.begin(), known_.end(), kAtomUnknown);
  known_trail_.clear();
  known_mark_ = known_mark_stamp_ = 0;
}

void ClauseStore::undo_known(Space& s) {
  // a longer trail than the mark: the search left the node of those changes (the domains
  // came back, and known_ must say no more than they do)
  while (known_trail_.size() > known_mark_) {
    const std::uint32_t e = known_trail_.back();
    known_trail_.pop_back();
    known_[e >> 2] = std::uint8_t(e & 3u);
  }
  s.save_word(known_mark_, known_mark_stamp_);
}

ClauseRef ClauseStore::push_clause(std::span<const LitId> lits, bool learnt) {
  const ClauseRef c = ClauseRef(arena_.size());
  arena_.push_back(std::uint32_t(lits.size()));
  arena_.push_back(learnt ? kLearnt : 0);
  arena_.push_back(float_bits(0.0f));
  arena_.insert(arena_.end(), lits.begin(), lits.end());
  ++clauses_;
  if (learnt) ++learnt_;
  return c;
}

void ClauseStore::watch(ClauseRef c) {
  const LitId a = arena_[c + kHeader], b = arena_[c + kHeader + 1];
  watches_[a].push_back({c, b});
  watches_[b].push_back({c, a});
}

bool ClauseStore::add_clause(std::span<const Literal> lits) {
  if (!normalise(lits)) return true;
  if (lits_.empty()) {
    root_empty_ = true;
    return false;
  }
  const ClauseRef c = push_clause(lits_, false);
  if (lits_.size() == 1) units_.push_back(c);
  else watch(c);
  return true;
}

ClauseStore::Added ClauseStore::add_learnt(const Space& s, std::span<const Literal> lits) {
  return normalise(lits) ? add_normalised(s, false) : Added::open;
}

ClauseStore::Added ClauseStore::add_learnt(const Space& s, std::span<const Literal> lits,
                                           std::span<const int> levels) {
  return normalise(lits, levels) ? add_normalised(s, true) : Added::open;
}

ClauseStore::Added ClauseStore::add_normalised(const Space& s, bool by_level) {
  if (leveled_.empty()) {  // no assignment satisfies the model
    root_empty_ = true;
    return Added::conflict;
  }
  // true literals first, then open ones, then false ones (from the highest level down): the
  // first two are the best watches
  auto rank = [&](LitId l) {
    const Truth t = table_.truth(s, l);
    return t == Truth::yes ? 0 : t == Truth::open ? 1 : 2;
  };
  std::stable_sort(leveled_.begin(), leveled_.end(), [&](const auto& a, const auto& b) {
    const int ra = rank(a.first), rb = rank(b.first);
    return ra != rb ? ra < rb : ra == 2 && a.second > b.second;
  });
  lits_.clear();
  for (const auto& [l, level] : leveled_) lits_.push_back(l);
  const int r0 = rank(lits_[0]), r1 = lits_.size() > 1 ? rank(lits_[1]) : 2;
  const ClauseRef c = push_clause(lits_, true);
  if (lits_.size() == 1) {
    units_.push_back(c);  // looked at by every call
    return r0 == 0 ? Added::open : r0 == 1 ? Added::unit : Added::conflict;
  }
  if (r0 == 0 || r1 == 1) {
    watch(c);
    return Added::open;
  }
  if (!by_level) {
    arena_[c + 1] |= kUnsettled;
    unsettled_.push_back(c);
    return r0 == 1 ? Added::unit : Added::conflict;
  }
  // after the backjump the false watch is of the current level: a pop() that takes it back
  // makes it open beside the other watch, and one that does not leaves the clause as the
  // next call makes it (its open literal true, on this level)
  watch(c);
  fresh_.push_back(c);
  return r0 == 1 ? Added::unit : Added::conflict;
}

bool ClauseStore::look_at(Space& s, ClauseRef c) {
  LitId* lits = arena_.data() + c + kHeader;
  const std::uint32_t n = arena_[c];
  // a false watch is replaced by a non-false literal of the rest when there is one (it was
  // there at the add when pop()s came since), and its entry leaves the old list at once: a
  // visit that meets a true blocker does not read the clause, so it could not tell a stale
  // entry
  for (std::uint32_t w = 0; w < 2; ++w) {
    if (table_.truth(s, lits[w]) != Truth::no) continue;
    for (std::uint32_t k = 2; k < n; ++k)
      if (table_.truth(s, lits[k]) != Truth::no) {
        std::swap(lits[w], lits[k]);
        std::vector<Watch>& old = watches_[lits[k]];
        old.erase(std::find_if(old.begin(), old.end(),
                               [c](const Watch& x) { return x.clause == c; }));
        watches_[lits[w]].push_back({c, lits[1 - w]});
        break;
      }
  }
  if (table_.truth(s, lits[0]) == Truth::no) std::swap(lits[0], lits[1]);
  const Truth first = table_.truth(s, lits[0]), second = table_.truth(s, lits[1]);
  if (first == Truth::yes || second != Truth::no) return true;
  if (first == Truth::no) {
    conflict_ = c;
    s.begin_step();
    return false;
  }
  force(s, lits[0], c);
  return true;
}

bool ClauseStore::settle(Space& s) {
  for (std::size_t i = 0; i < unsettled_.size();) {
    const ClauseRef c = unsettled_[i];
    LitId* lits = arena_.data() + c + kHeader;
    const std::uint32_t n = arena_[c];
    // two literals that are not false to the front (a true one first): only then may the
    // clause be watched. One true literal beside false ones is not enough: a pop() that takes
    // it back leaves the clause unit with no watch to tell (the levels of the false literals
    // are unknown here; add_learnt() with levels watches the one of the highest level)
    std::uint32_t open = 0;
    bool sat = false;
    for (std::uint32_t k = 0; k < n && open < 2; ++k) {
      const Truth t = table_.truth(s, lits[k]);
      if (t == Truth::no) continue;
      std::swap(lits[open], lits[k]);
      if (t == Truth::yes) {
        if (open == 1) std::swap(lits[0], lits[1]);
        sat = true;
      }
      ++open;
    }
    if (open == 2) {
      arena_[c + 1] &= ~kUnsettled;
      watch(c);
      unsettled_[i] = unsettled_.back();
      unsettled_.pop_back();
      continue;
    }
    if (open == 0) {
      conflict_ = c;
      s.begin_step();  // false in the domains the earlier steps left
      return false;
    }
    // true from now on (forced, or already): the clause cannot become false in this call
    if (!sat) force(s, lits[0], c);
    ++i;
  }
  return true;
}

void ClauseStore::collect_slot(Space& s, std::uint32_t k) {
  const Var x = table_.slot_var(k);
  Seen& seen = seen_[k];
  const std::uint64_t size = std::uint64_t(s.size(x));
  if (size == seen.size) return;  // domains only shrink: the same size, the same domain
  const int lo = s.min(x), hi = s.max(x);
  const std::int64_t old_lo = std::int64_t(seen.min), old_hi = std::int64_t(seen.max);
  const std::span<const LiteralTable::Entry> es = table_.entries(k);
  auto from = [&](std::int64_t v) {
    return std::lower_bound(
        es.begin(), es.end(), v,
        [](const LiteralTable::Entry& e, std::int64_t w) { return e.value < w; });
  };
  // [x <= v] became false for old_lo <= v < lo, and true (its negation false) for
  // hi <= v < old_hi
  if (lo > old_lo)
    for (auto it = from(old_lo); it != es.end() && it->value < lo; ++it)
      if (it->le != kNoId) note_false(2 * it->le);
  if (hi < old_hi)
    for (auto it = from(hi); it != es.end() && it->value < old_hi; ++it)
      if (it->le != kNoId) note_false(2 * it->le + 1);
  // [x == v] for the values of the range seen last (those outside it were seen false then,
  // and that is trailed with the range)
  if (slot_has_eq_[k])
    for (auto it = from(old_lo); it != es.end() && it->value <= old_hi; ++it) {
    const LiteralTable::Entry& e = *it;
    if (e.eq == kNoId) continue;
    AtomSeen& a = atom_seen_[e.eq];
    std::uint64_t bits = a.bits;
    if (!(bits & 1) && !s.contains(x, e.value)) {
      bits |= 1;
      note_false(2 * e.eq);
    }
    if (!(bits & 2) && size == 1 && lo == e.value) {
      bits |= 2;
      note_false(2 * e.eq + 1);
    }
    if (bits != a.bits) {
      s.save_word(a.bits, a.stamp);
      a.bits = bits;
    }
  }
  s.save_word(seen.min, seen.min_stamp);
  s.save_word(seen.max, seen.max_stamp);
  s.save_word(seen.size, seen.size_stamp);
  seen.min = std::uint64_t(std::int64_t(lo));
  seen.max = std::uint64_t(std::int64_t(hi));
  seen.size = size;
}

void ClauseStore::force(Space& s, LitId l, ClauseRef c) {
  // a step of its own: the clause's other literals are false in the domains as they are now,
  // which is where explain() is asked about it
  s.begin_step();
  table_.make_true(s, l);  // open: it leaves a value (the callers looked)
  reason_[l] = c;
  forced_.push_back({l, c});
  // the literals it made false, for the loop of propagate() to visit in this call
  collect_slot(s, table_.atom(l >> 1).slot);
}

bool ClauseStore::visit_watches(Space& s, LitId f) {
  std::vector<Watch>& ws = watches_[f];
  const std::size_t n = ws.size();
  // first the blockers: a true one means the clause holds, and its watch on f may stay
  // without a read of the clause. The clauses to read go to a list, and their first words
  // are fetched meanwhile: the reads are cache misses (on rcpsp 14, most of this function's
  // time went to waiting for them one at a time)
  std::size_t j = 0;
  to_read_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const Watch w = ws[i];
    if (truth_now(s, w.blocker) == Truth::yes) {
      ws[j++] = w;
    } else {
      to_read_.push_back(w.clause);
      __builtin_prefetch(arena_.data() + w.clause);
    }
  }
  // then the clauses, in their order: a literal true now stays true in this call, so a
  // blocker the earlier prunings made true costs a read only
  const std::size_t m = to_read_.size();
  for (std::size_t r = 0; r < m; ++r) {
    const ClauseRef c = to_read_[r];
    LitId* lits = arena_.data() + c + kHeader;
    const std::uint32_t size = arena_[c];
    if (lits[0] == f) std::swap(lits[0], lits[1]);  // the false watch second
    const Truth first = truth_now(s, lits[0]);
    if (first == Truth::yes) {
      ws[j++] = {c, lits[0]};
      continue;
    }
    bool moved = false;
    for (std::uint32_t k = 2; k < size; ++k)
      if (truth_now(s, lits[k]) != Truth::no) {
        std::swap(lits[1], lits[k]);
        watches_[lits[1]].push_back({c, lits[0]});  // another list than ws: lits[1] is not false
        moved = true;
        break;
      }
    if (moved) continue;
    ws[j++] = {c, lits[0]};
    if (first == Truth::no) {
      conflict_ = c;
      s.begin_step();  // false in the domains the earlier steps left
      // the clauses not read keep their watches on f (their blockers as they were)
      for (std::size_t q = r + 1; q < m; ++q) {
        const ClauseRef d = to_read_[q];
        const LitId* ls = arena_.data() + d + kHeader;
        ws[j++] = {d, ls[0] == f ? ls[1] : ls[0]};
      }
      ws.resize(j);
      return false;
    }
    force(s, lits[0], c);  // the clauses after it are judged on its result
  }
  ws.resize(j);
  return true;
}

PropStatus ClauseStore::propagate(Space& s) {
  if (s.id() != store_) reset(s.id());
  undo_known(s);
  forced_.clear();
  newly_false_.clear();
  conflict_ = kNoId;
  if (root_empty_) return PropStatus::failed;
  for (const ClauseRef c : units_) {
    const LitId l = arena_[c + kHeader];
    const Truth t = table_.truth(s, l);
    if (t == Truth::no) {
      conflict_ = c;
      s.begin_step();
      return PropStatus::failed;
    }
    if (t == Truth::open) force(s, l, c);
  }
  if (!unsettled_.empty() && !settle(s)) return PropStatus::failed;
  for (const ClauseRef c : fresh_)
    if (!look_at(s, c)) {
      fresh_.clear();
      return PropStatus::failed;
    }
  fresh_.clear();
  // the sweep: one size per slot (a domain that kept its size is the same domain), into a
  // list first so that the loop makes no call and keeps its pointers in registers
  const std::int32_t* ids = slot_ids_.data();
  const Seen* seen = seen_.data();
  std::uint32_t* changed = changed_.data();
  std::uint32_t n = 0;
  for (std::uint32_t k = 0, slots = std::uint32_t(slot_ids_.size()); k < slots; ++k) {
    changed[n] = k;
    n += std::uint64_t(s.size(Var{ids[k]})) != seen[k].size;
  }
  for (std::uint32_t i = 0; i < n; ++i) collect_slot(s, changed[i]);
  // every literal that became false, those of this call's prunings included (force() adds
  // them): the store's own fixpoint, a chain of unit clauses in one call
  for (std::size_t head = 0; head < newly_false_.size(); ++head) {
    // the next literal's watch list fetched while this one's is visited (its first line
    // was the visit's most waited-for read)
    if (head + 1 < newly_false_.size())
      __builtin_prefetch(watches_[newly_false_[head + 1]].data());
    if (!visit_watches(s, newly_false_[head])) return PropStatus::failed;
  }
  // at its own fixpoint: nothing it pruned can make it prune more
  return PropStatus::fixpoint;
}

bool ClauseStore::check(std::span<const int> values) const {
  if (root_empty_) return false;
  for (std::size_t c = 0; c < arena_.size(); c += kHeader + arena_[c]) {
    if (arena_[c + 1] & kLearnt) continue;  // implied by the model's clauses
    bool holds = false;
    for (const LitId l : clause(ClauseRef(c))) {
      const Literal lit = table_.literal(l);
      if (lit.satisfied_by(values[index_of_[std::size_t(lit.var.id)]])) {
        holds = true;
        break;
      }
    }
    if (!holds) return false;
  }
  return true;
}

// ---- reasons ----

bool ClauseStore::false_from(const Space& before, ClauseRef c, std::uint32_t from) const {
  const std::span<const LitId> lits = clause(c);
  for (std::size_t k = from; k < lits.size(); ++k)
    if (table_.truth(before, lits[k]) != Truth::no) return false;
  return true;
}

void ClauseStore::add_clause_reason(ClauseRef c, Reason& reason) const {
  const std::span<const LitId> lits = clause(c);
  for (std::size_t k = 1; k < lits.size(); ++k) reason.add(table_.literal(negate(lits[k])));
}

bool ClauseStore::explain_by(const Space& before, LitId l, ClauseRef c, const Literal& pruned,
                             Reason& reason) const {
  if (c == kNoId || (arena_[c + 1] & kDeleted) || clause(c)[0] != l || !false_from(before, c, 1))
    return false;
  const Literal made = table_.literal(l);
  const Var x = made.var;
  const std::size_t mark = reason.size();
  bool implied = false;
  switch (made.kind) {
    case Literal::Kind::le: implied = follows_from_max(before, made.value, pruned, reason); break;
    case Literal::Kind::ge: implied = follows_from_min(before, made.value, pruned, reason); break;
    case Literal::Kind::eq: implied = pruned.satisfied_by(made.value); break;
    case Literal::Kind::ne:
      // [x != v] moves a bound only when v was the bound
      if (pruned == Literal::ne(pruned.var, made.value)) implied = true;
      else if (pruned.kind == Literal::Kind::ge && before.min(x) == made.value) {
        reason.add(Literal::ge(x, made.value));
        implied = follows_from_min(before, std::int64_t(made.value) + 1, pruned, reason);
      } else if (pruned.kind == Literal::Kind::le && before.max(x) == made.value) {
        reason.add(Literal::le(x, made.value));
        implied = follows_from_max(before, std::int64_t(made.value) - 1, pruned, reason);
      }
      break;
  }
  if (!implied && before.size(x) <= kSmallDomain) {
    // any other pair within a small domain: every value left that `made` allows satisfies
    // `pruned` (a Boolean's [b != 1] assigning it 0, asked as [b == 0]; an [x <= v] that
    // leaves one value), given the domain x had: a reason of the whole clause store's scope
    // otherwise (on sugiyama g4 one clause reason in five was)
    bool all = true;
    before.for_each_value(x, [&](int w) {
      if (made.satisfied_by(w) && !pruned.satisfied_by(w)) all = false;
    });
    if (all) {
      reason.truncate(mark);
      add_domain(before, x, reason);
      implied = true;
    }
  }
  if (!implied) {
    reason.truncate(mark);
    return false;
  }
  add_clause_reason(c, reason);
  return true;
}

void ClauseStore::explain(const Space& before, std::optional<Literal> pruned,
                          Reason& reason) const {
  // the prunings of the last call on one variable, with its domain before: together they made
  // `pruned` true
  auto by_all_forced = [&](std::uint32_t slot) {
    bool any = false;
    for (const Forced& f : forced_)
      if (table_.atom(f.lit >> 1).slot == slot) {
        if (!false_from(before, f.clause, 1)) return false;
        any = true;
      }
    if (!any) return false;
    // forced_ is the last call's: a conflict analysis also asks about older calls, whose
    // `before` these prunings need not empty, nor bring to `pruned`
    bool implied = true;
    before.for_each_value(table_.slot_var(slot), [&](int w) {
      for (const Forced& f : forced_)
        if (table_.atom(f.lit >> 1).slot == slot && !table_.literal(f.lit).satisfied_by(w))
          return;  // w is pruned
      if (!pruned || !pruned->satisfied_by(w)) implied = false;  // w survives
    });
    if (!implied) return false;
    for (const Forced& f : forced_)
      if (table_.atom(f.lit >> 1).slot == slot) add_clause_reason(f.clause, reason);
    add_domain(before, table_.slot_var(slot), reason);
    return true;
  };
  if (!pruned) {
    if (root_empty_) return;  // an empty clause: nothing needs to hold for the failure
    if (conflict_ != kNoId && false_from(before, conflict_, 0)) {
      for (const LitId l : clause(conflict_)) reason.add(table_.literal(negate(l)));
      return;
    }
    Constraint::explain(before, pruned, reason);
    return;
  }
  const std::uint32_t slot = table_.slot_of(pruned->var.id);
  if (slot != kNoId && pruned->var.scale == 1 && pruned->var.offset == 0) {
    for (const Forced& f : forced_)
      if (table_.atom(f.lit >> 1).slot == slot && explain_by(before, f.lit, f.clause, *pruned, reason))
        return;
    for (const LiteralTable::Entry& e : table_.entries(slot))
      for (const std::uint32_t atom : {e.le, e.eq})
        if (atom != kNoId)
          for (const LitId l : {2 * atom, 2 * atom + 1})
            if (explain_by(before, l, reason_of(l), *pruned, reason)) return;
    if (by_all_forced(slot)) return;
  }
  Constraint::explain(before, pruned, reason);
}

// ---- learnt clauses ----

void ClauseStore::bump_activity(ClauseRef c) {
  const float a = activity(c) + activity_inc_;
  arena_[c + 2] = float_bits(a);
  if (a > 1e20f) {  // scale every activity down before floats overflow
    for (std::size_t d = 0; d < arena_.size(); d += kHeader + arena_[d])
      arena_[d + 2] = float_bits(activity(ClauseRef(d)) * 1e-20f);
    activity_inc_ *= 1e-20f;
  }
}

void ClauseStore::decay_activity() { activity_inc_ /= 0.999f; }

std::size_t ClauseStore::reduce(const Space& s, std::size_t max_bytes) {
  if (arena_bytes() <= max_bytes) return 0;
  std::vector<ClauseRef> learnt;
  for_each_clause([&](ClauseRef c) {
    if (arena_[c + 1] & kLearnt) learnt.push_back(c);
  });
  std::sort(learnt.begin(), learnt.end(),
            [&](ClauseRef a, ClauseRef b) { return activity(a) < activity(b); });
  std::size_t deleted = 0;
  for (std::size_t i = 0; i < learnt.size() / 2; ++i) {
    const ClauseRef c = learnt[i];
    const LitId first = arena_[c + kHeader];
    const bool reason_now = reason_of(first) == c && table_.truth(s, first) == Truth::yes;
    if (arena_[c] <= 2 || reason_now || (arena_[c + 1] & kUnsettled)) continue;
    arena_[c + 1] |= kDeleted;
    ++deleted;
  }
  if (deleted == 0) return 0;
  // compact, keeping the order: (old, new) in ascending old
  std::vector<std::pair<ClauseRef, ClauseRef>> moved;
  std::vector<std::uint32_t> arena;
  arena.reserve(arena_.size());
  for_each_clause([&](ClauseRef c) {
    if (arena_[c + 1] & kDeleted) return;
    moved.push_back({c, ClauseRef(arena.size())});
    arena.insert(arena.end(), arena_.begin() + c, arena_.begin() + c + kHeader + arena_[c]);
  });
  auto remap = [&](ClauseRef c) {
    if (c == kNoId) return kNoId;
    const auto it = std::lower_bound(moved.begin(), moved.end(), std::pair{c, ClauseRef(0)});
    return it != moved.end() && it->first == c ? it->second : kNoId;
  };
  arena_ = std::move(arena);
  for (std::vector<Watch>& ws : watches_) ws.clear();
  for_each_clause([&](ClauseRef c) {
    if (arena_[c] >= 2 && !(arena_[c + 1] & kUnsettled)) watch(c);
  });
  for (ClauseRef& c : units_) c = remap(c);
  for (ClauseRef& c : unsettled_) c = remap(c);
  for (ClauseRef& c : fresh_) c = remap(c);
  std::erase(fresh_, kNoId);
  for (ClauseRef& c : reason_) c = remap(c);
  for (Forced& f : forced_) f.clause = remap(f.clause);
  std::erase_if(forced_, [](const Forced& f) { return f.clause == kNoId; });
  conflict_ = remap(conflict_);
  clauses_ -= deleted;
  learnt_ -= deleted;
  return deleted;
}

}  // namespace solve::detail::csp
