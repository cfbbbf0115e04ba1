// all_different_except(xs, S): the variables taking a value outside S are pairwise different.
// At none, the assigned values outside S are checked (plain backtracking of the clique of
// conditional !=); at forward and arc, value propagation: an assigned value outside S leaves
// the other domains. At the domain level (domain consistency): the variables that cannot take
// a value of S ("bound" variables) need a matching to distinct values, which Regin's filter
// (regin.hpp) makes domain-consistent; a variable that can take a value of S is free to, so a
// value v outside S of it has a support unless every matching of the bound variables uses v.
// Those "vital" values are the matched ones that no alternating path from an unmatched value
// reaches (Berge); they leave the free variables' domains.
//
// Reasons: an assigned value outside S, or a Hall set of bound variables (each named with the
// holes that keep S out of it): all_different's (all_different_reason.hpp).
#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <memory>
#include <vector>

#include "propagators/all_different_reason.hpp"
#include "propagators/basic.hpp"
#include "propagators/explain_removals.hpp"
#include "propagators/regin.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/values.hpp"

namespace solve {
namespace detail {
namespace {

class AllDifferentExcept final : public CloneableConstraint<AllDifferentExcept> {
 public:
  AllDifferentExcept(std::vector<Var> xs, std::vector<int> except)
      : xs_(std::move(xs)), except_(std::move(except)) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "all_different_except"; }
  Wake wakes_on(Propagation p) const override {
    return p == Propagation::domain ? Wake::domain : Wake::assigned;
  }
  Propagation propagates_from() const override { return Propagation::none; }
  bool check(std::span<const int> v) const override {
    std::vector<int> taken;
    for (int x : v)
      if (!excepted(x)) taken.push_back(x);
    std::sort(taken.begin(), taken.end());
    return std::adjacent_find(taken.begin(), taken.end()) == taken.end();
  }

  PropStatus propagate(Space& s) override {
    if (s.propagation() == Propagation::none) return check_assigned(s);
    if (s.propagation() == Propagation::domain) {
      const PropStatus st = match(s);
      if (st != PropStatus::fixpoint) return st;
    } else if (!propagate_values(s)) {
      return PropStatus::failed;
    }
    for (Var x : xs_)
      if (!s.assigned(x)) return PropStatus::fixpoint;
    return PropStatus::entailed;
  }

  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    if (explain_by_assigned(before, xs_, pruned, r, [&](int v) { return !excepted(v); })) return;
    explain_or_scope(*this, before, r, [&](Reason& r) {
      held_.clear();  // the bound variables
      for (const Var x : xs_)
        if (!may_except(before, x)) held_.push_back(x);
      if (held_.empty()) return false;
      hall_.match(before, held_);
      if (!pruned) return hall_.overloaded(r);
      const std::size_t k =
          std::size_t(std::find(held_.begin(), held_.end(), pruned->var) - held_.begin());
      return explain_by_removals(before, *pruned, r, [&](int v, Reason& r) {
        return !excepted(v) && hall_.value_taken(k, v, r);
      });
    });
  }

 private:
  bool excepted(int v) const { return std::binary_search(except_.begin(), except_.end(), v); }

  /// True when x can take a value of the except set.
  bool may_except(const Space& s, Var x) const {
    for (int v : except_)
      if (s.contains(x, v)) return true;
    return false;
  }

  PropStatus check_assigned(const Space& s) {
    taken_.clear();
    bool open = false;
    for (Var x : xs_) {
      if (!s.assigned(x)) open = true;
      else if (!excepted(s.value(x))) taken_.push_back(s.value(x));
    }
    std::sort(taken_.begin(), taken_.end());
    if (std::adjacent_find(taken_.begin(), taken_.end()) != taken_.end()) return PropStatus::failed;
    return open ? PropStatus::fixpoint : PropStatus::entailed;
  }

  /// Removes each assigned value outside S from the other variables, following the
  /// assignments this makes (a queue over the scope).
  bool propagate_values(Space& s) {
    queue_.clear();
    done_.assign(xs_.size(), 0);
    for (std::size_t i = 0; i < xs_.size(); ++i)
      if (s.assigned(xs_[i])) queue_.push_back(i);
    while (!queue_.empty()) {
      const std::size_t i = queue_.back();
      queue_.pop_back();
      if (done_[i]) continue;
      done_[i] = 1;
      const int v = s.value(xs_[i]);
      if (excepted(v)) continue;
      for (std::size_t j = 0; j < xs_.size(); ++j) {
        if (j == i || !s.contains(xs_[j], v)) continue;
        const Event e = s.remove(xs_[j], v);
        if (e == Event::failed) return false;
        if (e == Event::assigned) queue_.push_back(j);
      }
    }
    return true;
  }

  /// The domain level: Regin over the bound variables, then the vital values out of the
  /// free ones. fixpoint when done (the caller decides entailment), failed on no matching.
  PropStatus match(Space& s) {
    bound_.clear();
    free_.clear();
    for (Var x : xs_) (may_except(s, x) ? free_ : bound_).push_back(x);
    if (bound_.empty()) return PropStatus::fixpoint;
    const ReginFilter::Outcome o = regin_.filter(s, bound_);
    if (o == ReginFilter::Outcome::failed) return PropStatus::failed;
    if (o == ReginFilter::Outcome::too_large) {  // value propagation, as at arc
      return propagate_values(s) ? PropStatus::fixpoint : PropStatus::failed;
    }
    if (free_.empty()) return PropStatus::fixpoint;
    if (!find_vital(s)) return PropStatus::failed;
    for (Var x : free_)
      for (int v : vital_)
        if (s.contains(x, v) && s.remove(x, v) == Event::failed) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

  /// vital_ = the values every matching of the bound variables uses (false: no matching).
  bool find_vital(const Space& s) {
    if (bound_.size() <= 64) {
      int lo = INT_MAX, hi = INT_MIN;
      for (Var x : bound_) {
        lo = std::min(lo, s.min(x));
        hi = std::max(hi, s.max(x));
      }
      if (std::int64_t(hi) - lo < 64) return find_vital_small(s, lo);
    }
    return find_vital_general(s);
  }

  /// The same on words, when the bound variables' values span less than 64: bit b of a
  /// domain stands for lo + b.
  bool find_vital_small(const Space& s, int lo) {
    const std::size_t n = bound_.size();
    std::uint64_t matched = 0;
    for (std::size_t i = 0; i < n; ++i) {  // greedy first
      sdom_[i] = s.word_at(bound_[i], lo);
      const std::uint64_t open = sdom_[i] & ~matched;
      smatch_[i] = open ? std::countr_zero(open) : -1;
      if (open) matched |= std::uint64_t{1} << smatch_[i];
    }
    for (std::size_t i = 0; i < n; ++i) {  // then augmenting paths
      if (smatch_[i] >= 0) continue;
      std::uint64_t visited = 0;
      if (!augment_small(int(i), visited, matched)) return false;
    }
    // values reached by alternating paths from the unmatched values
    std::uint64_t all = 0;
    for (std::size_t i = 0; i < n; ++i) all |= sdom_[i];
    std::uint64_t reached = all & ~matched;
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t bit = std::uint64_t{1} << smatch_[i];
        if ((sdom_[i] & reached) && !(reached & bit)) {
          reached |= bit;
          grew = true;
        }
      }
    }
    vital_.clear();
    for (std::uint64_t v = matched & ~reached; v; v &= v - 1)
      vital_.push_back(lo + std::countr_zero(v));
    return true;
  }
  bool augment_small(int i, std::uint64_t& visited, std::uint64_t& matched) {
    for (std::uint64_t cand = sdom_[i] & ~visited; cand; cand &= cand - 1) {
      const int v = std::countr_zero(cand);
      const std::uint64_t bit = std::uint64_t{1} << v;
      visited |= bit;
      int holder = -1;
      if (matched & bit)
        for (std::size_t k = 0; k < bound_.size() && holder < 0; ++k)
          if (smatch_[k] == v) holder = int(k);
      if (holder < 0 || augment_small(holder, visited, matched)) {
        smatch_[i] = v;
        matched |= bit;
        return true;
      }
    }
    return false;
  }

  bool find_vital_general(const Space& s) {
    // the bound variables' values, as indices 0 .. m - 1
    values_.clear();
    for (Var x : bound_) s.for_each_value(x, [&](int v) { values_.push_back(v); });
    sorted_set_in_place(values_);
    const std::size_t n = bound_.size(), m = values_.size();
    adj_start_.assign(n + 1, 0);
    adj_.clear();
    for (std::size_t i = 0; i < n; ++i) {
      s.for_each_value(bound_[i], [&](int v) {
        adj_.push_back(int(std::lower_bound(values_.begin(), values_.end(), v) - values_.begin()));
      });
      adj_start_[i + 1] = adj_.size();
    }
    // a free variable with none of these values loses nothing: no matching needed
    bool shared = false;
    for (std::size_t f = 0; f < free_.size() && !shared; ++f)
      for (std::size_t k = 0; k < m && !shared; ++k) shared = s.contains(free_[f], values_[k]);
    if (!shared) {
      vital_.clear();
      return true;
    }
    match_var_.assign(n, -1);
    match_val_.assign(m, -1);
    for (std::size_t i = 0; i < n; ++i)  // greedy first, then augmenting paths for the rest
      for (std::size_t e = adj_start_[i]; e < adj_start_[i + 1] && match_var_[i] < 0; ++e)
        if (match_val_[std::size_t(adj_[e])] < 0) {
          match_var_[i] = adj_[e];
          match_val_[std::size_t(adj_[e])] = int(i);
        }
    for (std::size_t i = 0; i < n; ++i) {
      if (match_var_[i] >= 0) continue;
      seen_.assign(m, 0);
      if (!augment(int(i))) return false;
    }
    // holders of each value, to walk alternating paths value -> variable -> its matched value
    holders_start_.assign(m + 1, 0);
    for (int v : adj_) ++holders_start_[std::size_t(v) + 1];
    for (std::size_t k = 0; k < m; ++k) holders_start_[k + 1] += holders_start_[k];
    holders_.assign(adj_.size(), 0);
    fill_.assign(holders_start_.begin(), holders_start_.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t e = adj_start_[i]; e < adj_start_[i + 1]; ++e)
        holders_[fill_[std::size_t(adj_[e])]++] = int(i);
    seen_.assign(m, 0);
    queue_.clear();
    for (std::size_t k = 0; k < m; ++k)
      if (match_val_[k] < 0) {
        seen_[k] = 1;
        queue_.push_back(k);
      }
    while (!queue_.empty()) {
      const std::size_t k = queue_.back();
      queue_.pop_back();
      for (std::size_t h = holders_start_[k]; h < holders_start_[k + 1]; ++h) {
        const int next = match_var_[std::size_t(holders_[h])];
        if (!seen_[std::size_t(next)]) {
          seen_[std::size_t(next)] = 1;
          queue_.push_back(std::size_t(next));
        }
      }
    }
    vital_.clear();
    for (std::size_t k = 0; k < m; ++k)
      if (!seen_[k]) vital_.push_back(values_[k]);
    return true;
  }

  /// Kuhn's augmenting path from variable i (seen_ marks the values visited).
  bool augment(int i) {
    for (std::size_t e = adj_start_[std::size_t(i)]; e < adj_start_[std::size_t(i) + 1]; ++e) {
      const int k = adj_[e];
      if (seen_[std::size_t(k)]) continue;
      seen_[std::size_t(k)] = 1;
      if (match_val_[std::size_t(k)] < 0 || augment(match_val_[std::size_t(k)])) {
        match_var_[std::size_t(i)] = k;
        match_val_[std::size_t(k)] = i;
        return true;
      }
    }
    return false;
  }

  static void sorted_set_in_place(std::vector<int>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }

  std::vector<Var> xs_;
  std::vector<int> except_;  // sorted, distinct
  ReginFilter regin_;        // keeps its last matching as a hint
  // scratch
  std::vector<Var> bound_, free_;
  std::vector<int> taken_, values_, vital_, adj_, holders_, match_var_, match_val_;
  std::vector<std::size_t> queue_, adj_start_, holders_start_, fill_;
  std::vector<char> done_, seen_;
  std::uint64_t sdom_[64];  // find_vital_small: the bound variables' domains from lo
  int smatch_[64];          // and the value (bit) each is matched to
  // explain()'s Hall sets over the bound variables (held_, scratch), kept while asked of the
  // same domains (each thread's search has its own clone)
  mutable std::vector<Var> held_;
  mutable HallSets hall_;
};

}  // namespace
}  // namespace detail

void all_different_except(Model& m, std::span<const Var> xs, std::span<const int> except) {
  for (Var x : xs) m.check(x);
  m.post(std::make_unique<detail::AllDifferentExcept>(std::vector<Var>(xs.begin(), xs.end()),
                                                      detail::sorted_set(except)));
}

void all_different_except_0(Model& m, std::span<const Var> xs) {
  const int zero[] = {0};
  all_different_except(m, xs, zero);
}

}  // namespace solve
