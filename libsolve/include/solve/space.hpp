#pragma once
// The domains a constraint reads and prunes: every variable's current domain as a bitset in
// one flat array (no copies of the model per search node).
//
// This is all a propagator sees: read a domain (size, min, max, contains, value, iterate,
// the bitset), and shrink it (remove, assign, set_min, set_max, keep_only). Search levels,
// the trail that undoes changes on backtracking and the record of which variables changed
// belong to the engine (detail::csp::Store, derived from this class) and are out of a
// propagator's reach. Every operation accepts a view (Var with scale/offset) as well as a
// plain variable: it reads and prunes the variable under it.
#include <bit>
#include <climits>
#include <cstdint>
#include <span>
#include <vector>

#include "solve/export.hpp"
#include "solve/types.hpp"

namespace solve {

namespace detail::csp {
class Store;
}

class SOLVE_API Space {
 public:
  // ---- reading a domain ----
  /// Number of values left.
  int size(Var x) const { return info_[x.id].size; }
  /// Smallest value left (undefined on an empty domain).
  int min(Var x) const {
    const Info& d = info_[x.id];
    return x.scale == 1 ? d.min + x.offset : int(x.apply(x.scale > 0 ? d.min : d.max));
  }
  /// Largest value left.
  int max(Var x) const {
    const Info& d = info_[x.id];
    return x.scale == 1 ? d.max + x.offset : int(x.apply(x.scale > 0 ? d.max : d.min));
  }
  /// True when exactly one value is left.
  bool assigned(Var x) const { return info_[x.id].size == 1; }
  /// The value of an assigned variable.
  int value(Var x) const { return min(x); }
  /// True when v is still in the domain.
  bool contains(Var x, int v) const {
    if (x.scale != 1) return scaled_contains(x, v);
    const Info& d = info_[x.id];
    // one unsigned comparison against the layout (bits outside the domain are clear)
    const std::uint64_t i = std::uint64_t(std::int64_t(v) - x.offset - d.lo);
    return i < std::uint64_t(d.nwords) * 64 && ((words_[d.off + (i >> 6)] >> (i & 63)) & 1u);
  }
  /// Smallest value > v still in the domain, or INT_MAX when none.
  int next_value(Var x, int v) const;
  /// Largest value < v still in the domain, or INT_MIN when none.
  int prev_value(Var x, int v) const;
  /// Calls f(value) for every value left, in ascending order.
  template <class F>
  void for_each_value(Var x, F&& f) const {
    const Info& d = info_[x.id];
    if (x.scale == 1) {  // a plain variable or x + c: one addition per value, no product
      const int base = d.lo + x.offset;
      for (unsigned w = 0; w < d.nwords; ++w) {
        std::uint64_t bits = words_[d.off + w];
        while (bits) {
          const int b = std::countr_zero(bits);
          bits &= bits - 1;
          f(base + int(w * 64 + unsigned(b)));
        }
      }
      return;
    }
    if (x.scale < 0) {  // the order of the variable's values is reversed
      for (unsigned w = d.nwords; w-- > 0;) {
        std::uint64_t bits = words_[d.off + w];
        while (bits) {
          const int b = 63 - std::countl_zero(bits);
          bits &= ~(std::uint64_t{1} << b);
          f(int(x.apply(d.lo + int(w * 64 + unsigned(b)))));
        }
      }
      return;
    }
    for (unsigned w = 0; w < d.nwords; ++w) {
      std::uint64_t bits = words_[d.off + w];
      while (bits) {
        const int b = std::countr_zero(bits);
        bits &= bits - 1;
        f(int(x.apply(d.lo + int(w * 64 + unsigned(b)))));
      }
    }
  }
  /// The domain as a bitset: bit i stands for value base(x) + i. The layout of a variable
  /// never changes during a search. For a view a * x + c with a != 1 the words are computed
  /// on demand, and stay valid only until the next bits() call on such a view.
  std::span<const std::uint64_t> bits(Var x) const {
    if (x.scale != 1) return scaled_bits(x);
    const Info& d = info_[x.id];
    return {words_.data() + d.off, d.nwords};
  }
  /// The 64 values lo, lo + 1, ..., lo + 63 as a word: bit i set when lo + i is in the domain.
  std::uint64_t word_at(Var x, std::int64_t lo) const {
    if (x.scale != 1) return scaled_word_at(x, lo);
    const Info& d = info_[x.id];
    const std::int64_t pos = lo - x.offset - d.lo;  // bit of value lo
    const std::int64_t end = std::int64_t(d.nwords) * 64;
    if (pos <= -64 || pos >= end) return 0;
    const std::uint64_t* w = words_.data() + d.off;
    if (pos < 0) return w[0] << -pos;
    const std::int64_t k = pos >> 6;
    const int sh = int(pos & 63);
    const std::uint64_t a = w[k];
    if (sh == 0) return a;
    const std::uint64_t b = k + 1 < std::int64_t(d.nwords) ? w[k + 1] : 0;
    return (a >> sh) | (b << (64 - sh));
  }
  /// The value that bit 0 of bits(x) stands for.
  int base(Var x) const { return x.scale == 1 ? info_[x.id].lo + x.offset : scaled_base(x); }

  // ---- shrinking a domain (each returns what happened; failed leaves the domain empty) ----
  /// Removes v (nothing when v is not in the domain).
  Event remove(Var x, int v) {
    return x.scale == 1 ? remove_raw(x.id, std::int64_t(v) - x.offset) : scaled_remove(x, v);
  }
  /// Removes every value but v.
  Event assign(Var x, int v) {
    return x.scale == 1 ? assign_raw(x.id, std::int64_t(v) - x.offset) : scaled_assign(x, v);
  }
  /// Removes every value < lo.
  Event set_min(Var x, std::int64_t lo) {
    return x.scale == 1 ? set_min_raw(x.id, clamp(lo) - x.offset) : scaled_set_min(x, lo);
  }
  /// Removes every value > hi.
  Event set_max(Var x, std::int64_t hi) {
    return x.scale == 1 ? set_max_raw(x.id, clamp(hi) - x.offset) : scaled_set_max(x, hi);
  }
  /// Removes every value that is not in `values` (any order, duplicates allowed).
  Event keep_only(Var x, std::span<const int> values);
  /// Keeps only the values whose bit is set in mask (same layout as bits(x)).
  Event intersect(Var x, std::span<const std::uint64_t> mask) {
    // an offset view shares the variable's layout: only a * x + c needs the mask remapped
    return x.scale == 1 ? intersect_raw(x.id, mask) : scaled_intersect(x, mask);
  }

  /// True once a domain became empty (the node has failed; the engine undoes it).
  bool failed() const { return failed_; }
  /// The propagation strength of the running search: never below the constraint's
  /// propagates_from(); a propagator may use a stronger algorithm at a higher level.
  Propagation propagation() const { return level_; }
  /// Number of variables.
  int num_vars() const { return int(info_.size()); }

  // ---- reversible state of a propagator ----
  /// Saves `word`, a word of a propagator's own state, so that backtracking past the current
  /// search level restores the value it has now (compact-table's set of valid tuples, for
  /// instance): call it before changing the word. `stamp` is the word's companion (a member
  /// beside it, 0 at first and again on another store, see id()): the word is trailed once
  /// per level, later calls cost one comparison. The word must keep its address while the
  /// search runs (a member vector sized once, in a constraint the engine owns).
  void save_word(std::uint64_t& word, std::uint64_t& stamp) {
    if (stamp == epoch_) return;
    stamp = epoch_;
    trail_word(word);
  }
  // ---- steps of a call, for explanations ----
  /// For a propagator whose call prunes in steps, each step relying on the prunings of the
  /// steps before it (a clause store following a chain of unit clauses): the prunings from here
  /// on are explained against the domains as they are now, not as the call found them (the
  /// `before` of Constraint::explain, which conflict analysis rebuilds from here). Call it
  /// before each step's first pruning, and before returning failed for a failure the earlier
  /// steps brought about. Without learning it costs a test.
  void begin_step();
  /// True when a search that learns records the changes (its reasons will be asked): a
  /// propagator may leave out a rule whose reasons cost more than its prunings gain there.
  bool learning() const;

  /// Identifies this store among every store of the process (never 0). A propagator with
  /// reversible state keeps the id of the store it last ran on: on another one (a copy of the
  /// propagator run elsewhere), it resets its state and its stamps to 0 first.
  std::uint64_t id() const { return id_; }

 private:
  // The only Space is a detail::csp::Store, which holds the trail, the record of changes and
  // the scratch buffers (csp/store.hpp): the operations below reach them through it.
  friend class detail::csp::Store;
  Space();

  struct Info {
    int lo;                // value of bit 0
    int size, min, max;    // cached summary of the bitset
    std::uint32_t off;     // first word in words_
    std::uint32_t nwords;  // words in the bitset
    std::uint64_t stamp;   // the store's epoch at which it was last saved on the trail
    Event pending;         // strongest change since the engine last looked (beside the summary:
                           // one cache line per variable)
  };

  // operations on the variable itself, values already mapped through the view
  Event remove_raw(int id, std::int64_t u);
  Event assign_raw(int id, std::int64_t u);
  Event set_min_raw(int id, std::int64_t lo);
  Event set_max_raw(int id, std::int64_t hi);
  Event empty_raw(int id);  // removes everything
  Event intersect_raw(int id, std::span<const std::uint64_t> mask);
  int next_raw(int id, std::int64_t u) const;  // smallest value > u, INT_MAX if none
  int prev_raw(int id, std::int64_t u) const;  // largest value < u, INT_MIN if none
  std::span<const std::uint64_t> scaled_bits(Var x) const;
  std::uint64_t scaled_word_at(Var x, std::int64_t lo) const;
  Event scaled_remove(Var x, int v);
  Event scaled_assign(Var x, int v);
  Event scaled_set_min(Var x, std::int64_t lo);
  Event scaled_set_max(Var x, std::int64_t hi);
  Event scaled_intersect(Var x, std::span<const std::uint64_t> mask);
  /// Keeps a 64-bit bound within +-2^40 (every value is an int, so further says nothing more)
  /// so that adding a view's offset cannot overflow.
  static std::int64_t clamp(std::int64_t v) {
    constexpr std::int64_t kFar = std::int64_t{1} << 40;
    return v < -kFar ? -kFar : v > kFar ? kFar : v;
  }
  bool scaled_contains(Var x, int v) const;
  int scaled_base(Var x) const;
  std::int64_t layout_end(int id) const;  // largest value of the declared range

  void save(int id);                                     // trail the domain once per epoch
  void save_slow(int id);                                // save()'s path that trails
  void trail_word(std::uint64_t& word);                  // save_word's slow path
  Event after_change(int id, int old_min, int old_max);  // record the event
  void recount(Info& d);                                 // size/min/max from the words
  void set_bound_summary(Info& d, int lo, int hi);       // after set_min/set_max_raw

  detail::csp::Store& store();
  const detail::csp::Store& store() const;

  std::vector<Info> info_;
  std::vector<std::uint64_t> words_;
  Propagation level_ = Propagation::domain;
  bool failed_ = false;
  // changes at every push and pop of a level, so that one epoch lies within one level:
  // something stamped with the current epoch was saved on the current level's trail
  std::uint64_t epoch_ = 1;
  std::uint64_t id_;
};

}  // namespace solve
