// bin_packing_load(load, bin, w, base): load[b] is the weight of the items i with
// bin[i] == base + b. Per bin, the weight surely in it (items assigned there) and possibly in
// it (items whose domain holds it) bound its load; the loads add up to the total weight, so
// each load also lies within total - (the others' max) .. total - (the others' min). An item
// leaves a bin whose load would overflow with it; an item goes into a bin that cannot reach
// its load's min without it. The sums follow each change within a pass; each pruning can
// enable another, so the passes repeat until one prunes nothing (each pass that goes on has
// removed a value: the loop ends). Then Shaw's knapsack reasoning on each bin's open items
// (NoSum: no subset of them fits the room left) fails the bin or moves its load's bounds, and
// the passes run again if it did.
#include <algorithm>
#include <climits>
#include <functional>
#include <cstdint>
#include <memory>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/packing_load.hpp"

namespace solve {
namespace detail {
namespace {

class BinPackingLoad final : public CloneableConstraint<BinPackingLoad> {
 public:
  BinPackingLoad(std::vector<Var> load, std::vector<Var> bin, std::vector<int> w, int base)
      : bins_(load.size()), items_(bin.size()), vars_(std::move(load)), w_(std::move(w)), base_(base) {
    vars_.insert(vars_.end(), bin.begin(), bin.end());
    for (int x : w_) total_ += x;
  }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "bin_packing_load"; }
  bool check(std::span<const int> v) const override {
    std::vector<std::int64_t> sum(bins_, 0);
    for (std::size_t i = 0; i < items_; ++i) {
      const std::int64_t b = std::int64_t(v[bins_ + i]) - base_;
      if (b < 0 || b >= std::int64_t(bins_)) return false;
      sum[std::size_t(b)] += w_[i];
    }
    for (std::size_t b = 0; b < bins_; ++b)
      if (sum[b] != v[b]) return false;
    return true;
  }

  PropStatus propagate(Space& s) override {
    const std::int64_t last = std::int64_t(base_) + std::int64_t(bins_) - 1;
    for (std::size_t i = 0; i < items_; ++i)
      if (s.set_min(item(i), base_) == Event::failed || s.set_max(item(i), last) == Event::failed)
        return PropStatus::failed;
    for (bool pruned = true; pruned;) {
      if (!passes(s)) return PropStatus::failed;
      // the passes are at their fixpoint: now the sums the open items can make
      if (!knapsack(s, pruned)) return PropStatus::failed;
    }
    for (Var x : vars_)
      if (!s.assigned(x)) return PropStatus::fixpoint;
    return PropStatus::entailed;
  }

  // The first pass's rules on the call's start (a pruning that needed an earlier one of the
  // same call, or the knapsack, falls back to the scope): a load at least the items in its
  // bin (named assigned) and at most those that may go there (the others named lacking it),
  // or within the total less the other loads' bounds (named); an item out of a bin its
  // weight would overflow (the load's max and the items in it), into a bin that needs it (the
  // load's min and the items that lack the bin); a failure: a load's bounds crossed so, or
  // an item that loses every bin.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      sums(before);
      if (!pruned) {
        for (std::size_t b = 0; b < bins_; ++b) {
          const Var load = vars_[b];
          if (most(b) < before.min(load)) return r.add(Literal::ge(load, before.min(load))), name_most(before, b, r), true;
          if (least(b) > before.max(load)) return r.add(Literal::le(load, before.max(load))), name_least(before, b, r), true;
        }
        for (std::size_t i = 0; i < items_; ++i) {
          const std::size_t mark = r.size();
          add_domain(before, item(i), r);
          bool all = true;
          before.for_each_value(item(i), [&](int v) { all = all && lost(before, i, v, r); });
          if (all) return true;
          r.truncate(mark);
        }
        return false;
      }
      for (std::size_t b = 0; b < bins_; ++b) {
        if (vars_[b] != pruned->var) continue;
        auto lower = [&](int v) {
          return follows_from_min(before, least(b), Literal::ge(vars_[b], v), r) &&
                 (name_least(before, b, r), true);
        };
        auto upper = [&](int v) {
          return follows_from_max(before, most(b), Literal::le(vars_[b], v), r) &&
                 (name_most(before, b, r), true);
        };
        const int v = pruned->value;
        switch (pruned->kind) {
          case Literal::Kind::ge: return lower(v);
          case Literal::Kind::le: return upper(v);
          case Literal::Kind::eq: return lower(v) && upper(v);
          case Literal::Kind::ne: return lower(v + 1) || upper(v - 1);
        }
      }
      const std::span<const Var> items = std::span<const Var>(vars_).subspan(bins_);
      return explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
        return at_some_entry(items, pruned->var, w,
                             [&](std::size_t i, int v) { return lost(before, i, v, r); });
      });
    });
  }

 private:
  /// sure_ and possible_ of `before`, and the sums of the loads' bounds.
  void sums(const Space& s) const {
    sure_.assign(bins_, 0);
    possible_.assign(bins_, 0);
    for (std::size_t i = 0; i < items_; ++i) {
      if (w_[i] == 0) continue;
      s.for_each_value(item(i), [&](int v) {
        const std::int64_t b = std::int64_t(v) - base_;
        if (b >= 0 && b < std::int64_t(bins_)) possible_[std::size_t(b)] += w_[i];
      });
      if (s.assigned(item(i)) && in_range(s.value(item(i))))
        sure_[std::size_t(s.value(item(i)) - base_)] += w_[i];
    }
    sum_min_ = sum_max_ = 0;
    for (std::size_t b = 0; b < bins_; ++b) {
      sum_min_ += s.min(vars_[b]);
      sum_max_ += s.max(vars_[b]);
    }
    before_ = &s;
  }
  bool in_range(std::int64_t v) const {
    return v >= base_ && v - base_ < std::int64_t(bins_);
  }
  /// The least and most load b can take, by the first pass (sums() ran).
  std::int64_t least(std::size_t b) const {
    return std::max(sure_[b], total_ - (sum_max_ - before_->max(vars_[b])));
  }
  std::int64_t most(std::size_t b) const {
    return std::min(possible_[b], total_ - (sum_min_ - before_->min(vars_[b])));
  }
  /// Names why load b is at least least(b): the items in bin b, or the other loads' maxima.
  void name_least(const Space& before, std::size_t b, Reason& r) const {
    if (sure_[b] >= total_ - (sum_max_ - before.max(vars_[b]))) return name_in(before, b, r);
    for (std::size_t c = 0; c < bins_; ++c)
      if (c != b) r.add(Literal::le(vars_[c], before.max(vars_[c])));
  }
  /// Names why load b is at most most(b): the items that lack bin b, or the other loads'
  /// minima.
  void name_most(const Space& before, std::size_t b, Reason& r) const {
    if (possible_[b] <= total_ - (sum_min_ - before.min(vars_[b])))
      return name_lacking(before, b, r, items_);
    for (std::size_t c = 0; c < bins_; ++c)
      if (c != b) r.add(Literal::ge(vars_[c], before.min(vars_[c])));
  }
  /// Names the items of weight assigned to bin b.
  void name_in(const Space& before, std::size_t b, Reason& r) const {
    const int value = int(std::int64_t(base_) + std::int64_t(b));
    for (std::size_t i = 0; i < items_; ++i)
      if (w_[i] > 0 && before.assigned(item(i)) && before.value(item(i)) == value)
        r.add(Literal::eq(item(i), value));
  }
  /// Names the items of weight (but `except`) that lack bin b.
  void name_lacking(const Space& before, std::size_t b, Reason& r, std::size_t except) const {
    const int value = int(std::int64_t(base_) + std::int64_t(b));
    for (std::size_t i = 0; i < items_; ++i)
      if (i != except && w_[i] > 0 && !before.contains(item(i), value) && reachable(item(i), value))
        r.add(Literal::ne(item(i), value));
  }
  /// Names why item i loses bin value v by the first pass (sums() ran); false when it does
  /// not.
  bool lost(const Space& before, std::size_t i, int v, Reason& r) const {
    if (!in_range(v)) return true;
    if (w_[i] == 0 || before.assigned(item(i))) return false;
    const std::size_t b = std::size_t(v - base_);
    if (sure_[b] + w_[i] > before.max(vars_[b])) {  // it would overflow
      r.add(Literal::le(vars_[b], before.max(vars_[b])));
      return name_in(before, b, r), true;
    }
    for (std::size_t c = 0; c < bins_; ++c) {  // another bin needs it
      const int needed = int(std::int64_t(base_) + std::int64_t(c));
      if (c == b || !before.contains(item(i), needed)) continue;
      if (possible_[c] - w_[i] < before.min(vars_[c])) {
        r.add(Literal::ge(vars_[c], before.min(vars_[c])));
        return name_lacking(before, c, r, i), true;
      }
    }
    return false;
  }

  /// The passes above, until one prunes nothing; false on a failure.
  bool passes(Space& s) {
    for (bool pruned = true; pruned;) {
      pruned = false;
      sure_.assign(bins_, 0);
      possible_.assign(bins_, 0);
      for (std::size_t i = 0; i < items_; ++i) {
        if (w_[i] == 0) continue;
        s.for_each_value(item(i), [&](int v) { possible_[std::size_t(v - base_)] += w_[i]; });
        if (s.assigned(item(i))) sure_[std::size_t(s.value(item(i)) - base_)] += w_[i];
      }
      std::int64_t sum_min = 0, sum_max = 0;
      for (std::size_t b = 0; b < bins_; ++b) {
        sum_min += s.min(vars_[b]);
        sum_max += s.max(vars_[b]);
      }
      for (std::size_t b = 0; b < bins_; ++b) {
        const Var load = vars_[b];
        const std::int64_t lo = std::max(sure_[b], total_ - (sum_max - s.max(load)));
        const std::int64_t hi = std::min(possible_[b], total_ - (sum_min - s.min(load)));
        const std::int64_t old_min = s.min(load), old_max = s.max(load);
        if (s.set_min(load, lo) == Event::failed || s.set_max(load, hi) == Event::failed)
          return false;
        if (s.min(load) != old_min || s.max(load) != old_max) {
          sum_min += s.min(load) - old_min;
          sum_max += s.max(load) - old_max;
          pruned = true;
        }
      }
      // items: out of bins they would overflow, into bins that need them
      for (std::size_t i = 0; i < items_; ++i) {
        const Var x = item(i);
        if (w_[i] == 0 || s.assigned(x)) continue;
        drop_.clear();
        int needed = INT_MIN;
        s.for_each_value(x, [&](int v) {
          const std::size_t b = std::size_t(v - base_);
          if (sure_[b] + w_[i] > s.max(vars_[b])) drop_.push_back(v);
          else if (possible_[b] - w_[i] < s.min(vars_[b])) needed = v;
        });
        // (the sums follow each change, so the later items see them)
        if (needed != INT_MIN) {
          s.for_each_value(x, [&](int v) {
            if (v != needed) possible_[std::size_t(v - base_)] -= w_[i];
          });
          if (s.assign(x, needed) == Event::failed) return false;
          sure_[std::size_t(needed - base_)] += w_[i];
          pruned = true;
        } else if (!drop_.empty()) {
          for (int v : drop_) {
            if (s.remove(x, v) == Event::failed) return false;
            possible_[std::size_t(v - base_)] -= w_[i];
          }
          if (s.assigned(x)) sure_[std::size_t(s.value(x) - base_)] += w_[i];
          pruned = true;
        }
      }
    }
    return true;
  }

  /// Shaw's knapsack reasoning, per bin: the open items that may go in it must add up to
  /// between min(load) and max(load) less the weight already in it; when NoSum proves that
  /// no subset does, the bin fails, and a bound of the load no subset reaches moves to the
  /// next sum some subset may make. `pruned` tells whether a load moved.
  bool knapsack(Space& s, bool& pruned) {
    pruned = false;
    for (std::size_t b = 0; b < bins_; ++b) {
      const int value = int(std::int64_t(base_) + std::int64_t(b));
      cand_.clear();
      std::int64_t sure = 0;
      for (std::size_t i = 0; i < items_; ++i) {
        if (w_[i] == 0 || !s.contains(item(i), value)) continue;
        if (s.assigned(item(i))) sure += w_[i];
        else cand_.push_back(w_[i]);
      }
      if (cand_.empty()) continue;
      std::sort(cand_.begin(), cand_.end(), std::greater<>());
      const Var load = vars_[b];
      const std::int64_t lo = s.min(load) - sure, hi = s.max(load) - sure;
      std::int64_t below = 0, above = 0;
      if (no_sum(lo, hi, below, above)) return false;
      if (no_sum(lo, lo, below, above)) {
        if (s.set_min(load, sure + above) == Event::failed) return false;
        pruned = true;
      }
      if (no_sum(s.max(load) - sure, s.max(load) - sure, below, above)) {
        if (s.set_max(load, sure + below) == Event::failed) return false;
        pruned = true;
      }
    }
    return true;
  }

  /// Shaw's NoSum over cand_ (descending): true when no subset of it adds up to a value in
  /// [alpha, beta]; then `below` is the largest sum under alpha and `above` the smallest over
  /// beta that it found some subset to make. False when it cannot tell (P. Shaw, "A
  /// constraint for bin packing", CP 2004; x_j here is cand_[j - 1]).
  bool no_sum(std::int64_t alpha, std::int64_t beta, std::int64_t& below, std::int64_t& above) const {
    const long n = long(cand_.size());
    std::int64_t total = 0;
    for (const std::int64_t x : cand_) total += x;
    if (alpha <= 0 || beta >= total || alpha > beta) return false;
    const auto x = [&](long j) { return cand_[std::size_t(j - 1)]; };  // 1-based, as the paper
    std::int64_t sa = 0, sb = 0, sc = 0;  // the k largest, the window above, the k' smallest
    long k = 0, kp = 0;
    while (n - kp >= 1 && sc + x(n - kp) < alpha) sc += x(n - kp++);
    if (n - kp < 1) return false;
    sb = x(n - kp);
    while (sa < alpha && sb <= beta) {
      if (++k > n) return false;
      sa += x(k);
      if (sa < alpha) {
        if (--kp < 0) return false;
        sb += x(n - kp);
        sc -= x(n - kp);
        while (sa + sc >= alpha) {
          if (--kp < 0 || n - kp - k - 1 < 1) return false;
          sc -= x(n - kp);
          sb += x(n - kp) - x(n - kp - k - 1);
        }
      }
    }
    below = sa + sc;
    above = sb;
    return sa < alpha;
  }

  Var item(std::size_t i) const { return vars_[bins_ + i]; }

  std::size_t bins_, items_;
  std::vector<Var> vars_;  // loads, then bins
  std::vector<int> w_;
  int base_;
  std::int64_t total_ = 0;
  // scratch, per bin (mutable: explain() counts too)
  mutable std::vector<std::int64_t> sure_, possible_;
  mutable std::int64_t sum_min_ = 0, sum_max_ = 0;  // of explain(): the loads' bounds
  mutable const Space* before_ = nullptr;           // of explain()
  std::vector<int> drop_;                      // scratch
  std::vector<std::int64_t> cand_;             // scratch: a bin's open items, heaviest first
};

}  // namespace
}  // namespace detail

void bin_packing_load(Model& m, std::span<const Var> load, std::span<const Var> bin,
                      std::span<const int> weights, int base) {
  if (bin.size() != weights.size())
    throw ModelError("bin_packing_load: " + std::to_string(bin.size()) + " items but " +
                     std::to_string(weights.size()) + " weights");
  if (load.empty()) throw ModelError("bin_packing_load: no bins");
  if (std::int64_t(base) + std::int64_t(load.size()) - 1 > INT_MAX)
    throw ModelError("bin_packing_load: base + bins overflows");
  std::int64_t total = 0;
  for (int w : weights) {
    if (w < 0) throw ModelError("bin_packing_load: negative weight " + std::to_string(w));
    total += w;
  }
  if (total > INT_MAX) throw ModelError("bin_packing_load: the weights add up past 2^31 - 1");
  for (Var x : load) m.check(x);
  for (Var x : bin) m.check(x);
  m.post(std::make_unique<detail::BinPackingLoad>(std::vector<Var>(load.begin(), load.end()),
                                                  std::vector<Var>(bin.begin(), bin.end()),
                                                  std::vector<int>(weights.begin(), weights.end()),
                                                  base));
}

}  // namespace solve
