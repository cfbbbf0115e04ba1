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

/// The engine the plan names, on the options with the plan in place (planned()).
std::unique_ptr<detail::cover::CoverSearch> make_engine(const ExactCover& problem,
                                                        const CoverPlan& plan,
                                                        const CoverOptions& o,
                                                        const CoverCallback& on_solution,
                                                        detail::Control& control) {
  using namespace detail::cover;
  if (plan.engine == CoverEngine::bitset)
    return make_bitset_engine(problem, o, on_solution, control);
  if (plan.engine == CoverEngine::sparse)
    return std::make_unique<Sparse>(problem, o, on_solution, control, plan.multiplicities);
  return std::make_unique<Dlx>(problem, o, on_solution, control, plan.multiplicities);
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

/// The options of the memo trial: a memoised count stopped after the plan's trial nodes.
CoverOptions memo_trial(const CoverOptions& options, const CoverPlan& plan) {
  CoverOptions o = options;
  o.memo = true;
  const std::uint64_t user = options.limits.max_nodes;
  o.limits.max_nodes = user ? std::min(user, plan.memo_trial_nodes) : plan.memo_trial_nodes;
  return o;
}

/// The search the plan names. The options reach the engines with one prune hook: the bitset
/// engine reads prune_position itself (with its own words), the others a prune hook that
/// builds them (position_from_chosen).
Result run_plan(const ExactCover& problem, const CoverOptions& options, const CoverPlan& plan,
                const CoverCallback& on_solution) {
  if (plan.memo) return detail::cover::memo_count(problem, options, plan, on_solution);
  detail::Control control(options.limits, bool(on_solution), options.progress,
                          options.progress_seconds);
  // The engines keep a pointer to their options: `run_options` lives as long as they do.
  CoverOptions run_options = detail::cover::planned(options, plan);
  if (options.prune_position) {
    if (plan.engine == CoverEngine::bitset) run_options.prune = nullptr;
    else run_options.prune_position = nullptr;
  }
  auto engine = make_engine(problem, plan, run_options, on_solution, control);
  // The trace hook reports one path through the tree: it needs one thread.
  Result r = detail::run_search(*engine, control, options.trace ? 1 : options.threads);
  r.plan = plan;
  return r;
}

Result run(const ExactCover& problem, const CoverOptions& options,
           const CoverCallback& on_solution) {
  CoverPlan plan = detail::cover::plan_search(problem, options, !on_solution);
  if (plan.memo_trial_nodes == 0) return run_plan(problem, options, plan, on_solution);
  // The memo trial (CoverOptions::memo_trial): its count when it finishes, or when the caller's
  // limits (time, nodes, cancel) stopped it; else the plain search, in the time left.
  const CoverOptions trial = memo_trial(options, plan);
  Result r =
      run_plan(problem, trial, detail::cover::plan_search(problem, trial, true), on_solution);
  const bool cut_by_trial =
      r.stop == StopReason::node_limit &&
      (!options.limits.max_nodes || plan.memo_trial_nodes < options.limits.max_nodes);
  if (!cut_by_trial) {
    r.plan->memo_trial_nodes = plan.memo_trial_nodes;
    return r;
  }
  // The trial's plan rests on the first look only: the plain search gets the whole plan.
  CoverOptions rest = options;
  rest.memo_trial = false;
  if (options.limits.max_seconds > 0)
    rest.limits.max_seconds = std::max(options.limits.max_seconds - r.stats.seconds, 1e-9);
  CoverPlan whole = detail::cover::plan_search(problem, rest, true);
  whole.memo_trial_nodes = plan.memo_trial_nodes;
  Result plain = run_plan(problem, rest, whole, on_solution);
  plain.stats.seconds += r.stats.seconds;
  return plain;
}

}  // namespace

Result search(const ExactCover& problem, const CoverOptions& options,
              const CoverCallback& on_solution) {
  if (!options.prune_position) return run(problem, options, on_solution);
  if (options.prune) throw ModelError("set the prune hook or the position prune hook, not both");
  // Both hooks until the plan has an engine (the plan and the memo's refusal look at prune);
  // run_plan then keeps the one the engine reads.
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

Result count(const ExactCover& problem, const CoverOptions& options) {
  return search(problem, options, {});
}

bool is_solution(const ExactCover& problem, std::span<const int> options) {
  std::vector<int> times(std::size_t(problem.num_items())),
      colour(std::size_t(problem.num_items()));
  std::vector<bool> used(std::size_t(problem.num_options()));
  for (int o : options) {
    if (o < 0 || o >= problem.num_options() || used[std::size_t(o)]) return false;
    used[std::size_t(o)] = true;
    for (const ItemColour& ic : problem.option(o)) {
      const auto i = std::size_t(ic.item);
      // A primary item may be covered up to its bound; a secondary one again only in its colour.
      if (times[i] > 0 && !problem.is_primary(ic.item) &&
          (ic.colour == 0 || colour[i] != ic.colour))
        return false;
      ++times[i];
      colour[i] = ic.colour;
    }
  }
  for (int i = 0; i < problem.num_items(); ++i) {
    const ItemBounds b = problem.bounds(i);
    if (problem.is_primary(i) && (times[std::size_t(i)] < b.lo || times[std::size_t(i)] > b.hi))
      return false;
  }
  return true;
}

}  // namespace solve
