// all_different: value propagation (forward, arc), plus Regin's domain-consistent filtering
// at the domain level (propagators/regin.hpp).
#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

#include "propagators/regin.hpp"
#include "propagators/status.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

class AllDifferent final : public CloneableConstraint<AllDifferent> {
 public:
  explicit AllDifferent(std::vector<Var> xs) : xs_(std::move(xs)) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "all_different"; }

  PropStatus propagate(Space& s) override {
    if (check_only(s)) return check_assigned(s);
    // at the domain level Regin's filter subsumes value propagation
    if (s.level() == Propagation::domain ? !regin_.filter(s, xs_) : !propagate_values(s)) return PropStatus::failed;
    for (Var x : xs_)
      if (!s.assigned(x)) return PropStatus::fixpoint;
    return PropStatus::entailed;
  }

 private:
  /// Plain backtracking's test: no two assigned variables share a value.
  PropStatus check_assigned(const Space& s) {
    work_.clear();
    for (Var x : xs_)
      if (s.assigned(x)) work_.push_back(s.value(x));
    std::sort(work_.begin(), work_.end());
    if (std::adjacent_find(work_.begin(), work_.end()) != work_.end()) return PropStatus::failed;
    return work_.size() == xs_.size() ? PropStatus::entailed : PropStatus::fixpoint;
  }

  /// Removes the value of every assigned variable from the others, following new
  /// assignments as they appear. Fails on two variables with the same value.
  bool propagate_values(Space& s) {
    work_.clear();
    for (int i = 0; i < int(xs_.size()); ++i)
      if (s.assigned(xs_[std::size_t(i)])) work_.push_back(i);
    while (!work_.empty()) {
      const int i = work_.back();
      work_.pop_back();
      const int v = s.value(xs_[std::size_t(i)]);
      for (int j = 0; j < int(xs_.size()); ++j) {
        if (j == i) continue;
        const Var y = xs_[std::size_t(j)];
        if (!s.contains(y, v)) continue;
        const Event e = s.remove(y, v);
        if (e == Event::failed) return false;
        if (e == Event::assigned) work_.push_back(j);
      }
    }
    return true;
  }

  std::vector<Var> xs_;
  std::vector<int> work_;  // scratch, kept only to avoid allocation
  ReginFilter regin_;      // its matching is a hint kept between runs
};

}  // namespace
}  // namespace detail

void all_different(Model& m, std::span<const Var> xs) {
  std::vector<Var> vars(xs.begin(), xs.end());
  for (std::size_t i = 0; i < vars.size(); ++i)
    for (std::size_t j = i + 1; j < vars.size(); ++j)
      if (vars[i] == vars[j]) throw ModelError("all_different: variable " + m.name(vars[i]) + " appears twice");
  if (vars.size() < 2) return;
  if (vars.size() == 2) {
    not_equal(m, vars[0], vars[1]);
    return;
  }
  m.post(std::make_unique<detail::AllDifferent>(std::move(vars)));
}

}  // namespace solve
