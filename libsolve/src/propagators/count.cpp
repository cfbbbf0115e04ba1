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

 private:
  /// The fewest values that meet every domain's hull [min, max] (greedy by right end): a
  /// lower bound on the distinct values, at least the number of distinct assigned ones
  /// (their hulls are single points), without a matching.
  int piercing(const Space& s) {
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
  std::vector<int> fixed_, all_;            // scratch
  std::vector<std::pair<int, int>> hulls_;  // scratch: (max, min) per variable
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
