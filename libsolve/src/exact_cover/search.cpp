// Public entry points of the exact-cover search: engine choice, then the shared driver
// (search/driver.hpp) runs it on one thread or a pool. The search loops themselves are in
// dlx.cpp (dancing links; dlx_multi.cpp for Algorithm M) and bitset_engine.cpp; memoised
// counting is memo_search.cpp (the same engines, the same driver, one thread).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/dlx.hpp"
#include "exact_cover/memo_search.hpp"
#include "exact_cover/shape.hpp"
#include "exact_cover/sparse.hpp"
#include "search/driver.hpp"
#include "solve/error.hpp"
#include "solve/exact_cover.hpp"

namespace solve {
namespace {

/// The engine for options whose plan is already in place (`o`); Algorithm M or not is asked
/// of the options as given (`given`).
std::unique_ptr<detail::cover::CoverSearch> make_engine(const ExactCover& problem, const CoverOptions& o,
                                                   const CoverOptions& given, const CoverCallback& on_solution,
                                                   detail::Control& control) {
  using namespace detail::cover;
  if (o.engine == CoverEngine::bitset) return make_bitset_engine(problem, o, on_solution, control);
  // Asked for by name, sparse reads bounds as dlx does (Algorithm M for every problem with bounds).
  if (o.engine == CoverEngine::sparse)
    return std::make_unique<Sparse>(problem, o, on_solution, control,
                                    given.engine == CoverEngine::sparse ? problem.has_multiplicities() : multi_engine(problem, given));
  return std::make_unique<Dlx>(problem, o, on_solution, control, multi_engine(problem, given));
}

/// CoverOptions::prune_position as a prune hook, for the engines that keep no words of covered
/// items (dancing links, sparse sets): builds them from `chosen` at each call, in scratch space
/// of the calling thread (nothing allocated once warm). The bitset engine calls
/// prune_position itself with its own words.
std::function<bool(std::span<const int>)> position_from_chosen(const ExactCover& problem,
                                                               const CoverOptions& options) {
  const auto words = std::size_t(problem.num_items() + 63) / 64;
  return [&problem, &hook = options.prune_position, words](std::span<const int> chosen) {
    thread_local std::vector<std::uint64_t> covered;
    covered.assign(words, 0);
    for (int o : chosen)
      for (const ItemColour& ic : problem.option(o))
        covered[std::size_t(ic.item) / 64] |= std::uint64_t(1) << (ic.item % 64);
    return hook(CoverPosition{chosen, covered});
  };
}

Result run(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution) {
  if (options.memo) return detail::cover::memo_count(problem, options, on_solution);
  detail::Control control(options.limits, bool(on_solution), options.progress, options.progress_seconds);
  // The engines keep a pointer to their options: `run_options` lives as long as they do.
  const CoverOptions run_options = detail::cover::planned(options, detail::cover::plan_search(problem, options));
  auto engine = make_engine(problem, run_options, options, on_solution, control);
  // The trace hook reports one path through the tree: it needs one thread.
  return detail::run_search(*engine, control, options.trace ? 1 : options.threads);
}

}  // namespace

Result search(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution) {
  if (!options.prune_position) return run(problem, options, on_solution);
  if (options.prune) throw ModelError("set the prune hook or the position prune hook, not both");
  // Every engine then sees a prune hook (the plan, the memo's refusal, dancing links); the
  // bitset engine prefers prune_position when it is set.
  CoverOptions o = options;
  o.prune = position_from_chosen(problem, options);
  return run(problem, o, on_solution);
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
