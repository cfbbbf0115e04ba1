// member(xs, y): y equals some x. Domain consistency: a value v of y has a support iff some
// x can take v; a value of x_i always has one (y can equal another x) unless x_i is the only
// x that can still equal y, in which case x_i == y: both keep their common values. One pass
// over y's values and the x's (O(|dom y| * n)) finds both; pruning y to the supported values
// leaves the set of x's that can equal it unchanged, so the pass is a fixpoint.
//
// Reasons: y loses v because every x lacks v; the only x that can equal y loses w because y
// lacks w and every other x lacks each value of y; a failure because every x lacks each value
// of y.
#include <memory>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/values.hpp"

namespace solve {
namespace detail {
namespace {

class Member final : public CloneableConstraint<Member> {
 public:
  Member(std::vector<Var> xs, Var y) : n_(xs.size()), vars_(std::move(xs)) { vars_.push_back(y); }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "member"; }
  bool check(std::span<const int> v) const override {
    for (std::size_t i = 0; i < n_; ++i)
      if (v[i] == v[n_]) return true;
    return false;
  }

  PropStatus propagate(Space& s) override {
    const Var y = vars_[n_];
    keep_.clear();
    can_.assign(n_, 0);
    std::size_t candidates = 0, last = 0;
    bool certain = false;  // some x assigned to y's only value
    s.for_each_value(y, [&](int v) {
      bool supported = false;
      for (std::size_t i = 0; i < n_; ++i) {
        if (!s.contains(vars_[i], v)) continue;
        supported = true;
        if (!can_[i]) {
          can_[i] = 1;
          ++candidates;
          last = i;
        }
      }
      if (supported) keep_.push_back(v);
    });
    if (candidates == 0) return PropStatus::failed;
    if (std::size_t(s.size(y)) != keep_.size() && s.keep_only(y, keep_) == Event::failed)
      return PropStatus::failed;
    // x_last == y (y's values are all x_last's already: x_last alone supports them)
    if (candidates == 1 && s.keep_only(vars_[last], keep_) == Event::failed)
      return PropStatus::failed;
    if (s.assigned(y))
      for (std::size_t i = 0; i < n_ && !certain; ++i) certain = can_[i] && s.assigned(vars_[i]);
    return certain ? PropStatus::entailed : PropStatus::fixpoint;
  }

  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      const Var y = vars_[n_];
      if (!pruned) return none_equal(before, n_, r);
      return explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
        if (pruned->var == y) {
          for (std::size_t i = 0; i < n_; ++i)
            if (before.contains(vars_[i], w)) return false;
          for (std::size_t i = 0; i < n_; ++i) lacks(before, vars_[i], w, r);
          return true;
        }
        // x_i == y, the other x's unable to equal it
        for (std::size_t i = 0; i < n_; ++i) {
          if (vars_[i] != pruned->var || before.contains(y, w)) continue;
          const std::size_t mark = r.size();
          if (none_equal(before, i, r)) return true;
          r.truncate(mark);
        }
        return false;
      });
    });
  }

 private:
  /// Names that x lacks v ([x != v], or the bound it lies beyond).
  static void lacks(const Space& before, Var x, int v, Reason& r) {
    if (v < before.min(x)) r.add(Literal::ge(x, before.min(x)));
    else if (v > before.max(x)) r.add(Literal::le(x, before.max(x)));
    else r.add(Literal::ne(x, v));
  }
  /// Names y's domain and, for every x but x_skip, that it lacks each of y's values; false
  /// when one has one (or y has more than 64 values).
  bool none_equal(const Space& before, std::size_t skip, Reason& r) const {
    const Var y = vars_[n_];
    if (before.size(y) > 64) return false;
    bool none = true;
    before.for_each_value(y, [&](int v) {
      for (std::size_t i = 0; i < n_; ++i)
        if (i != skip) none = none && !before.contains(vars_[i], v);
    });
    if (!none) return false;
    add_domain(before, y, r);
    before.for_each_value(y, [&](int v) {
      for (std::size_t i = 0; i < n_; ++i)
        if (i != skip) lacks(before, vars_[i], v, r);
    });
    return true;
  }

  std::size_t n_;
  std::vector<Var> vars_;  // xs, then y
  std::vector<int> keep_;  // scratch
  std::vector<char> can_;  // scratch: x_i can equal y
};

}  // namespace
}  // namespace detail

void member(Model& m, std::span<const Var> xs, Var y) {
  if (xs.empty()) throw ModelError("member: empty array");
  for (Var x : xs) m.check(x);
  m.check(y);
  m.post(std::make_unique<detail::Member>(std::vector<Var>(xs.begin(), xs.end()), y));
}

}  // namespace solve
