#pragma once
// Conflict analysis to the first unique implication point (issue 24, docs/notes/lcg-design.md
// §3-4): from the failure pending on the kernel's learning trail, a nogood over literals.
//
// The nogood starts as the failing call's reason (Constraint::explain with no pruned
// literal) and is a set of literals true at the failure. Each literal is tied to the change
// that made it true (its *defining change*, found on the trail). While more than one change of
// the highest level is in the set, the newest is replaced by its reason: the explanation,
// by the propagator that made the change, of the literal the change made true, asked with the
// domains rebuilt as that call found them. A decision ends the walk: it is always a unique
// implication point of its level. Literals true before the first decision are left out.
// Last, a literal whose reason follows from the others is dropped (minimisation, a few reasons
// deep: on 12-queens it takes the nogoods from 30.7 literals on average to 16.5).
// Each change's reasons are explained once and kept until the search takes the change back
// (the walk, minimisation and the next failures ask the same ones), and the domains a call
// began from are rebuilt once for all its changes.
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "csp/clause_store.hpp"
#include "csp/kernel.hpp"
#include "csp/store.hpp"
#include "solve/explain.hpp"
#include "solve/search.hpp"

namespace solve::detail::csp {

class ConflictAnalysis {
 public:
  /// For searches of m with the kernel's propagation level.
  ConflictAnalysis(const Model& m, Propagation level);

  /// Analyses the failure pending on the kernel's learning trail (and takes it); false when
  /// none is pending, or a reason turned out not to hold (a propagator's explain() is wrong).
  bool analyse(PropagationKernel& kernel);
  /// The nogood of the last successful analyse(), valid until the next call.
  Nogood nogood() const;
  /// Reasons asked of propagators so far, and how many of them named the whole scope.
  std::uint64_t reasons() const { return reasons_; }
  std::uint64_t scope_reasons() const { return scope_reasons_; }
  /// The kernel's constraint `index` is this clause database (the learning search's): its
  /// explanations read the domains of the variables with literals only, so only those are
  /// rebuilt for it (its scope is every variable).
  void use_clause_store(std::int32_t index, const ClauseStore* store) {
    store_index_ = index;
    store_ = store;
  }

 private:
  /// A domain as the analysis reads it (a snapshot on the trail, or the current one).
  struct Domain {
    int min, max, size, lo;  // lo: the value of bit 0
    const std::uint64_t* words;
  };
  struct Item {
    Literal literal;   // on the plain variable
    Literal pruned;    // what the defining change made true (it implies literal)
    std::uint32_t change;
    int level;
    std::int32_t next;  // the next item of the same change, -1 for none
    bool in_set;        // false once taken out (the 1UIP walk only appends to items_)
  };
  enum class Added { yes, dropped, not_true };

  /// The change that made l (on a plain variable) true, and the domain it left in `after`;
  /// kAtRoot when l held before the first change, kNotTrue when it does not hold now.
  static constexpr std::int32_t kAtRoot = -1, kNotTrue = -2;
  std::int32_t defining_change(const Literal& l, Domain& after);
  /// For the != literals of variable id (its changes `chain`, its layout nwords words): per
  /// bit of the layout, the position on the chain of the first domain without the value; null
  /// while not worth it.
  const std::uint32_t* removals(std::int32_t id, std::span<const std::int32_t> chain,
                                std::size_t nwords);
  static constexpr std::uint32_t kNoTable = ~std::uint32_t{0};
  /// Adds literal l (true at the failure) to the set, with its defining change.
  Added add(Literal l);
  /// Lists items_[item] with its change (and the change in newest_ when it is its first).
  void link(std::uint32_t item);
  /// Adds the literals of a reason; false when one does not hold.
  bool add_all(std::span<const Literal> reason);
  /// The reason of `pruned`, made true by change k of a propagator: explained once (the 1UIP
  /// walk and minimisation ask the same ones again, and the next analyses too while the
  /// search has not taken the change back), its literals in cached_literals_[begin, end).
  /// Read the literals by index: asking another reason may move them.
  struct CachedReason {
    Literal pruned;
    std::uint32_t begin, end;
    std::int32_t next;  // the change's previous entry, -1 for none
  };
  CachedReason reason_of(std::uint32_t k, const Literal& pruned);
  /// Moves the items of change k out of the set into taken_: what that change made true
  /// (pruned) or the literals themselves.
  void take(std::uint32_t k, bool pruned);
  /// Replaces the literals defined by change k (a propagator's) by their reasons.
  bool expand(std::uint32_t k);
  /// Replaces the literals defined by decision change k by the decision literal (and the
  /// literals of the old domain that, with it, imply them).
  bool replace_by_decision(std::uint32_t k);
  /// Drops the literals whose reason follows from the others: each literal of the reason
  /// follows from a literal left in the nogood, holds at the root, or (to a depth of
  /// kMinimiseDepth) has a reason that follows in turn. One literal at a time, against the
  /// nogood as it is then: each drop keeps it valid (the rest implies the dropped literal).
  void minimise();
  static constexpr int kMinimiseDepth = 2;
  /// True when l (true at the failure) follows from the nogood's literals but items_[skip],
  /// looking at most `depth` reasons deep.
  bool follows(const Literal& l, std::size_t skip, int depth);
  /// True when the reason of `pruned`, made true by change k, follows (as above).
  bool reason_follows(std::uint32_t k, const Literal& pruned, std::size_t skip, int depth);
  /// What a change that left domain `after` made true, in the terms of explain(), for a literal
  /// l that it made true.
  static Literal made_true(const Literal& l, const Domain& after);
  /// True when a literal of the set other than items_[skip] implies l.
  bool implied(const Literal& l, std::size_t skip) const;
  /// The domains of the scope of `cause` as they were when its call (or step) that began at
  /// trail position `at` ran, into before_ (nothing to do when they are there already: the
  /// changes of one call are explained one after another; only the variables changed in
  /// between when before_ holds another position of the same propagator); narrow: only the
  /// variables with literals (for the clause database).
  void rebuild(std::int32_t cause, std::uint32_t at, bool narrow = false);
  /// Variable id's domain at trail position `at`, into before_.
  void rebuild_var(std::int32_t id, std::uint32_t at);
  /// The reason of that call for `pruned` (nullopt: for its failure), into reason_.
  void explain_call(std::int32_t cause, std::uint32_t at, std::optional<Literal> pruned);
  Domain current(std::int32_t id) const;
  Domain old(std::uint32_t change) const;
  static bool holds(const Literal& l, const Domain& d);

  const PropagationKernel* kernel_ = nullptr;
  std::int32_t store_index_ = -1;
  const ClauseStore* store_ = nullptr;
  const LearningTrail* trail_ = nullptr;
  Store before_;  // the domains a propagator call began from (only its scope's are rebuilt)
  std::vector<Item> items_;
  // per change: its items in the set (a list through Item::next, in the order added), valid
  // at analysis_stamp_; per level: how many items of the set it has
  struct ChangeItems {
    std::uint64_t stamp = 0;
    std::int32_t head = -1, tail = -1;
    std::uint32_t count = 0;
  };
  struct LevelItems {
    std::uint64_t stamp = 0;
    std::uint32_t count = 0;
  };
  std::vector<ChangeItems> by_change_;
  std::vector<LevelItems> by_level_;
  std::vector<std::uint32_t> newest_;  // a max-heap of the changes with items (some taken)
  // per variable: analysis_stamp_ once an item on it was added in this analysis (never taken
  // back: items removed since only cost a scan), so that add() and implied() skip the scan of
  // items_ for a variable that has none
  std::vector<std::uint64_t> var_stamp_;
  std::uint64_t analysis_stamp_ = 1;
  // The literals of items_, in an open-addressing table whose entries are valid at
  // analysis_stamp_ (an entry stays when its item leaves the set, which says so, so that probe
  // chains stay whole): add() finds a literal already in the set without a scan of items_,
  // which was quadratic in the nogood's size (half of the search's time on a model with
  // large default reasons, mario).
  struct Seen {
    Literal literal;
    std::uint32_t item = 0;  // its newest item in items_
    std::uint64_t stamp = 0;
  };
  std::vector<Seen> seen_;
  // minimise(): the items by variable (by_var_ sorted; per variable its range, valid at
  // minimisation_), and those dropped
  std::vector<std::uint32_t> by_var_;  // item indices
  std::vector<std::int32_t> group_vars_;
  // removals(): per variable its table in removal_pool_ and the times asked, valid at
  // analysis_stamp_
  std::vector<std::uint64_t> removal_stamp_;
  std::vector<std::uint32_t> removal_begin_;
  std::vector<std::size_t> removal_asked_;
  std::vector<std::uint32_t> removal_pool_;
  std::vector<std::uint64_t> group_stamp_;
  std::vector<std::uint32_t> group_begin_, group_end_;
  std::vector<char> dropped_;
  std::size_t seen_count_ = 0;  // valid entries
  static std::size_t hash(const Literal& l);
  /// The entry of l in seen_ (valid, or the free slot where it would go).
  Seen& seen_slot(const Literal& l);
  void mark_seen(const Literal& l, std::uint32_t item);
  Reason reason_;                       // scratch of explain()
  std::uint64_t reasons_ = 0, scope_reasons_ = 0;
  /// Forgets the reasons of the changes from `kept` on (taken back since the last analysis),
  /// or all of them (kept 0) when the cache has grown large with ones no longer asked.
  void forget(std::uint32_t kept);
  std::vector<CachedReason> cached_;    // the reasons asked, ...
  std::vector<Literal> cached_literals_;
  std::vector<std::int32_t> cache_head_;    // ... per change its newest entry in cached_
  std::vector<std::uint64_t> cache_stamp_;  // per change: cache_head_ is valid at generation_
  std::uint64_t generation_ = 1;            // changes when the whole cache is forgotten
  const LearningTrail* cached_trail_ = nullptr;  // the trail they are of
  std::int32_t rebuilt_cause_ = 0;  // the call before_ holds the scope of (when valid)
  std::uint32_t rebuilt_at_ = 0;
  bool rebuilt_ = false, rebuilt_narrow_ = false;
  bool whole_ = false;  // before_ holds every variable's domain at whole_at_ (see rebuild())
  std::uint32_t whole_at_ = 0;
  std::vector<std::int32_t> dirty_;  // ... but these, written for another position
  std::uint64_t levels_seen_ = 0;       // bit (level % 64) of every level in the nogood
  std::vector<std::uint64_t> failed_;   // per change: the minimisation that found it does not
  std::uint64_t minimisation_ = 0;      // follow (counts the calls of minimise())
  std::vector<Literal> taken_;     // scratch of take()
  std::vector<Literal> literals_;  // the nogood
  std::vector<int> levels_;
  int level_ = 0;
  std::size_t asserting_ = 0;
};

}  // namespace solve::detail::csp
