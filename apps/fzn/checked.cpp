#include "checked.hpp"

namespace fzn {
namespace {

/// Forward checking tries every value of the last open variable up to this domain size;
/// larger domains wait until the variable is assigned (still correct, less pruning).
constexpr int max_scanned_values = 1 << 16;

}  // namespace

Checked::Checked(std::vector<solve::Var> scope, std::string name, CheckFn check)
    : scope_(std::move(scope)),
      name_(std::move(name)),
      check_(std::make_shared<const CheckFn>(std::move(check))),
      values_(scope_.size()) {}

bool Checked::check(std::span<const int> values) const { return (*check_)(Valuation(values)); }

solve::PropStatus Checked::propagate(solve::Space& s) {
  int open = -1;
  for (std::size_t i = 0; i < scope_.size(); ++i) {
    if (s.assigned(scope_[i])) {
      values_[i] = s.value(scope_[i]);
    } else if (open >= 0) {
      return solve::PropStatus::fixpoint;  // two open variables: nothing to test yet
    } else {
      open = int(i);
    }
  }
  const CheckFn& holds = *check_;
  if (open < 0)
    return holds(Valuation(values_)) ? solve::PropStatus::entailed : solve::PropStatus::failed;
  const solve::Var x = scope_[std::size_t(open)];
  if (s.size(x) > max_scanned_values) return solve::PropStatus::fixpoint;
  doomed_.clear();
  s.for_each_value(x, [&](int v) {
    values_[std::size_t(open)] = v;
    if (!holds(Valuation(values_))) doomed_.push_back(v);
  });
  for (const int v : doomed_)
    if (s.remove(x, v) == solve::Event::failed) return solve::PropStatus::failed;
  // every value left passes the test with the others as they are
  return solve::PropStatus::entailed;
}

}  // namespace fzn
