#include "objective.hpp"

#include <climits>

namespace fzn {

ObjectiveBound::ObjectiveBound(solve::Var objective, bool minimize)
    : objective_(objective),
      minimize_(minimize),
      bound_(std::make_shared<std::atomic<std::int64_t>>(minimize ? INT64_MAX : INT64_MIN)) {}

bool ObjectiveBound::improves(std::int64_t value) const {
  const std::int64_t b = bound_->load();
  return minimize_ ? value < b : value > b;
}

solve::PropStatus ObjectiveBound::propagate(solve::Space& s) {
  const std::int64_t b = bound_->load(std::memory_order_relaxed);
  solve::Event e = solve::Event::none;
  if (minimize_ && b != INT64_MAX) e = b - 1 < INT_MIN ? solve::Event::failed : s.restrict_max(objective_, int(b - 1));
  if (!minimize_ && b != INT64_MIN) e = b + 1 > INT_MAX ? solve::Event::failed : s.restrict_min(objective_, int(b + 1));
  if (e == solve::Event::failed || s.failed()) return solve::PropStatus::failed;
  return solve::PropStatus::fixpoint;  // never entailed: the bound tightens later
}

}  // namespace fzn
