#pragma once
// The store: every variable's current domain as a bitset in one flat array, plus the trail
// that undoes changes on backtracking (no copies of the model per search node).
//
// Propagators see only this narrow interface: read a domain (size/min/max/contains/value,
// iterate), and shrink it (remove/assign/restrict_min/restrict_max). Every shrink is recorded
// on the trail the first time a variable changes at a search level, and reported to the
// propagation engine through the "modified" list it drains.
#include <bit>
#include <climits>
#include <cstdint>
#include <span>
#include <vector>

#include "solve/types.hpp"

namespace solve {

class Space {
 public:
  // ---- reading a domain ----
  /// Number of values left.
  int size(Var x) const { return info_[x.id].size; }
  /// Smallest value left (undefined on an empty domain).
  int min(Var x) const { return info_[x.id].min; }
  /// Largest value left.
  int max(Var x) const { return info_[x.id].max; }
  /// True when exactly one value is left.
  bool assigned(Var x) const { return info_[x.id].size == 1; }
  /// The value of an assigned variable.
  int value(Var x) const { return info_[x.id].min; }
  /// True when v is still in the domain.
  bool contains(Var x, int v) const {
    const Info& d = info_[x.id];
    if (v < d.min || v > d.max) return false;
    const unsigned i = unsigned(v - d.lo);
    return (words_[d.off + (i >> 6)] >> (i & 63)) & 1u;
  }
  /// Smallest value > v still in the domain, or INT_MAX when none.
  int next_value(Var x, int v) const;
  /// Largest value < v still in the domain, or INT_MIN when none.
  int prev_value(Var x, int v) const;
  /// Calls f(value) for every value left, in ascending order.
  template <class F>
  void for_each_value(Var x, F&& f) const {
    const Info& d = info_[x.id];
    for (unsigned w = 0; w < d.nwords; ++w) {
      std::uint64_t bits = words_[d.off + w];
      while (bits) {
        const int b = std::countr_zero(bits);
        bits &= bits - 1;
        f(d.lo + int(w * 64 + unsigned(b)));
      }
    }
  }
  /// The domain's bitset words (bit i stands for value base(x) + i), for fast set algebra.
  std::span<const std::uint64_t> bits(Var x) const {
    const Info& d = info_[x.id];
    return {words_.data() + d.off, d.nwords};
  }
  /// The value that bit 0 of bits(x) stands for.
  int base(Var x) const { return info_[x.id].lo; }

  // ---- shrinking a domain (each returns what happened; failed leaves the domain empty) ----
  Event remove(Var x, int v);
  Event assign(Var x, int v);
  Event restrict_min(Var x, int lo);  ///< remove every value < lo
  Event restrict_max(Var x, int hi);  ///< remove every value > hi
  /// Keep only the values whose bit is set in mask (same layout as bits(x)).
  Event intersect(Var x, std::span<const std::uint64_t> mask);

  /// True once a domain became empty at this search level (cleared by pop_level()).
  bool failed() const { return failed_; }

  /// The propagation strength of the running search (propagators may adapt to it).
  Propagation level() const { return level_; }
  /// Number of variables.
  int num_vars() const { return int(info_.size()); }

  // ---- used by the engine (not by propagators) ----
  /// Adds a variable with domain [lo, hi], or only the given values of it when not empty.
  Var add_var(int lo, int hi, std::span<const int> values);
  void set_level(Propagation p) { level_ = p; }
  /// Opens a new search level: later changes are undone by pop_level().
  void push_level();
  /// Undoes every change since the matching push_level().
  void pop_level();
  /// Number of open levels.
  int depth() const { return int(level_marks_.size()); }
  /// Variables modified since the last clear_modified(), each listed once.
  std::span<const std::int32_t> modified() const { return modified_; }
  void clear_modified();
  /// Counts domain operations that removed something (for statistics).
  std::uint64_t updates() const { return updates_; }

 private:
  struct Info {
    int lo;                 // value of bit 0
    int size, min, max;     // cached summary of the bitset
    std::uint32_t off;      // first word in words_
    std::uint32_t nwords;   // words in the bitset
    std::uint64_t stamp;    // epoch at which it was last saved on the trail
    bool in_modified;       // already in modified_
  };
  struct TrailEntry {
    std::int32_t var;
    int size, min, max;
    std::uint32_t word_start;  // in trail_words_
  };

  void save(int id);                       // trail the domain once per epoch
  Event after_change(int id);              // recompute summary, record event
  void recount(Info& d);                   // size/min/max from the words

  std::vector<Info> info_;
  std::vector<std::uint64_t> words_;
  std::vector<TrailEntry> trail_;
  std::vector<std::uint64_t> trail_words_;
  std::vector<std::uint32_t> level_marks_;  // trail_.size() at each push_level
  std::vector<std::int32_t> modified_;
  std::uint64_t epoch_ = 1;
  std::uint64_t updates_ = 0;
  Propagation level_ = Propagation::domain;
  bool failed_ = false;
};

}  // namespace solve
