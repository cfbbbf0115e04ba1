// Whether a problem needs Algorithm M, and the automatic engine choice (see shape.hpp).
#include "exact_cover/shape.hpp"

#include <algorithm>

#include "exact_cover/bitset_engine.hpp"

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

CoverEngine pick_engine(const ExactCover& problem, const CoverOptions& options) {
  if (options.engine != CoverEngine::automatic) return options.engine;
  if (needs_multiplicities(problem)) return CoverEngine::dlx;
  // From here on 0:1 items are secondary.
  // The bitset engine wins with the first-item rule (3-7x on pentominoes), and with MRV when
  // every item is primary (1.7x on the 6x10 pentominoes) -- 0:1 items included: on the 5x8
  // pentominoes with 0:1 pieces it takes 0.12 s against 0.46 s (user CPU), since covering a
  // piece hides its 150 placements on dancing links and sets one bit here. With MRV and true
  // secondary items it varies (dancing links 2.3x faster on 13 queens): dancing links, whose
  // cost per node does not grow with the item count.
  const bool fits = !problem.has_colours() && problem.num_items() <= bitset_max_items;
  const bool wins = options.item_choice == ItemChoice::first || problem.num_primary() == problem.num_items();
  return fits && wins ? CoverEngine::bitset : CoverEngine::dlx;
}

}  // namespace solve::detail::cover
