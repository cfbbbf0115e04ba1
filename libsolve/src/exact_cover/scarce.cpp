// Scarce items (see scarce.hpp).
#include "exact_cover/scarce.hpp"

#include <algorithm>

#include "exact_cover/shape.hpp"

namespace solve::detail::cover {

std::vector<int> scarce_items(const ExactCover& problem) {
  const int n = problem.num_items();
  std::vector<int> count(std::size_t(n), 0);
  for (int o = 0; o < problem.num_options(); ++o)
    for (const ItemColour& ic : problem.option(o)) ++count[std::size_t(ic.item)];
  std::vector<int> counts;
  for (int i = 0; i < n; ++i)
    if (covered_once(problem, i)) counts.push_back(count[std::size_t(i)]);
  std::vector<int> scarce;
  if (counts.empty()) return scarce;
  const auto mid = counts.begin() + std::ptrdiff_t(counts.size() / 2);
  std::nth_element(counts.begin(), mid, counts.end());
  const long median = *mid;
  for (int i = 0; i < n; ++i)
    if (covered_once(problem, i) && 8L * count[std::size_t(i)] <= median) scarce.push_back(i);
  return scarce;
}

}  // namespace solve::detail::cover
