// global_cardinality over disjoint value groups, as one propagator.
//
// One pass classifies every variable: the groups its values touch ("possible") and, when all
// its values lie in one group, that group ("sure"). A group with sure > hi or possible < lo
// fails; at sure == hi the other variables lose the group's values; at possible == lo the
// variables that may take it must. Pruning changes the counts, so it reports `changed`.
// Cheaper than one among() per group when there are many groups (one scan, not one per
// group), which is what the biggest-square model of apps/carcassonne needs.
#include <algorithm>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/counting.hpp"
#include "solve/error.hpp"

namespace solve::detail {

namespace {

// Plain: every variable is a plain one (no view). The hot loops then rebuild each as Var{id},
// whose scale and offset the compiler knows, so the Space calls lose their view branches
// (carcassonne's square search: docs/notes/kernel-port.md, "The biggest square after the kernel merge").
template <bool Plain>
class GlobalCardinality : public CloneableConstraint<GlobalCardinality<Plain>> {
 public:
  GlobalCardinality(std::vector<Var> xs, std::vector<ValueCount> groups, int lo_value, int hi_value)
      : xs_(std::move(xs)),
        groups_(std::move(groups)),
        first_(lo_value),
        group_of_(std::size_t(hi_value - lo_value + 1), -1),
        sure_in_(xs_.size()),
        sure_(groups_.size()),
        possible_(groups_.size()),
        stamp_(groups_.size()) {
    for (std::size_t g = 0; g < groups_.size(); ++g)
      for (int v : groups_[g].values) group_of_[std::size_t(v - first_)] = int(g);
  }

  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "global_cardinality"; }
  bool check(std::span<const int> v) const override {
    std::vector<int> n(groups_.size(), 0);
    for (int x : v)
      if (group(x) >= 0) ++n[std::size_t(group(x))];
    for (std::size_t g = 0; g < groups_.size(); ++g)
      if (n[g] < groups_[g].lo || n[g] > groups_[g].hi) return false;
    return true;
  }

  PropStatus propagate(Space& s) override {
    std::fill(sure_.begin(), sure_.end(), 0);
    std::fill(possible_.begin(), possible_.end(), 0);
    bool all_assigned = true;
    for (std::size_t i = 0; i < xs_.size(); ++i) classify(s, i, all_assigned);
    for (std::size_t g = 0; g < groups_.size(); ++g)
      if (sure_[g] > groups_[g].hi || possible_[g] < groups_[g].lo) return PropStatus::failed;
    if (all_assigned) return PropStatus::entailed;
    bool pruned = false;
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      const bool full = sure_[g] == groups_[g].hi && possible_[g] > sure_[g];
      const bool needed = possible_[g] == groups_[g].lo && possible_[g] > sure_[g];
      if (!full && !needed) continue;
      for (std::size_t i = 0; i < xs_.size(); ++i) {
        if (sure_in_[i] == int(g)) continue;
        const Var x = var(i);
        if (full) {
          for (int v : groups_[g].values)
            if (s.contains(x, v)) {
              pruned = true;
              if (s.remove(x, v) == Event::failed) return PropStatus::failed;
            }
        } else if (touches(s, x, int(g))) {  // must take a value of g
          values_.clear();
          s.for_each_value(x, [&](int v) {
            if (group(v) != int(g)) values_.push_back(v);
          });
          for (int v : values_) {
            pruned = true;
            if (s.remove(x, v) == Event::failed) return PropStatus::failed;
          }
        }
      }
    }
    return pruned ? PropStatus::changed : PropStatus::fixpoint;
  }
  // The counts of the call's start, as among names them: a group over its maximum fails by
  // its sure variables, under its minimum by the variables that lack it; a value of a full
  // group is lost by the group's sure variables, a value outside a needed group by the
  // variables that lack that group; a variable emptied by the lost values of each of them.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      count(before);
      if (!pruned) {
        for (std::size_t g = 0; g < groups_.size(); ++g) {
          if (sure_[g] > groups_[g].hi) return name_sure(before, int(g), r);
          if (possible_[g] < groups_[g].lo) return name_lacking(before, int(g), r);
        }
        // a variable that every rule empties
        for (std::size_t i = 0; i < xs_.size(); ++i) {
          bool all = true;
          before.for_each_value(xs_[i], [&](int v) { all = all && rule_of(before, i, v) >= 0; });
          if (!all) continue;
          add_domain(before, xs_[i], r);
          bool named = true;
          before.for_each_value(xs_[i], [&](int v) { named = named && name_rule(before, i, v, r); });
          return named;
        }
        return false;
      }
      return explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
        return at_some_entry(xs_, pruned->var, w,
                             [&](std::size_t i, int v) { return name_rule(before, i, v, r); });
      });
    });
  }

 private:
  /// The counts of `before` into sure_, possible_ and sure_in_ (explain() may run on a copy
  /// that never propagated, so it fills the scratch itself).
  void count(const Space& before) const {
    sure_.assign(groups_.size(), 0);
    possible_.assign(groups_.size(), 0);
    sure_in_.assign(xs_.size(), -1);
    stamp_.resize(groups_.size());
    named_.assign(groups_.size(), 0);
    bool all_assigned = true;
    for (std::size_t i = 0; i < xs_.size(); ++i) classify(before, i, all_assigned);
  }
  /// The group whose rule removes v from variable i in `before` (full: v is its value; needed:
  /// v lies outside it and i may take it), or -1.
  int rule_of(const Space& before, std::size_t i, int v) const {
    const int gv = group(v);
    if (gv >= 0 && sure_in_[i] != gv && sure_[std::size_t(gv)] == groups_[std::size_t(gv)].hi)
      return gv;
    for (std::size_t g = 0; g < groups_.size(); ++g)
      if (int(g) != gv && sure_in_[i] != int(g) && possible_[g] == groups_[g].lo &&
          possible_[g] > sure_[g] && touches(before, xs_[i], int(g)))
        return int(g) + int(groups_.size());
    return -1;
  }
  /// The reason why variable i loses v by rule_of (each group's variables named once per
  /// reason); false when none applies or naming fails.
  bool name_rule(const Space& before, std::size_t i, int v, Reason& r) const {
    const int rule = rule_of(before, i, v);
    if (rule < 0) return false;
    int& named = named_[std::size_t(rule) % groups_.size()];
    const int bit = rule < int(groups_.size()) ? 1 : 2;
    if (named & bit) return true;
    named |= bit;
    const int g = rule % int(groups_.size());
    return bit == 1 ? name_sure(before, g, r) : name_lacking(before, g, r);
  }
  /// Names the variables whose every value lies in group g: its value, or its bounds and the
  /// values between them outside g.
  bool name_sure(const Space& before, int g, Reason& r) const {
    for (std::size_t i = 0; i < xs_.size(); ++i) {
      if (sure_in_[i] != g) continue;
      const Var x = xs_[i];
      if (before.assigned(x)) {
        r.add(Literal::eq(x, before.value(x)));
        continue;
      }
      const std::int64_t lo = before.min(x), hi = before.max(x);
      if (hi - lo > 256) return false;
      add_bounds(before, x, r);
      for (std::int64_t w = lo + 1; w < hi; ++w)
        if (group(int(w)) != g && reachable(x, w)) r.add(Literal::ne(x, int(w)));
    }
    return true;
  }
  /// Names the variables without a value of group g: its values that x's bounds hold, and
  /// those bounds when values of g lie beyond them; or x's domain when that is shorter.
  bool name_lacking(const Space& before, int g, Reason& r) const {
    const std::vector<int>& values = groups_[std::size_t(g)].values;
    for (std::size_t i = 0; i < xs_.size(); ++i) {
      const Var x = xs_[i];
      if (touches(before, x, g)) continue;
      const int lo = before.min(x), hi = before.max(x);
      const auto within = std::count_if(values.begin(), values.end(), [&](int v) {
        return lo <= v && v <= hi && reachable(x, v);
      });
      if (std::int64_t(hi) - lo + 1 - before.size(x) <= within) {  // holes no more than that
        add_domain(before, x, r);
        continue;
      }
      bool below = false, above = false;
      for (const int v : values) {
        if (v < lo) below = true;
        else if (v > hi) above = true;
        else if (reachable(x, v)) r.add(Literal::ne(x, v));
      }
      if (below) r.add(Literal::ge(x, lo));
      if (above) r.add(Literal::le(x, hi));
    }
    return true;
  }

  int group(int v) const {
    const long i = long(v) - first_;
    return i >= 0 && std::size_t(i) < group_of_.size() ? group_of_[std::size_t(i)] : -1;
  }

  bool touches(const Space& s, Var x, int g) const {
    for (int v : groups_[std::size_t(g)].values)
      if (s.contains(x, v)) return true;
    return false;
  }

  Var var(std::size_t i) const {
    if constexpr (Plain) return Var{xs_[i].id};
    else return xs_[i];
  }

  void classify(const Space& s, std::size_t i, bool& all_assigned) const {
    const Var x = var(i);
    sure_in_[i] = -1;
    if (s.assigned(x)) {
      const int g = group(s.value(x));
      if (g >= 0) {
        ++sure_[std::size_t(g)];
        ++possible_[std::size_t(g)];
        sure_in_[i] = g;
      }
      return;
    }
    all_assigned = false;
    ++epoch_;
    int only = -2;  // -2: none seen yet, -1: outside or several groups
    s.for_each_value(x, [&](int v) {
      const int g = group(v);
      if (g < 0) {
        only = -1;
        return;
      }
      if (stamp_[std::size_t(g)] != epoch_) {
        stamp_[std::size_t(g)] = epoch_;
        ++possible_[std::size_t(g)];
        only = only == -2 ? g : -1;
      }
    });
    if (only >= 0) {
      ++sure_[std::size_t(only)];
      sure_in_[i] = only;
    }
  }

  std::vector<Var> xs_;
  std::vector<ValueCount> groups_;
  int first_;                         // smallest value of any group
  std::vector<int> group_of_;         // value - first_ -> group, or -1
  // scratch of propagate() and explain() (mutable for the latter, which is const)
  mutable std::vector<int> sure_in_;          // per variable: the group it surely takes, or -1
  mutable std::vector<int> sure_, possible_;  // per group
  mutable std::vector<std::uint64_t> stamp_;  // per group: epoch of the last variable touching it
  mutable std::uint64_t epoch_ = 0;
  mutable std::vector<int> named_;  // per group, explain(): bit 1 sure, bit 2 lacking named
  std::vector<int> values_;  // scratch
};

}  // namespace

}  // namespace solve::detail

namespace solve {

void global_cardinality(Model& m, std::span<const Var> xs, std::span<const ValueCount> groups) {
  for (Var x : xs) m.check(x);
  if (groups.empty()) return;
  int lo = 0, hi = 0;
  bool first = true;
  for (const ValueCount& g : groups) {
    if (g.lo > g.hi) throw ModelError("global_cardinality: a group with lo > hi");
    if (g.values.empty()) throw ModelError("global_cardinality: a group without values");
    for (int v : g.values) {
      lo = first ? v : std::min(lo, v);
      hi = first ? v : std::max(hi, v);
      first = false;
    }
  }
  if (long(hi) - long(lo) > (1L << 22)) {  // sparse values: one among() per group
    for (const ValueCount& g : groups) among(m, xs, g.values, g.lo, g.hi);
    return;
  }
  std::vector<int> owner(std::size_t(hi - lo + 1), -1);
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (int v : groups[g].values) {
      int& o = owner[std::size_t(v - lo)];
      if (o >= 0 && o != int(g)) throw ModelError("global_cardinality: groups share a value");
      o = int(g);
    }
  std::vector<Var> vars(xs.begin(), xs.end());
  std::vector<ValueCount> gs(groups.begin(), groups.end());
  if (std::none_of(xs.begin(), xs.end(), [](Var x) { return x.is_view(); }))
    m.post(
        std::make_unique<detail::GlobalCardinality<true>>(std::move(vars), std::move(gs), lo, hi));
  else
    m.post(
        std::make_unique<detail::GlobalCardinality<false>>(std::move(vars), std::move(gs), lo, hi));
}

}  // namespace solve
