// occurrences with a variable value, and nvalue: both recount from the domains on every run
// (O(total domain size)), which is cheap next to the search on the sizes they are used for.
// nvalue's lower bound is the piercing number of the domains' hulls (O(n log n)).
#include <algorithm>
#include <climits>
#include <memory>
#include <utility>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/counting.hpp"

namespace solve {
namespace detail {
namespace {

/// n == |{ i : xs[i] == y }|. Scope: xs..., y, n.
class OccurrencesVar final : public CloneableConstraint<OccurrencesVar> {
 public:
  OccurrencesVar(std::vector<Var> xs, Var y, Var n) : k_(xs.size()), vars_(std::move(xs)) {
    vars_.push_back(y);
    vars_.push_back(n);
  }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "occurrences"; }
  bool check(std::span<const int> v) const override {
    return std::count(v.begin(), v.begin() + std::ptrdiff_t(k_), v[k_]) == v[k_ + 1];
  }

  PropStatus propagate(Space& s) override {
    const Var y = vars_[k_], n = vars_[k_ + 1];
    // per value v of y: sure(v) variables are v, possible(v) may be
    int lo = INT_MAX, hi = INT_MIN;
    drop_.clear();
    s.for_each_value(y, [&](int v) {
      int sure = 0, possible = 0;
      for (std::size_t i = 0; i < k_; ++i)
        if (s.contains(vars_[i], v)) {
          ++possible;
          sure += s.assigned(vars_[i]);
        }
      if (sure > s.max(n) || possible < s.min(n)) {
        drop_.push_back(v);
        return;
      }
      lo = std::min(lo, sure);
      hi = std::max(hi, possible);
    });
    for (int v : drop_)
      if (s.remove(y, v) == Event::failed) return PropStatus::failed;
    const Event low = s.set_min(n, lo);
    if (low == Event::failed) return PropStatus::failed;
    const Event high = s.set_max(n, hi);
    if (high == Event::failed) return PropStatus::failed;
    // a narrower n drops more values of y, and fewer values of y narrow n: run again
    const bool pruned = !drop_.empty() || low != Event::none || high != Event::none;
    if (!s.assigned(y)) return pruned ? PropStatus::changed : PropStatus::fixpoint;
    // y known: the count of one value, as among() does it
    const int v = s.value(y);
    int sure = 0, possible = 0;
    for (std::size_t i = 0; i < k_; ++i)
      if (s.contains(vars_[i], v)) {
        ++possible;
        sure += s.assigned(vars_[i]);
      }
    if (sure == possible)
      return s.assign(n, sure) == Event::failed ? PropStatus::failed : PropStatus::entailed;
    const bool none_more = s.max(n) == sure, all_in = s.min(n) == possible;
    if (!none_more && !all_in) return PropStatus::fixpoint;
    for (std::size_t i = 0; i < k_; ++i) {
      const Var x = vars_[i];
      if (s.assigned(x) || !s.contains(x, v)) continue;
      if ((none_more ? s.remove(x, v) : s.assign(x, v)) == Event::failed) return PropStatus::failed;
    }
    return PropStatus::changed;
  }
  // From the first round of the rules (a later round's pruning falls back to the scope): y
  // loses v when the variables that are v pass n's maximum, or those that may be v fall short
  // of its minimum; n's bounds hold over every value y may take; y fixed to v, the undecided
  // variables lose v at n's maximum and take it at its minimum.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const Var y = vars_[k_], n = vars_[k_ + 1];
    const int least = before.min(n), most = before.max(n);
    const std::span<const Var> xs = std::span<const Var>(vars_).first(k_);
    auto sure = [&](int v) {
      return int(std::count_if(xs.begin(), xs.end(),
                               [&](Var x) { return before.assigned(x) && before.value(x) == v; }));
    };
    auto possible = [&](int v) {
      return int(std::count_if(xs.begin(), xs.end(), [&](Var x) { return before.contains(x, v); }));
    };
    auto name_sure = [&](int v, Reason& r) {  // the variables that are v
      for (const Var x : xs)
        if (before.assigned(x) && before.value(x) == v) r.add(Literal::eq(x, v));
    };
    auto name_lacking = [&](int v, Reason& r) {  // the variables that cannot be v
      for (const Var x : xs)
        if (!before.contains(x, v)) r.add(Literal::ne(x, v));
    };
    auto y_lost = [&](int v, Reason& r) {
      if (sure(v) > most) return r.add(Literal::le(n, most)), name_sure(v, r), true;
      if (possible(v) < least) return r.add(Literal::ge(n, least)), name_lacking(v, r), true;
      return false;
    };
    auto lost = [&](int v) { return sure(v) > most || possible(v) < least; };
    // the bounds of n over the values y keeps: at least the fewest sure, at most the most
    // possible; named by y's domain, each value kept by its sure (or lacking) variables, each
    // value lost by its reason
    int lo = INT_MAX, hi = INT_MIN;
    before.for_each_value(y, [&](int v) {
      if (lost(v)) return;
      lo = std::min(lo, sure(v));
      hi = std::max(hi, possible(v));
    });
    auto name_bound = [&](bool lower, Reason& r) {
      add_domain(before, y, r);
      before.for_each_value(y, [&](int v) {
        if (lost(v)) y_lost(v, r);
        else if (lower) name_sure(v, r);
        else name_lacking(v, r);
      });
    };
    auto n_bound = [&](const Literal& l, Reason& r) {
      if (lo != INT_MAX && follows_from_min(before, lo, l, r)) return name_bound(true, r), true;
      if (hi != INT_MIN && follows_from_max(before, hi, l, r)) return name_bound(false, r), true;
      return false;
    };
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) {  // y loses every value, or n's bounds cross
        if (lo == INT_MAX) return name_bound(true, r), true;
        if (lo > most) return r.add(Literal::le(n, most)), name_bound(true, r), true;
        if (hi < least) return r.add(Literal::ge(n, least)), name_bound(false, r), true;
        return false;
      }
      if (pruned->var == n) {
        if (pruned->kind != Literal::Kind::eq) return n_bound(*pruned, r);
        return n_bound(Literal::ge(n, pruned->value), r) &&
               n_bound(Literal::le(n, pruned->value), r);
      }
      if (pruned->var == y) return explain_by_removals(before, *pruned, r, y_lost);
      if (!before.assigned(y) || std::find(xs.begin(), xs.end(), pruned->var) == xs.end())
        return false;
      const int v = before.value(y);
      r.add(Literal::eq(y, v));
      if (sure(v) == most && !pruned->satisfied_by(v) && pruned->kind == Literal::Kind::ne)
        return r.add(Literal::le(n, most)), name_sure(v, r), true;  // no more v
      if (possible(v) == least && pruned->satisfied_by(v))
        return r.add(Literal::ge(n, least)), name_lacking(v, r), true;  // every possible one
      return false;
    });
  }

 private:
  std::size_t k_;
  std::vector<Var> vars_;
  std::vector<int> drop_;  // scratch
};

/// n == number of distinct values of xs. Scope: xs..., n.
class NValue final : public CloneableConstraint<NValue> {
 public:
  NValue(std::vector<Var> xs, Var n) : k_(xs.size()), vars_(std::move(xs)) { vars_.push_back(n); }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "nvalue"; }
  bool check(std::span<const int> v) const override {
    std::vector<int> d(v.begin(), v.begin() + std::ptrdiff_t(k_));
    std::sort(d.begin(), d.end());
    return std::unique(d.begin(), d.end()) - d.begin() == v[k_];
  }

  PropStatus propagate(Space& s) override {
    const Var n = vars_[k_];
    fixed_.clear();
    all_.clear();
    bool open = false;
    for (std::size_t i = 0; i < k_; ++i) {
      const Var x = vars_[i];
      if (s.assigned(x)) fixed_.push_back(s.value(x));
      else open = true;
      s.for_each_value(x, [&](int v) { all_.push_back(v); });
    }
    distinct(fixed_);
    distinct(all_);
    const int at_least = std::max<int>(piercing(s), k_ > 0 ? 1 : 0);
    if (s.set_min(n, at_least) == Event::failed ||
        s.set_max(n, int(std::min(all_.size(), k_))) == Event::failed)
      return PropStatus::failed;
    if (!open) return PropStatus::entailed;
    if (s.max(n) > int(fixed_.size())) return PropStatus::fixpoint;
    // no new value allowed: every open variable takes an assigned one
    for (std::size_t i = 0; i < k_; ++i)
      if (!s.assigned(vars_[i]) && s.keep_only(vars_[i], fixed_) == Event::failed)
        return PropStatus::failed;
    return PropStatus::changed;
  }
  // n's minimum: the hulls the greedy piercing found disjoint (by their bounds), as many as
  // the bound needs; n's maximum: every variable within the union of the domains (by its
  // bounds and its holes that are outside the union); an open variable losing a new value:
  // n's maximum and one variable for each value assigned.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      const Var n = vars_[k_];
      values_of(before);
      const int at_least = std::max<int>(piercing(before), k_ > 0 ? 1 : 0);
      const int at_most = int(std::min(all_.size(), k_));
      if (!pruned) {
        if (at_least > before.max(n))
          return r.add(Literal::le(n, before.max(n))),
                 name_disjoint(before, before.max(n) + 1, r), true;
        if (at_most < before.min(n))
          return r.add(Literal::ge(n, before.min(n))), name_within(before, r), true;
        const int next = before.contains(n, at_least) ? at_least : before.next_value(n, at_least);
        if (next > at_most) {  // n has no value between the two bounds
          add_domain(before, n, r);
          name_disjoint(before, at_least, r);
          return name_within(before, r), true;
        }
        // an open variable without an assigned value, when n allows no new one
        if (before.max(n) > int(fixed_.size())) return false;
        for (std::size_t i = 0; i < k_; ++i) {
          bool any = false;
          before.for_each_value(vars_[i], [&](int v) {
            any = any || std::binary_search(fixed_.begin(), fixed_.end(), v);
          });
          if (any) continue;
          add_domain(before, vars_[i], r);
          return name_assigned(before, r), true;
        }
        return false;
      }
      // [n >= v] (or [n <= v]): n's own bound when it holds already, else the rule's bound
      auto lower = [&](const Literal& l) {
        if (before.min(n) >= l.value) return r.add(Literal::ge(n, before.min(n))), true;
        return follows_from_min(before, at_least, l, r) &&
               (name_disjoint(before, std::min(l.value, at_least), r), true);
      };
      auto upper = [&](const Literal& l) {
        if (before.max(n) <= l.value) return r.add(Literal::le(n, before.max(n))), true;
        return follows_from_max(before, at_most, l, r) && (name_within(before, r), true);
      };
      if (pruned->var == n) {
        if (pruned->kind == Literal::Kind::ge) return lower(*pruned);
        if (pruned->kind == Literal::Kind::le) return upper(*pruned);
        if (pruned->kind == Literal::Kind::eq)
          return lower(Literal::ge(n, pruned->value)) && upper(Literal::le(n, pruned->value));
        return lower(Literal::ge(n, pruned->value + 1)) || upper(Literal::le(n, pruned->value - 1));
      }
      // an open variable keeps the assigned values: only when n's maximum says so already
      if (before.max(n) > int(fixed_.size())) return false;
      name_assigned(before, r);
      return explain_by_removals(before, *pruned, r,
                                 [&](int w, Reason&) { return !std::binary_search(
                                                           fixed_.begin(), fixed_.end(), w); });
    });
  }

 private:
  /// Names n's maximum and one variable for each assigned value (no new value is allowed
  /// when n's maximum is at most their count).
  void name_assigned(const Space& before, Reason& r) const {
    r.add(Literal::le(vars_[k_], before.max(vars_[k_])));
    for (const int v : fixed_)
      for (std::size_t i = 0; i < k_; ++i)
        if (before.assigned(vars_[i]) && before.value(vars_[i]) == v) {
          r.add(Literal::eq(vars_[i], v));
          break;
        }
  }
  /// The distinct assigned values (fixed_) and the distinct values of all domains (all_).
  void values_of(const Space& s) const {
    fixed_.clear();
    all_.clear();
    for (std::size_t i = 0; i < k_; ++i) {
      const Var x = vars_[i];
      if (s.assigned(x)) fixed_.push_back(s.value(x));
      s.for_each_value(x, [&](int v) { all_.push_back(v); });
    }
    distinct(fixed_);
    distinct(all_);
  }
  /// Names the bounds of `need` hulls that are pairwise disjoint (the greedy's, sorted by
  /// right end), which takes `need` distinct values; piercing() sorted hulls_ just before.
  void name_disjoint(const Space& before, int need, Reason& r) const {
    long last = LONG_MIN;
    for (const auto& [hi, lo] : hulls_) {
      if (need <= 0) return;
      if (lo <= last) continue;
      last = hi;
      --need;
      for (std::size_t i = 0; i < k_; ++i)  // a variable with this hull
        if (before.min(vars_[i]) == lo && before.max(vars_[i]) == hi) {
          add_bounds(before, vars_[i], r);
          break;
        }
    }
  }
  /// Names every variable within the union of the domains (all_): its bounds, and its holes
  /// that are outside the union.
  void name_within(const Space& before, Reason& r) const {
    for (std::size_t i = 0; i < k_; ++i) {
      const Var x = vars_[i];
      if (before.assigned(x)) {
        r.add(Literal::eq(x, before.value(x)));
        continue;
      }
      add_bounds(before, x, r);
      for (int v = before.min(x), next; v < before.max(x); v = next) {
        next = before.next_value(x, v);
        for (std::int64_t w = std::int64_t(v) + 1; w < next; ++w)
          if (reachable(x, w) && !std::binary_search(all_.begin(), all_.end(), int(w)))
            r.add(Literal::ne(x, int(w)));
      }
    }
  }
  /// The fewest values that meet every domain's hull [min, max] (greedy by right end): a
  /// lower bound on the distinct values, at least the number of distinct assigned ones
  /// (their hulls are single points), without a matching.
  int piercing(const Space& s) const {
    hulls_.clear();
    for (std::size_t i = 0; i < k_; ++i) hulls_.emplace_back(s.max(vars_[i]), s.min(vars_[i]));
    std::sort(hulls_.begin(), hulls_.end());
    int points = 0;
    long last = LONG_MIN;
    for (const auto& [hi, lo] : hulls_)
      if (lo > last) {
        ++points;
        last = hi;
      }
    return points;
  }
  static void distinct(std::vector<int>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
  std::size_t k_;
  std::vector<Var> vars_;
  // scratch (mutable: explain() fills it too)
  mutable std::vector<int> fixed_, all_;
  mutable std::vector<std::pair<int, int>> hulls_;  // (max, min) per variable
};

}  // namespace
}  // namespace detail

void occurrences(Model& m, std::span<const Var> xs, Var y, Var n) {
  m.post(std::make_unique<detail::OccurrencesVar>(std::vector<Var>(xs.begin(), xs.end()), y, n));
}

void nvalue(Model& m, std::span<const Var> xs, Var n) {
  m.post(std::make_unique<detail::NValue>(std::vector<Var>(xs.begin(), xs.end()), n));
}

}  // namespace solve
