#pragma once
// Reasons of all_different by Hall sets: a value leaves a variable because a set K of the
// other variables has exactly |K| values between them, that one among them; a failure because
// a set has fewer. Found from a maximum matching of the domains `before` (the variables
// reached by alternating paths from the value's partner, or from an unmatched variable), so
// every pruning of value propagation and of Regin's filter has one. Each variable of K is
// named by the bounds of its domain and the holes between them outside the set's values.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "solve/explain.hpp"
#include "solve/space.hpp"

namespace solve::detail {

class HallSets {
 public:
  HallSets() = default;
  /// A copy (a clone of the propagator) starts empty: it matches afresh when first asked.
  HallSets(const HallSets&) {}
  HallSets& operator=(const HallSets&) {
    snapshot_.clear();
    return *this;
  }

  /// Matches the domains of xs in `before`, unless they are word for word those of the last
  /// call (the analysis asks many literals of one propagator call, from the same domains):
  /// then the matching is kept. The later calls read `before` and xs until the next match().
  void match(const Space& before, std::span<const Var> xs);
  /// Names a Hall set without variable x that holds the value v; false when there is none
  /// (some maximum matching gives x the value v).
  bool value_taken(std::size_t x, int v, Reason& r);
  /// Names a set of variables with fewer values than variables; false when every variable is
  /// matched.
  bool overloaded(Reason& r);

 private:
  /// True when xs's domains in `before` are those the matching was made of.
  bool same_domains(const Space& before, std::span<const Var> xs) const;
  void take_snapshot(const Space& before, std::span<const Var> xs);
  bool augment(std::size_t var);
  /// Visits the alternating paths from variable `from`: false when they reach a free value or
  /// the variable `avoid`.
  bool reach(std::size_t from, std::size_t avoid);
  /// Names the variables of the last walk, each within the walk's values: its bounds and the
  /// holes between them outside those values (false past 256 values between its bounds).
  bool name(Reason& r) const;
  /// True when the last walk reached the value w.
  bool in_set(int w) const;

  const Space* before_ = nullptr;  // of the last match() call
  std::span<const Var> xs_;
  // the domains matched: per entry of xs, its view (scale, offset), the base of its variable's
  // words and their count, then the words (empty: nothing matched yet). The matching depends
  // on nothing else: equal snapshots, equal matchings
  static constexpr std::size_t kHead = 4;
  std::vector<std::int64_t> snapshot_;
  static constexpr std::int64_t kDenseRange = 4096;
  static constexpr std::size_t kNone = SIZE_MAX;
  /// The number of value v (kNone: no variable has it).
  std::size_t position(std::int64_t v) const;

  std::size_t nvalues_ = 0;
  std::int64_t lo_ = 0;      // the smallest value: number 0 when values_ is empty
  std::vector<int> values_;  // every value of the domains, ascending, when they span a long range
  std::vector<std::size_t> adj_begin_, adj_;     // per variable, its values' numbers: adj_[begin..]
  std::vector<std::ptrdiff_t> mate_of_value_;    // variable matched to each value, or -1
  std::vector<std::ptrdiff_t> mate_of_var_;      // value matched to each variable, or -1
  std::vector<unsigned> seen_var_, seen_value_;  // visit stamps
  std::vector<std::size_t> queue_;               // scratch of reach()
  unsigned stamp_ = 0;
};

/// The reasons that need no matching, found first: x != v because another variable of xs is v,
/// or a failure because two of them are the same value (both named). Values for which
/// `counts(v)` is false are left out (all_different_except's excepted values). False when
/// neither applies and a Hall set must be named.
template <class Counts>
bool explain_by_assigned(const Space& before, std::span<const Var> xs,
                         const std::optional<Literal>& pruned, Reason& r, Counts counts) {
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (!before.assigned(xs[i])) continue;
    const int v = before.value(xs[i]);
    if (!counts(v)) continue;
    if (pruned && pruned->kind == Literal::Kind::ne && pruned->value == v && pruned->var != xs[i])
      return r.add(Literal::eq(xs[i], v)), true;
    if (!pruned)
      for (std::size_t j = i + 1; j < xs.size(); ++j)
        if (before.assigned(xs[j]) && before.value(xs[j]) == v)
          return r.add(Literal::eq(xs[i], v)), r.add(Literal::eq(xs[j], v)), true;
  }
  return false;
}

}  // namespace solve::detail
