#pragma once
// LearningOptions::verify (issue 24): every nogood the learning search learns is checked
// against the original model by a search without learning for a solution it removes (one
// that satisfies all its literals). Removing a solution is allowed only for the solutions the
// search has found already (the clauses that block them) and, with an objective, for the
// solutions no better than the best found (the bound). Anything else is a wrong explanation
// somewhere: an InternalError. For debugging and tests on small models: each check is a
// search of the whole model.
#include <cstdint>
#include <set>
#include <span>
#include <vector>

#include "solve/explain.hpp"
#include "solve/model.hpp"

namespace solve::detail::csp {

class LearntClauseVerifier {
 public:
  explicit LearntClauseVerifier(const Model& m) : model_(&m) {}
  /// A solution found (every variable's value), and its objective in minimisation form.
  void found(std::vector<int> values, std::int64_t objective);
  /// Throws InternalError when the nogood removes a solution it may not (see above); best:
  /// the best objective value known (minimisation form, INT64_MAX: none).
  void check(std::span<const Literal> nogood, std::int64_t best) const;

 private:
  const Model* model_;
  std::set<std::vector<int>> found_;
};

}  // namespace solve::detail::csp
