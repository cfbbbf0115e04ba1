#pragma once
// A constraint known only by its test of complete assignments: the fallback for FlatZinc
// builtins that libsolve has no propagator for yet. Correct at every propagation level, weak:
// it fails a node once its scope is assigned and the test fails, and when one variable is
// left open it removes that variable's values that fail the test (forward checking).
#include <memory>
#include <string>
#include <vector>

#include <solve/constraint.hpp>

#include "context.hpp"

namespace fzn {

class Checked final : public solve::CloneableConstraint<Checked> {
 public:
  Checked(std::vector<solve::Var> scope, std::string name, CheckFn check);

  std::span<const solve::Var> scope() const override { return scope_; }
  std::string_view name() const override { return name_; }
  solve::PropStatus propagate(solve::Space& s) override;
  bool wakes_on_assignment_only() const override { return true; }

 private:
  std::vector<solve::Var> scope_;
  std::string name_;
  std::shared_ptr<const CheckFn> check_;  // shared by the clones (it is immutable)
  std::vector<int> values_;               // scratch: the scope's values
  std::vector<int> doomed_;               // scratch: values to remove
};

}  // namespace fzn
