#pragma once
// The clause database of learning from failure (issue 24, docs/notes/lcg-clauses.md): one
// Constraint that the kernel runs like any other, holding clauses over the lazily made
// literals of a LiteralTable.
//
// Clauses lie in one flat arena (a header, then the literal ids); each clause of two or more
// literals watches its first two (two watched literals: a clause needs a look only when a
// watched literal becomes false). A call of propagate() finds the literals that became false
// since the last call from the domain changes of the variables that have literals (a bound
// move: the [x <= v] values crossed, by binary search in the variable's sorted table; a
// removal: [x == v]), visits their watches, and makes true, through Space, the last open
// literal of each clause whose others are all false; the literals that this makes false join
// the queue of the same call, so that a chain of unit clauses costs one call (the store's own
// fixpoint). Each such pruning is a step of its own (Space::begin_step()): its reason, the
// negation of the clause's other literals, holds in the domains the step began with, which is
// what explain() is then asked on. What it knows between calls (how far each variable's
// changes were seen) is trailed through Space::save_word.
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "csp/literal_table.hpp"
#include "solve/constraint.hpp"

namespace solve::detail::csp {

/// A clause: its offset in the arena.
using ClauseRef = std::uint32_t;

class ClauseStore final : public Constraint {
 public:
  /// What add_learnt() found in the domains at once.
  enum class Added : std::uint8_t {
    open,       ///< two literals are not false (or one is true): nothing to do
    unit,       ///< one literal is open, the others false: the next propagate() makes it true
    conflict,   ///< every literal is false: the caller must backtrack
  };

  /// A store over the variables `vars` (plain variables, the scope: a clause that names
  /// another throws ModelError); `ranges` (optional, one [lo, hi] per variable) makes literals outside a
  /// variable's range constants and its 0..1 literals one.
  explicit ClauseStore(std::vector<Var> vars);
  ClauseStore(std::vector<Var> vars, std::span<const std::pair<int, int>> ranges);

  /// Adds a clause of the model (before the search): the disjunction of `lits`. Returns
  /// false when it is empty once constants are folded in (every propagate() then fails).
  bool add_clause(std::span<const Literal> lits);
  /// Adds a learnt clause during the search, on the domains of s. A unit or false clause is
  /// kept aside and looked at by every propagate() call until it has two non-false literals.
  Added add_learnt(const Space& s, std::span<const Literal> lits);
  /// The same with the level of each literal (levels[i] for lits[i], as conflict analysis
  /// gives them in solve::Nogood: where the literal became false), called after the backjump,
  /// on the level of the highest of the false literals: the clause watches its open (or true)
  /// literals first and then the false literal of the highest level, so that pop() to any level
  /// leaves it two non-false watches or a true one; a unit or false clause is looked at by the
  /// next propagate() only (unit: it makes the open literal true; false: it fails).
  Added add_learnt(const Space& s, std::span<const Literal> lits, std::span<const int> levels);
  /// Raises the activity of a learnt clause (used in conflict analysis), and lets older bumps
  /// weigh less (decay_activity()).
  void bump_activity(ClauseRef c);
  void decay_activity();
  /// When the arena holds more than max_bytes: deletes the half of the learnt clauses with
  /// the lowest activity, but never one of <= 2 literals nor one that is the reason of a
  /// literal true in s. Returns the number deleted. References to clauses change (compaction).
  std::size_t reduce(const Space& s, std::size_t max_bytes);

  /// Counts and sizes.
  std::size_t num_clauses() const { return clauses_; }
  std::size_t num_learnt() const { return learnt_; }
  std::size_t arena_bytes() const { return arena_.size() * sizeof(std::uint32_t); }
  const LiteralTable& literals() const { return table_; }
  /// The literals of a clause (the forced literal first when it is a reason).
  std::span<const LitId> clause(ClauseRef c) const {
    return {arena_.data() + c + kHeader, arena_[c]};
  }
  bool is_learnt(ClauseRef c) const { return arena_[c + 1] & kLearnt; }
  float activity(ClauseRef c) const;
  /// The clause that made l true last (kNoId when none, or when it was deleted); it is the
  /// reason of l while l is true and the clause's other literals are false.
  ClauseRef reason_of(LitId l) const { return l < reason_.size() ? reason_[l] : kNoId; }
  /// The clause the last propagate() found false (kNoId: none, or a model clause was empty):
  /// what conflict analysis starts from and bumps. A call fails only so (it makes true only
  /// open literals).
  ClauseRef last_conflict() const { return conflict_; }
  /// Calls f(ref) for every clause.
  template <class F>
  void for_each_clause(F&& f) const {
    for (std::size_t c = 0; c < arena_.size(); c += kHeader + arena_[c]) f(ClauseRef(c));
  }

  // ---- Constraint ----
  std::span<const Var> scope() const override { return vars_; }
  PropStatus propagate(Space& s) override;
  std::unique_ptr<Constraint> clone() const override {
    return std::make_unique<ClauseStore>(*this);
  }
  /// True when the model's clauses (not the learnt ones) hold.
  bool check(std::span<const int> values) const override;
  std::string_view name() const override { return "clauses"; }
  Wake wakes_on(Propagation) const override { return Wake::domain; }
  Propagation propagates_from() const override { return Propagation::none; }
  /// A literal pruned: the negation of the other literals of the clause that forced it (and
  /// the holes of `before` that carry a bound over), `before` the domains of its step. A
  /// failure: the clause found false (false in the domains of the failing step).
  void explain(const Space& before, std::optional<Literal> pruned,
               Reason& reason) const override;

 private:
  static constexpr std::uint32_t kHeader = 3;  // size, flags, activity (float bits)
  /// A domain this small is walked value by value to see what a forced literal implies.
  static constexpr int kSmallDomain = 64;
  static constexpr std::uint32_t kLearnt = 1, kUnsettled = 2, kDeleted = 4;
  // what was seen of a variable's changes (reversible words, each with its stamp)
  struct Seen {
    std::uint64_t size, size_stamp, min, min_stamp, max, max_stamp;  // size: the sweep's
  };
  // per atom: bit 0 once its literal was seen false, bit 1 once its negation was
  struct AtomSeen {
    std::uint64_t bits, stamp;
  };

  ClauseRef push_clause(std::span<const LitId> lits, bool learnt);
  void watch(ClauseRef c);
  void grow_state();  // per-literal and per-variable state for new atoms and slots
  void reset(std::uint64_t store);
  // into lits_ (with levels, one per literal, into levels_); false: always true
  bool normalise(std::span<const Literal> lits, std::span<const int> levels = {});
  // the literals of slot k's variable that became false since it was last seen, into
  // newly_false_
  void collect_slot(Space& s, std::uint32_t k);
  // f became false: into the call's queue, and its atom's truth into known_ (trailed)
  void note_false(LitId f) {
    newly_false_.push_back(f);
    const std::uint32_t a = f >> 1;
    known_trail_.push_back(a << 2 | known_[a]);
    known_[a] = (f & 1u) ? kAtomTrue : kAtomFalse;
    known_mark_ = known_trail_.size();  // saved for this node by undo_known()
  }
  // the truth of l as the watch visits ask it: known_ when the store saw the change, the
  // domain otherwise (known_ must not say more than the domains do, see undo_known())
  Truth truth_now(const Space& s, LitId l) const {
    const std::uint8_t a = known_[l >> 1];
    if (a == kAtomUnknown) return table_.truth(s, l);
    return (a == kAtomTrue) != bool(l & 1u) ? Truth::yes : Truth::no;
  }
  // known_ back to what it was at the node the search is now on (its trail's length then is
  // the reversible word known_mark_), and the mark set for the node of this call
  void undo_known(Space& s);
  // makes l true (an open literal) as clause c says, a step of its own (Space::begin_step())
  void force(Space& s, LitId l, ClauseRef c);
  bool visit_watches(Space& s, LitId f);  // false: a clause is false
  bool settle(Space& s);                  // the unsettled clauses; false: one is false
  // add_learnt() once normalise() made leveled_ (by_level: its levels say which false
  // literal to watch)
  Added add_normalised(const Space& s, bool by_level);
  // a learnt clause added with levels: its watches mended if they are false, its open literal
  // made true when it is unit; false: the clause is false
  bool look_at(Space& s, ClauseRef c);
  // the literals of c from `from` on are false in `before`
  bool false_from(const Space& before, ClauseRef c, std::uint32_t from) const;
  void add_clause_reason(ClauseRef c, Reason& reason) const;
  bool explain_by(const Space& before, LitId l, ClauseRef c, const Literal& pruned,
                  Reason& reason) const;

  std::vector<Var> vars_;
  std::vector<std::uint32_t> index_of_;  // per variable id: its place in vars_ (check())
  LiteralTable table_;
  std::vector<std::uint32_t> arena_;
  // a watch: the clause, and a literal of it (the other watch when it was made) whose truth
  // makes the visit end without reading the clause (MiniSat's blocker)
  struct Watch {
    ClauseRef clause;
    LitId blocker;
  };
  std::vector<std::vector<Watch>> watches_;  // per literal id: clauses watching it
  std::vector<ClauseRef> units_;                 // clauses of one literal (checked every call)
  std::vector<ClauseRef> unsettled_;             // learnt clauses unit or false when added
  std::vector<ClauseRef> fresh_;  // added with levels, unit or false: for the next call only
  std::vector<ClauseRef> reason_;                // per literal id: the clause that forced it
  bool root_empty_ = false;                      // a model clause was empty
  std::size_t clauses_ = 0, learnt_ = 0;
  float activity_inc_ = 1.0f;

  // reversible state of the search on store store_ (addresses kept: a vector sized once,
  // a deque)
  std::uint64_t store_ = 0;
  std::vector<Seen> seen_;          // per slot (one per scope variable at most: sized so)
  std::deque<AtomSeen> atom_seen_;  // per atom (only [x == v] atoms use it)
  std::vector<std::int32_t> slot_ids_;  // per slot: its variable's id (the sweep reads them)
  std::vector<std::uint8_t> slot_has_eq_;  // per slot: 1 once it has an [x == v] atom
  // per atom: its truth as the store last saw it change (kAtomUnknown: never seen, or taken
  // back): one byte read in place of the literal table and the domain, for the watches'
  // blockers above all (on rcpsp 14, 88 % of 880 M watch visits end at a true blocker).
  // Each change is trailed here (atom << 2 | old byte); the trail's length at the node the
  // search is on is the reversible word known_mark_
  static constexpr std::uint8_t kAtomUnknown = 0, kAtomTrue = 1, kAtomFalse = 2;
  std::vector<std::uint8_t> known_;
  std::vector<std::uint32_t> known_trail_;
  std::uint64_t known_mark_ = 0, known_mark_stamp_ = 0;

  // the last call, for explain(): what it made true and why, and how it failed
  struct Forced {
    LitId lit;
    ClauseRef clause;
  };
  std::vector<Forced> forced_;
  ClauseRef conflict_ = kNoId;  // the clause found false
  // scratch, kept between calls so that a warm store does not allocate
  std::vector<LitId> lits_;
  std::vector<std::pair<LitId, int>> leveled_;  // add_learnt() with levels: literal, level
  std::vector<std::uint32_t> changed_;  // the sweep's slots whose size changed (one per slot)
  std::vector<LitId> newly_false_;  // the queue of the call: literals whose watches to visit
  std::vector<ClauseRef> to_read_;  // visit_watches(): the clauses whose blocker is not true
};

}  // namespace solve::detail::csp
