// arg_max(xs, index, base): index == base + the position of the first largest x; arg_min is
// the same over the views -x. Bounds reasoning on the x's and the positions of index:
//  - position j can hold the first maximum only if max(x_j) > min(x_k) for every k < j and
//    max(x_j) >= min(x_k) for every k > j (prefix and suffix maxima of the minima);
//  - a variable x_k whose position index cannot take is below a position j that index can
//    take: x_k <= max(x_j) for some such j < k, or x_k < max(x_j) for some j > k;
//  - index assigned to j: x_j > x_k for k < j, x_j >= x_k for k > j (bounds both ways).
// The first two feed each other: the propagator answers `changed` when they pruned; the third
// is a fixpoint in one pass.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <vector>

#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/values.hpp"

namespace solve {
namespace detail {
namespace {

class ArgMax final : public CloneableConstraint<ArgMax> {
 public:
  ArgMax(std::vector<Var> xs, Var index, int base) : n_(xs.size()), vars_(std::move(xs)), base_(base) {
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
    if (s.assigned(index)) return propagate_fixed(s, std::size_t(std::int64_t(s.value(index)) - base_));
    bool pruned = false;
    // suffix_[k] = max of min(x_j) over j >= k
    suffix_.assign(n_ + 1, INT64_MIN);
    for (std::size_t k = n_; k-- > 0;) suffix_[k] = std::max<std::int64_t>(suffix_[k + 1], s.min(vars_[k]));
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
      after_[j] = std::max<std::int64_t>(after_[j + 1], in_index(s, j) ? s.max(vars_[j]) : INT64_MIN);
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

 private:
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
