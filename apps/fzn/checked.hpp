#pragma once
// A constraint known only by its test of complete assignments: the fallback for FlatZinc
// builtins that libsolve has no propagator for yet. Weak: below arc the engine checks and
// forward-checks it through check(); from arc on propagate() does that same forward checking
// (when one variable is left open, it removes that variable's values that fail the test).
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
  bool check(std::span<const int> values) const override;
  solve::Wake wakes_on(solve::Propagation) const override { return solve::Wake::assigned; }

 private:
  std::vector<solve::Var> scope_;
  std::string name_;
  std::shared_ptr<const CheckFn> check_;  // shared by the clones (it is immutable)
  std::vector<int> values_;               // scratch: the scope's values
  std::vector<int> doomed_;               // scratch: values to remove
};

}  // namespace fzn
