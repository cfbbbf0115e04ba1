// arg_max(xs, index, base): index == base + the position of the first largest x; arg_min is
// the same over the views -x. Bounds reasoning on the x's and the positions of index:
//  - position j can hold the first maximum only if max(x_j) > min(x_k) for every k < j and
//    max(x_j) >= min(x_k) for every k > j (prefix and suffix maxima of the minima);
//  - a variable x_k whose position index cannot take is below a position j that index can
//    take: x_k <= max(x_j) for some such j < k, or x_k < max(x_j) for some j > k;
//  - index assigned to j: x_j > x_k for k < j, x_j >= x_k for k > j (bounds both ways).
// The first two feed each other: the propagator answers `changed` when they pruned; the third
// is a fixpoint in one pass.
//
// Reasons: a position is out because index lacks it or an x outmatches x_j (the two bounds);
// x_k is at most c once position k is out and every other position is out or has x_j (less
// one after k) at most c; x_j is at least an other x's minimum (plus one before j) once every
// other position is out.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/values.hpp"

namespace solve {
namespace detail {
namespace {

class ArgMax final : public CloneableConstraint<ArgMax> {
 public:
  ArgMax(std::vector<Var> xs, Var index, int base)
      : n_(xs.size()), vars_(std::move(xs)), base_(base) {
    vars_.push_back(index);
  }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "arg_max"; }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }
  bool check(std::span<const int> v) const override {
    std::size_t best = 0;
    for (std::size_t k = 1; k < n_; ++k)
      if (v[k] > v[best]) best = k;
    return std::int64_t(v[n_]) == std::int64_t(base_) + std::int64_t(best);
  }

  PropStatus propagate(Space& s) override {
    const Var index = vars_[n_];
    // the positions, and index within them
    if (s.set_min(index, base_) == Event::failed ||
        s.set_max(index, std::int64_t(base_) + std::int64_t(n_) - 1) == Event::failed)
      return PropStatus::failed;
    if (s.assigned(index))
      return propagate_fixed(s, std::size_t(std::int64_t(s.value(index)) - base_));
    bool pruned = false;
    // suffix_[k] = max of min(x_j) over j >= k
    suffix_.assign(n_ + 1, INT64_MIN);
    for (std::size_t k = n_; k-- > 0;)
      suffix_[k] = std::max<std::int64_t>(suffix_[k + 1], s.min(vars_[k]));
    std::int64_t prefix = INT64_MIN;  // max of min(x_k) over k < j
    for (std::size_t j = 0; j < n_; ++j) {
      const int at = int(std::int64_t(base_) + std::int64_t(j));
      const std::int64_t top = s.max(vars_[j]);
      if (s.contains(index, at) && (top <= prefix || top < suffix_[j + 1])) {
        if (s.remove(index, at) == Event::failed) return PropStatus::failed;
        pruned = true;
      }
      prefix = std::max<std::int64_t>(prefix, s.min(vars_[j]));
    }
    // x_k outside index's positions: below the best position left
    after_.assign(n_ + 1, INT64_MIN);  // after_[k] = max of max(x_j) over j >= k in index
    for (std::size_t j = n_; j-- > 0;)
      after_[j] =
          std::max<std::int64_t>(after_[j + 1], in_index(s, j) ? s.max(vars_[j]) : INT64_MIN);
    std::int64_t before = INT64_MIN;  // max of max(x_j) over j < k in index
    for (std::size_t k = 0; k < n_; ++k) {
      if (!in_index(s, k)) {
        const std::int64_t later = after_[k + 1] == INT64_MIN ? INT64_MIN : after_[k + 1] - 1;
        const std::int64_t cap = std::max(before, later);  // index has a position: not INT64_MIN
        const Event e = s.set_max(vars_[k], cap);
        if (e == Event::failed) return PropStatus::failed;
        pruned = pruned || e != Event::none;
      } else {
        before = std::max<std::int64_t>(before, s.max(vars_[k]));
      }
    }
    if (pruned) return PropStatus::changed;
    for (Var x : vars_)
      if (!s.assigned(x)) return PropStatus::fixpoint;
    return PropStatus::entailed;
  }

  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) return failure(before, r);
      const Var v = pruned->var;
      if (v == vars_[n_])  // index: each position lost is out
        return explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
          const std::int64_t j = std::int64_t(w) - base_;
          return j < 0 || j >= std::int64_t(n_) || outmatched(before, std::size_t(j), r);
        });
      auto entry = [&](std::size_t k, const Literal& l, Reason& r) {  // an x's bound
        if (k == n_) return false;
        return l.kind == Literal::Kind::le ? at_most(before, k, l, r) : at_least(before, k, l, r);
      };
      return explain_by_bounds(before, vars_, *pruned, r, entry);
    });
  }

 private:
  int at(std::size_t j) const { return int(std::int64_t(base_) + std::int64_t(j)); }
  /// Position j cannot hold the first maximum: an x before it reaches x_j's maximum, or one
  /// after it exceeds it (names both bounds).
  bool outmatched(const Space& before, std::size_t j, Reason& r) const {
    const std::int64_t top = before.max(vars_[j]);
    for (std::size_t k = 0; k < n_; ++k) {
      if (k == j || std::int64_t(before.min(vars_[k])) + (k < j ? 1 : 0) <= top) continue;
      r.add(Literal::le(vars_[j], int(top)));
      r.add(Literal::ge(vars_[k], before.min(vars_[k])));
      return true;
    }
    return false;
  }
  /// Index lacks position j, or it is outmatched.
  bool position_out(const Space& before, std::size_t j, Reason& r) const {
    if (before.contains(vars_[n_], at(j))) return outmatched(before, j, r);
    r.add(Literal::ne(vars_[n_], at(j)));
    return true;
  }
  /// [x_k <= v]: position k is out, every other one out or with x_j (less one after k) at
  /// most c, c the last value before x_k's next one above v (the holes between named).
  bool at_most(const Space& before, std::size_t k, const Literal& l, Reason& r) const {
    const int next = before.next_value(vars_[k], l.value);
    const std::int64_t c = next == INT_MAX || next <= l.value ? before.max(vars_[k]) : next - 1;
    return follows_from_max(before, c, l, r) && below(before, k, c, r);
  }
  /// Position k is out and every other x_j (less one after k) at most c or its position out.
  bool below(const Space& before, std::size_t k, std::int64_t c, Reason& r) const {
    if (!position_out(before, k, r)) return false;
    for (std::size_t j = 0; j < n_; ++j) {
      if (j == k) continue;
      if (std::int64_t(before.max(vars_[j])) - (j > k ? 1 : 0) <= c)
        r.add(Literal::le(vars_[j], before.max(vars_[j])));
      else if (!position_out(before, j, r)) return false;
    }
    return true;
  }
  /// [x_j >= v]: every other position is out, and some x_k is at least v (less one before j).
  bool at_least(const Space& before, std::size_t j, const Literal& l, Reason& r) const {
    std::size_t best = n_;
    std::int64_t floor = INT64_MIN;
    for (std::size_t k = 0; k < n_; ++k)
      if (k != j && std::int64_t(before.min(vars_[k])) + (k < j ? 1 : 0) > floor) {
        floor = std::int64_t(before.min(vars_[k])) + (k < j ? 1 : 0);
        best = k;
      }
    if (best == n_ || !follows_from_min(before, floor, l, r)) return false;
    r.add(Literal::ge(vars_[best], before.min(vars_[best])));
    for (std::size_t k = 0; k < n_; ++k)
      if (k != j && !position_out(before, k, r)) return false;
    return true;
  }
  /// Every position is out, or some x_k lies below its own minimum by the rule of at_most.
  bool failure(const Space& before, Reason& r) const {
    const std::size_t mark = r.size();
    bool all = true;
    for (std::size_t j = 0; j < n_ && all; ++j) all = position_out(before, j, r);
    if (all) return true;
    for (std::size_t k = 0; k < n_; ++k) {
      r.truncate(mark);
      if (below(before, k, std::int64_t(before.min(vars_[k])) - 1, r)) {
        r.add(Literal::ge(vars_[k], before.min(vars_[k])));
        return true;
      }
    }
    return false;
  }

  /// index fixed to position j: x_j > x_k before j, x_j >= x_k after. x_j's min first, then
  /// the others' max from x_j's max, which the first step leaves alone: a fixpoint.
  PropStatus propagate_fixed(Space& s, std::size_t j) {
    const Var xj = vars_[j];
    std::int64_t floor = INT64_MIN;
    for (std::size_t k = 0; k < n_; ++k)
      if (k != j) floor = std::max<std::int64_t>(floor, std::int64_t(s.min(vars_[k])) + (k < j));
    if (floor != INT64_MIN && s.set_min(xj, floor) == Event::failed) return PropStatus::failed;
    bool open = !s.assigned(xj);
    for (std::size_t k = 0; k < n_; ++k) {
      if (k == j) continue;
      if (s.set_max(vars_[k], std::int64_t(s.max(xj)) - (k < j)) == Event::failed)
        return PropStatus::failed;
      open = open || !s.assigned(vars_[k]);
    }
    return open ? PropStatus::fixpoint : PropStatus::entailed;
  }

  bool in_index(const Space& s, std::size_t j) const {
    return s.contains(vars_[n_], int(std::int64_t(base_) + std::int64_t(j)));
  }

  std::size_t n_;
  std::vector<Var> vars_;  // xs, then index
  int base_;
  std::vector<std::int64_t> suffix_, after_;  // scratch
};

void post_arg_max(Model& m, std::vector<Var> xs, Var index, int base, const char* what) {
  if (xs.empty()) throw ModelError(std::string(what) + ": empty array");
  if (std::int64_t(base) + std::int64_t(xs.size()) - 1 > INT_MAX)
    throw ModelError(std::string(what) + ": base + size overflows");
  for (Var x : xs) m.check(x);
  m.check(index);
  m.post(std::make_unique<ArgMax>(std::move(xs), index, base));
}

}  // namespace
}  // namespace detail

void arg_max(Model& m, std::span<const Var> xs, Var index, int base) {
  detail::post_arg_max(m, std::vector<Var>(xs.begin(), xs.end()), index, base, "arg_max");
}

void arg_min(Model& m, std::span<const Var> xs, Var index, int base) {
  std::vector<Var> negated;
  for (Var x : xs) negated.push_back(-x);
  detail::post_arg_max(m, std::move(negated), index, base, "arg_min");
}

}  // namespace solve
