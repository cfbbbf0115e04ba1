// element over constants and over variables. Both walk the index's values and test the
// result's domain: O(|D(index)| * cost of a contains) per run, no per-value structures.
#include "solve/element.hpp"

#include <climits>
#include <memory>
#include <vector>

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

 private:
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

 private:
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
