// Public entry points of the exact-cover search: engine choice, then the shared driver
// (search/driver.hpp) runs it on one thread or a pool. The search loops themselves are in
// dlx.cpp (dancing links) and bitset_engine.cpp.
#include <algorithm>
#include <memory>

#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/dlx.hpp"
#include "search/driver.hpp"
#include "solve/error.hpp"
#include "solve/exact_cover.hpp"

namespace solve {
namespace {

std::unique_ptr<detail::cover::Engine> make_engine(const ExactCover& problem, const CoverOptions& o,
                                                   const CoverCallback& on_solution, detail::Control& control) {
  // The bitset engine wins with the first-item rule (3-7x on pentominoes), and with MRV when
  // every item is primary (1.7x on the 6x10 pentominoes). With MRV and secondary items it
  // varies (dancing links 2.3x faster on 13 queens, 3x slower on the 5x8 pentominoes with
  // 0:1 pieces): dancing links, whose cost per node does not grow with the item count.
  const bool fits = !problem.has_colours() && problem.num_items() <= detail::cover::bitset_max_items;
  const bool wins = o.item_choice == ItemChoice::first || problem.num_primary() == problem.num_items();
  if (o.engine == CoverEngine::bitset || (o.engine == CoverEngine::automatic && fits && wins))
    return detail::cover::make_bitset_engine(problem, o, on_solution, control);
  return std::make_unique<detail::cover::Dlx>(problem, o, on_solution, control);
}

}  // namespace

Result search(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution) {
  detail::Control control(options.limits, bool(on_solution), options.progress, options.progress_seconds);
  auto engine = make_engine(problem, options, on_solution, control);
  // The trace hook reports one path through the tree: it needs one thread.
  return detail::run_search(*engine, control, options.trace ? 1 : options.threads);
}

std::optional<std::vector<int>> solve_first(const ExactCover& problem, const CoverOptions& options,
                                            Result* result) {
  std::optional<std::vector<int>> out;
  Result r = search(problem, options, [&](std::span<const int> chosen) {
    out.emplace(chosen.begin(), chosen.end());
    std::sort(out->begin(), out->end());
    return false;
  });
  if (r.stop == StopReason::by_callback) r.stop = StopReason::solution_limit;
  if (result) *result = r;
  return out;
}

Result count(const ExactCover& problem, const CoverOptions& options) { return search(problem, options, {}); }

bool is_solution(const ExactCover& problem, std::span<const int> options) {
  std::vector<int> times(std::size_t(problem.num_items())), colour(std::size_t(problem.num_items()));
  for (int o : options) {
    if (o < 0 || o >= problem.num_options()) return false;
    for (const ItemColour& ic : problem.option(o)) {
      const auto i = std::size_t(ic.item);
      if (times[i] > 0 && (ic.colour == 0 || colour[i] != ic.colour)) return false;
      ++times[i];
      colour[i] = ic.colour;
    }
  }
  for (int i = 0; i < problem.num_items(); ++i)
    if (problem.is_primary(i) && times[std::size_t(i)] != 1) return false;
  return true;
}

}  // namespace solve
