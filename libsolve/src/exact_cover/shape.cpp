// Whether a problem needs Algorithm M, and the automatic plan: which engine, which item choice
// (see shape.hpp; the estimate itself is tree_probe.cpp).
#include "exact_cover/shape.hpp"

#include <algorithm>
#include <limits>

#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/tree_probe.hpp"

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

namespace {

/// The problem's size as the cost models see it.
struct Shape {
  double entries = 0;          // (option, primary item) pairs: the bitset engine's MRV lists
  double options = 0;          // its first-item lists
  double words = 1;            // 64-bit words of a bitset mask
};

// Cost models: the instructions (callgrind Ir) a search is expected to take, from the tree
// estimate. Fitted by hand to callgrind counts of queens-12, pentomino-3x20, sudoku-ai-escargot,
// pentomino-5x8-choose8-mcc and the first 3 million nodes of domino-8x8 with each engine and
// rule (docs/benchmarks.md); they are within a factor 1.5 there, enough to rank settings
// that differ by more. Dancing links: about 60 instructions per list update (hide and
// unhide; 45-85 by problem), 150 per node, 5 per open item MRV looks at. The bitset engine:
// 80 per node, 10 + 15 per mask word per option tested, 12 per open item MRV looks at, and
// its lists to build first (MRV: an item's list holds every option of it, for 32 patterns --
// 36 ms on a sudoku, more than the whole dancing-links search; first: each option once).
double dlx_cost(const TreeEstimate& e, const Shape&, ItemChoice) {
  return 60 * e.updates + 150 * e.nodes + 5 * e.scans;
}

double bitset_cost(const TreeEstimate& e, const Shape& s, ItemChoice choice) {
  const double setup = choice == ItemChoice::first ? 2300 * s.options : 11000 * s.entries;
  return setup + (10 + 15 * s.words) * e.tests + 80 * e.nodes + 12 * e.scans;
}

bool dlx_runs(const ExactCover&) { return true; }
bool bitset_runs(const ExactCover& p) { return !p.has_colours() && p.num_items() <= bitset_max_items; }

/// An engine the plan may take: when it can run a problem, and what it would cost.
struct EngineModel {
  CoverEngine engine;
  bool (*runs)(const ExactCover&);
  double (*cost)(const TreeEstimate&, const Shape&, ItemChoice);
};

// The candidates, in order of preference on equal cost. Another engine is one more line.
constexpr EngineModel engine_models[] = {
    {CoverEngine::dlx, dlx_runs, dlx_cost},
    {CoverEngine::bitset, bitset_runs, bitset_cost},
};
constexpr ItemChoice choice_rules[] = {ItemChoice::mrv, ItemChoice::first};

/// Below this many (option, item) pairs the search costs about what the estimate would: the
/// fixed rule decides.
constexpr double probe_min_entries = 200;
/// The probe's share of the estimated search, at most (in instructions: about 25 per step).
constexpr double probe_share = 0.02, instructions_per_step = 25;
/// Probe steps always allowed (about 2.5M instructions, under a millisecond), and never
/// exceeded.
constexpr double probe_floor = 1e5, probe_ceiling = 4e6;

/// The rule the library had before the estimate (and still has where it does not probe).
CoverEngine fixed_engine(const ExactCover& problem, ItemChoice choice) {
  if (needs_multiplicities(problem)) return CoverEngine::dlx;
  // The bitset engine wins with the first-item rule (3-7x on pentominoes), and with MRV when
  // every item is primary (1.7x on the 6x10 pentominoes); with MRV and true secondary items
  // dancing links (2.3x faster on 13 queens).
  const bool wins = choice == ItemChoice::first || problem.num_primary() == problem.num_items();
  return bitset_runs(problem) && wins ? CoverEngine::bitset : CoverEngine::dlx;
}

}  // namespace

CoverPlan plan_search(const ExactCover& problem, const CoverOptions& options) {
  CoverPlan plan{options.engine, options.item_choice, false};
  const bool any_engine = options.engine == CoverEngine::automatic;
  const bool any_choice = options.item_choice == ItemChoice::automatic;
  if (!any_engine && !any_choice) return plan;
  // Without the estimate: memoised counts keep the frontier of the first-item order (the
  // subproblems met again are those that leave the same items open: it meets them most);
  // a prune hook reshapes the tree the estimate cannot see; Algorithm M is not estimated.
  Shape shape;
  for (int o = 0; o < problem.num_options(); ++o)
    for (const ItemColour& ic : problem.option(o)) shape.entries += covered_once(problem, ic.item);
  shape.options = problem.num_options();
  shape.words = (problem.num_items() + 63) / 64;
  const auto fixed = [&](CoverPlan p) {
    if (p.item_choice == ItemChoice::automatic) p.item_choice = options.memo ? ItemChoice::first : ItemChoice::mrv;
    if (p.engine == CoverEngine::automatic) p.engine = fixed_engine(problem, p.item_choice);
    return p;
  };
  const bool probe = !options.memo && !options.prune && !multi_engine(problem, options) && shape.entries >= probe_min_entries;
  if (!probe) return fixed(plan);

  TreeProbe walk(problem);
  // A first look, at most probe_floor steps, bounds what the search costs; the probe then
  // takes at most its share of that. (Too few paths misjudge lopsided trees: 16 paths put the
  // first-item tree of sudoku-ai-escargot at 1.4e3 nodes, 13 times too few.)
  TreeEstimate estimate[std::size(choice_rules)];
  ProbeOptions probe_options;
  probe_options.max_steps = probe_floor / 2;
  const auto best_plan = [&](double& best) {
    CoverPlan p = plan;
    best = std::numeric_limits<double>::infinity();
    for (std::size_t r = 0; r < std::size(choice_rules); ++r) {
      if (!any_choice && choice_rules[r] != options.item_choice) continue;
      for (const EngineModel& m : engine_models) {
        if ((!any_engine && m.engine != options.engine) || !m.runs(problem)) continue;
        const double cost = m.cost(estimate[r], shape, choice_rules[r]);
        if (cost < best) {
          best = cost;
          p = {m.engine, choice_rules[r], true};
        }
      }
    }
    return p;
  };
  const auto look = [&] {
    double steps = 0;
    for (std::size_t r = 0; r < std::size(choice_rules); ++r)
      if (any_choice || choice_rules[r] == options.item_choice) {
        estimate[r] = walk.estimate(choice_rules[r], probe_options);
        steps += estimate[r].steps;
      }
    return steps;
  };
  const double steps = look();
  double best = 0;
  best_plan(best);
  // A longer look (up to 200 paths a rule) when the first was cut short and the search is
  // big enough to pay for it.
  const double room = std::min(probe_share * best / instructions_per_step, probe_ceiling);
  if (room > 2 * steps && steps >= probe_options.max_steps) {
    probe_options.max_steps = room / 2;
    look();
  }
  // No candidate (an engine named that cannot run the problem: it reports so itself).
  const CoverPlan p = best_plan(best);
  return p.probed ? p : fixed(plan);
}

}  // namespace solve::detail::cover

namespace solve {

CoverPlan plan(const ExactCover& problem, const CoverOptions& options) {
  return detail::cover::plan_search(problem, options);
}

}  // namespace solve
