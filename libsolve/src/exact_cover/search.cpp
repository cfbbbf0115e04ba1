// Public entry points of the exact-cover search: engine choice, one thread or a pool.
#include <algorithm>
#include <memory>

#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/control.hpp"
#include "exact_cover/dlx.hpp"
#include "exact_cover/parallel.hpp"
#include "solve/error.hpp"
#include "solve/exact_cover.hpp"

namespace solve {
namespace {

std::unique_ptr<detail::Engine> make_engine(const ExactCover& problem, detail::Control& control) {
  const CoverOptions& o = control.options();
  const bool bitset_fits = !problem.has_colours() && problem.num_items() <= detail::bitset_max_items;
  if (o.engine == CoverEngine::bitset || (o.engine == CoverEngine::automatic && bitset_fits))
    return detail::make_bitset_engine(problem, control);
  return std::make_unique<detail::Dlx>(problem, control);
}

}  // namespace

CoverResult search(const ExactCover& problem, const CoverOptions& options,
                   const CoverCallback& on_solution) {
  detail::Control control(options, on_solution);
  auto engine = make_engine(problem, control);
  // The trace hook reports one path through the tree: it needs one thread.
  const int threads = options.trace ? 1 : std::max(1, options.threads);
  CoverResult r;
  if (threads == 1) {
    engine->set_progress_here(true);
    engine->run();
    r.stats = engine->stats();
  } else {
    detail::run_parallel(*engine, control, threads, r.stats);
  }
  r.stats.solutions = control.solutions();
  r.stats.seconds = control.seconds();
  r.stop = control.stopped() ? control.reason() : StopReason::exhausted;
  return r;
}

std::optional<std::vector<int>> solve_first(const ExactCover& problem, const CoverOptions& options,
                                            CoverResult* result) {
  std::optional<std::vector<int>> out;
  CoverResult r = search(problem, options, [&](std::span<const int> chosen) {
    out.emplace(chosen.begin(), chosen.end());
    std::sort(out->begin(), out->end());
    return false;
  });
  if (r.stop == StopReason::by_callback) r.stop = StopReason::solution_limit;
  if (result) *result = r;
  return out;
}

CoverResult count(const ExactCover& problem, const CoverOptions& options) {
  return search(problem, options, nullptr);
}

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
