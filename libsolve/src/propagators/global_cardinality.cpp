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

 private:
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

  void classify(const Space& s, std::size_t i, bool& all_assigned) {
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
  std::vector<int> sure_in_;          // per variable: the group it surely takes, or -1 (scratch)
  std::vector<int> sure_, possible_;  // per group (scratch)
  std::vector<std::uint64_t> stamp_;  // per group: epoch of the last variable touching it
  std::uint64_t epoch_ = 0;
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
