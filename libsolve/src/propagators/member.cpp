// member(xs, y): y equals some x. Domain consistency: a value v of y has a support iff some
// x can take v; a value of x_i always has one (y can equal another x) unless x_i is the only
// x that can still equal y, in which case x_i == y: both keep their common values. One pass
// over y's values and the x's (O(|dom y| * n)) finds both; pruning y to the supported values
// leaves the set of x's that can equal it unchanged, so the pass is a fixpoint.
#include <memory>
#include <vector>

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
      for (std::size_t i = 0; i < n_ && !certain; ++i)
        certain = can_[i] && s.assigned(vars_[i]);
    return certain ? PropStatus::entailed : PropStatus::fixpoint;
  }

 private:
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
