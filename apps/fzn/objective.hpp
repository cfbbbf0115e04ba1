#pragma once
// Branch and bound on top of libsolve's search: a constraint keeps the objective strictly
// better than the best solution found so far. The bound is shared by every clone of the
// constraint (one per search thread), so a better solution found by one worker prunes the
// others too. It is read when the objective's domain changes; a solution found before the
// bound reached its node can still be no better, so the caller skips solutions that do not
// improve (see run.cpp).
#include <atomic>
#include <cstdint>
#include <memory>

#include <solve/constraint.hpp>

namespace fzn {

class ObjectiveBound final : public solve::CloneableConstraint<ObjectiveBound> {
 public:
  /// No bound until improve() is first called.
  ObjectiveBound(solve::Var objective, bool minimize);

  std::span<const solve::Var> scope() const override { return {&objective_, 1}; }
  std::string_view name() const override { return "objective bound"; }
  solve::PropStatus propagate(solve::Space& s) override;

  /// Records a solution's objective value: from now on only better ones are allowed.
  void improve(std::int64_t value) const { bound_->store(value); }
  /// True when value is better than the best so far (or there is none yet).
  bool improves(std::int64_t value) const;

 private:
  solve::Var objective_;
  bool minimize_;
  std::shared_ptr<std::atomic<std::int64_t>> bound_;  // INT64_MAX / MIN: none yet
};

}  // namespace fzn
