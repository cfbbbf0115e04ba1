// element over constants and over variables. Both walk the index's values and test the
// result's domain: O(|D(index)| * cost of a contains) per run, no per-value structures.
#include "solve/element.hpp"

#include <climits>
#include <memory>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

/// result == array[index] over constants. Scope: index, result.
class ElementConst final : public CloneableConstraint<ElementConst> {
 public:
  ElementConst(std::vector<int> array, Var index, Var result)
      : array_(std::move(array)), vars_{index, result} {}
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "element"; }
  bool check(std::span<const int> v) const override {
    return v[0] >= 0 && std::size_t(v[0]) < array_.size() && array_[std::size_t(v[0])] == v[1];
  }

  PropStatus propagate(Space& s) override {
    const Var index = vars_[0], result = vars_[1];
    keep_index_.clear();
    keep_result_.clear();
    s.for_each_value(index, [&](int i) {
      if (i < 0 || std::size_t(i) >= array_.size() || !s.contains(result, array_[std::size_t(i)]))
        return;
      keep_index_.push_back(i);
      keep_result_.push_back(array_[std::size_t(i)]);
    });
    if (s.keep_only(index, keep_index_) == Event::failed ||
        s.keep_only(result, keep_result_) == Event::failed)
      return PropStatus::failed;
    return s.assigned(index) ? PropStatus::entailed : PropStatus::fixpoint;
  }
  // The index loses i because the result lacks array[i]; the result loses v because the
  // index lacks every position of v; a failure because every position left lost its value.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const Var index = vars_[0], result = vars_[1];
    explain_or_scope(*this, before, r, [&](Reason& r) {
      auto lost = [&](int w, Reason& r) {
        return (pruned->var == index && position_lost(before, w, r)) ||
               (pruned->var == result && value_lost(before, w, r));
      };
      if (pruned) return explain_by_removals(before, *pruned, r, lost);
      add_domain(before, index, r);
      bool all = true;
      before.for_each_value(index, [&](int i) { all = all && position_lost(before, i, r); });
      return all;
    });
  }

 private:
  /// The position i cannot be the index: out of range, or its value gone from the result.
  bool position_lost(const Space& before, int i, Reason& r) const {
    if (i < 0 || std::size_t(i) >= array_.size()) return true;
    if (before.contains(vars_[1], array_[std::size_t(i)])) return false;
    r.add(Literal::ne(vars_[1], array_[std::size_t(i)]));
    return true;
  }
  /// No position of the value v is left in the index.
  bool value_lost(const Space& before, int v, Reason& r) const {
    for (std::size_t i = 0; i < array_.size(); ++i)
      if (array_[i] == v && before.contains(vars_[0], int(i))) return false;
    for (std::size_t i = 0; i < array_.size(); ++i)
      if (array_[i] == v) r.add(Literal::ne(vars_[0], int(i)));
    return true;
  }

  std::vector<int> array_;
  Var vars_[2];
  std::vector<int> keep_index_, keep_result_;  // scratch
};

/// result == array[index] over variables. Scope: array..., index, result.
class ElementVar final : public CloneableConstraint<ElementVar> {
 public:
  ElementVar(std::vector<Var> array, Var index, Var result)
      : n_(array.size()), vars_(std::move(array)) {
    vars_.push_back(index);
    vars_.push_back(result);
  }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "element"; }
  bool check(std::span<const int> v) const override {
    const int i = v[n_];
    return i >= 0 && std::size_t(i) < n_ && v[std::size_t(i)] == v[n_ + 1];
  }

  PropStatus propagate(Space& s) override {
    const Var index = vars_[n_], result = vars_[n_ + 1];
    for (bool moved = true; moved;) {
      moved = false;
      // the index keeps the positions whose variable meets the result
      keep_.clear();
      s.for_each_value(index, [&](int i) {
        if (i >= 0 && std::size_t(i) < n_ && meet(s, vars_[std::size_t(i)], result))
          keep_.push_back(i);
      });
      Event e = s.keep_only(index, keep_);
      if (e == Event::failed) return PropStatus::failed;
      if (s.assigned(index)) return equal(s, vars_[std::size_t(s.value(index))], result);
      // the result keeps the values some remaining variable has
      keep_.clear();
      s.for_each_value(result, [&](int v) {
        for (int i = s.min(index); i != INT_MAX; i = s.next_value(index, i))
          if (s.contains(vars_[std::size_t(i)], v)) {
            keep_.push_back(v);
            return;
          }
      });
      e = s.keep_only(result, keep_);
      if (e == Event::failed) return PropStatus::failed;
      moved = e != Event::none;
    }
    return PropStatus::fixpoint;
  }
  // From the first round of the rules only (a later round's pruning falls back to the scope):
  // the index loses i because x_i and the result share no value; the result loses v because
  // every position left lacks it; once the index is fixed to i, x_i and the result lose what
  // the other lacks. A failure: every position of the index lost.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const Var index = vars_[n_], result = vars_[n_ + 1];
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) return index_empty(before, r);
      auto lost = [&](int w, Reason& r) {
        if (pruned->var == index) return position_lost(before, w, r);
        if (pruned->var == result) return value_lost(before, w, r);
        // an array variable x_i, once the index is i: the result lacks w
        for (std::size_t i = 0; i < n_; ++i) {
          if (vars_[i] != pruned->var || before.contains(result, w)) continue;
          const std::size_t mark = r.size();
          if (index_is(before, int(i), r)) return r.add(Literal::ne(result, w)), true;
          r.truncate(mark);
        }
        return false;
      };
      return explain_by_removals(before, *pruned, r, lost);
    });
  }

 private:
  /// The position i cannot be the index: out of range, or x_i and the result are disjoint.
  bool position_lost(const Space& before, int i, Reason& r) const {
    if (i < 0 || std::size_t(i) >= n_) return true;
    return disjoint(before, vars_[std::size_t(i)], vars_[n_ + 1], r);
  }
  /// No position left in the index can give the result v: x_i lacks v, or i left the index.
  bool value_lost(const Space& before, int v, Reason& r) const {
    const Var index = vars_[n_];
    for (std::size_t i = 0; i < n_; ++i)
      if (before.contains(index, int(i)) && before.contains(vars_[i], v)) return false;
    if (before.assigned(index)) {  // the index's value names its variable alone
      const int i = before.value(index);
      r.add(Literal::eq(index, i));
      if (i >= 0 && std::size_t(i) < n_) r.add(Literal::ne(vars_[std::size_t(i)], v));
      return true;
    }
    // the positions outside the index's bounds are named by the bounds, once each
    const int lo = before.min(index), hi = before.max(index);
    if (lo > 0) r.add(Literal::ge(index, lo));
    if (std::int64_t(hi) + 1 < std::int64_t(n_)) r.add(Literal::le(index, hi));
    for (std::size_t i = 0; i < n_; ++i) {
      if (int(i) < lo || int(i) > hi) continue;
      r.add(before.contains(index, int(i)) ? Literal::ne(vars_[i], v) : Literal::ne(index, int(i)));
    }
    return true;
  }
  /// The index is i (fixed already, or every other position lost).
  bool index_is(const Space& before, int i, Reason& r) const {
    const Var index = vars_[n_];
    if (before.assigned(index)) {
      if (before.value(index) != i) return false;
      return r.add(Literal::eq(index, i)), true;
    }
    return explain_by_removals(before, Literal::eq(index, i), r,
                               [&](int j, Reason& r) { return position_lost(before, j, r); });
  }
  /// Every position of the index is lost.
  bool index_empty(const Space& before, Reason& r) const {
    const Var index = vars_[n_];
    add_domain(before, index, r);
    bool all = true;
    before.for_each_value(index, [&](int i) { all = all && position_lost(before, i, r); });
    return all;
  }
  /// a and b share no value in `before`: by their bounds when they do not overlap, else the
  /// domain of the smaller one and the absence of each of its values from the other.
  static bool disjoint(const Space& before, Var a, Var b, Reason& r) {
    if (before.max(a) < before.min(b))
      return r.add(Literal::le(a, before.max(a))), r.add(Literal::ge(b, before.min(b))), true;
    if (before.max(b) < before.min(a))
      return r.add(Literal::le(b, before.max(b))), r.add(Literal::ge(a, before.min(a))), true;
    if (before.size(a) > before.size(b)) std::swap(a, b);
    bool apart = true;
    before.for_each_value(a, [&](int v) { apart = apart && !before.contains(b, v); });
    if (!apart) return false;
    add_domain(before, a, r);
    before.for_each_value(a, [&](int v) { r.add(Literal::ne(b, v)); });
    return true;
  }

  static bool meet(const Space& s, Var a, Var b) {
    if (s.size(a) > s.size(b)) std::swap(a, b);
    for (int v = s.min(a); v != INT_MAX; v = s.next_value(a, v))
      if (s.contains(b, v)) return true;
    return false;
  }

  /// x == result once the index is fixed: both keep their common values.
  PropStatus equal(Space& s, Var x, Var result) {
    keep_.clear();
    s.for_each_value(x, [&](int v) {
      if (s.contains(result, v)) keep_.push_back(v);
    });
    if (s.keep_only(x, keep_) == Event::failed || s.keep_only(result, keep_) == Event::failed)
      return PropStatus::failed;
    return s.assigned(x) ? PropStatus::entailed : PropStatus::fixpoint;
  }

  std::size_t n_;
  std::vector<Var> vars_;
  std::vector<int> keep_;  // scratch
};

}  // namespace
}  // namespace detail

void element(Model& m, std::span<const int> array, Var index, Var result) {
  if (array.empty()) throw ModelError("element: empty array");
  m.post(std::make_unique<detail::ElementConst>(std::vector<int>(array.begin(), array.end()), index,
                                                result));
}

void element(Model& m, std::span<const Var> array, Var index, Var result) {
  if (array.empty()) throw ModelError("element: empty array");
  m.post(std::make_unique<detail::ElementVar>(std::vector<Var>(array.begin(), array.end()), index,
                                              result));
}

}  // namespace solve
