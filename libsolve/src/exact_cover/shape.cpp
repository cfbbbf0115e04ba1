// Whether a problem needs Algorithm M (see shape.hpp).
#include "exact_cover/shape.hpp"

#include <algorithm>

namespace solve::detail::cover {

bool needs_multiplicities(const ExactCover& problem) {
  if (!problem.has_multiplicities()) return false;
  for (int i = 0; i < problem.num_items(); ++i)
    if (problem.is_primary(i) && problem.bounds(i).hi > 1) return true;
  for (int o = 0; o < problem.num_options(); ++o) {
    const auto items = problem.option(o);
    const bool optional = std::none_of(items.begin(), items.end(), [&](const ItemColour& ic) { return covered_once(problem, ic.item); });
    const bool choosable = std::any_of(items.begin(), items.end(), [&](const ItemColour& ic) { return problem.is_primary(ic.item); });
    if (optional && choosable) return true;
  }
  return false;
}

}  // namespace solve::detail::cover
