// Public entry points of the exact-cover search: engine choice, one thread or a pool.
#include <algorithm>
#include <memory>

#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/control.hpp"
#include "exact_cover/dlx.hpp"
#include "exact_cover/memo_search.hpp"
#include "exact_cover/parallel.hpp"
#include "exact_cover/shape.hpp"
#include "solve/error.hpp"
#include "solve/exact_cover.hpp"

namespace solve {
namespace {

std::unique_ptr<detail::cover::Engine> make_engine(const ExactCover& problem, detail::cover::Control& control) {
  using namespace detail::cover;
  const CoverOptions& o = control.options();
  if (pick_engine(problem, o) == CoverEngine::bitset) return make_bitset_engine(problem, control);
  return std::make_unique<Dlx>(problem, control, multi_engine(problem, o));
}

}  // namespace

CoverResult search(const ExactCover& problem, const CoverOptions& options,
                   const CoverCallback& on_solution) {
  if (options.memo) return detail::cover::memo_count(problem, options, on_solution);
  detail::cover::Control control(options, on_solution);
  auto engine = make_engine(problem, control);
  // The trace hook reports one path through the tree: it needs one thread.
  const int threads = options.trace ? 1 : std::max(1, options.threads);
  CoverResult r;
  if (threads == 1) {
    engine->set_progress_here(true);
    engine->run();
    r.stats = engine->stats();
  } else {
    detail::cover::run_parallel(*engine, control, threads, r.stats);
  }
  r.stats.solutions = control.solutions();
  r.count = r.stats.solutions;
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
  std::vector<bool> used(std::size_t(problem.num_options()));
  for (int o : options) {
    if (o < 0 || o >= problem.num_options() || used[std::size_t(o)]) return false;
    used[std::size_t(o)] = true;
    for (const ItemColour& ic : problem.option(o)) {
      const auto i = std::size_t(ic.item);
      // A primary item may be covered up to its bound; a secondary one again only in its colour.
      if (times[i] > 0 && !problem.is_primary(ic.item) && (ic.colour == 0 || colour[i] != ic.colour)) return false;
      ++times[i];
      colour[i] = ic.colour;
    }
  }
  for (int i = 0; i < problem.num_items(); ++i) {
    const ItemBounds b = problem.bounds(i);
    if (problem.is_primary(i) && (times[std::size_t(i)] < b.lo || times[std::size_t(i)] > b.hi)) return false;
  }
  return true;
}

}  // namespace solve
