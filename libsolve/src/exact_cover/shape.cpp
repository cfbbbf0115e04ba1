// Whether a problem needs Algorithm M, and the automatic plan: which engine, which item choice
// (see shape.hpp; the estimate itself is tree_probe.cpp).
#include "exact_cover/shape.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/tree_probe.hpp"

namespace solve::detail::cover {

bool needs_multiplicities(const ExactCover& problem) {
  if (!problem.has_multiplicities()) return false;
  for (int i = 0; i < problem.num_items(); ++i)
    if (problem.is_primary(i) && problem.bounds(i).hi > 1) return true;
  for (int o = 0; o < problem.num_options(); ++o) {
    const auto items = problem.option(o);
    const bool optional = std::none_of(items.begin(), items.end(), [&](const ItemColour& ic) {
      return covered_once(problem, ic.item);
    });
    const bool choosable = std::any_of(items.begin(), items.end(), [&](const ItemColour& ic) {
      return problem.is_primary(ic.item);
    });
    if (optional && choosable) return true;
  }
  return false;
}

namespace {

/// The problem's size as the cost models see it.
struct Shape {
  double entries = 0;    // (option, primary item) pairs: the bitset engine's MRV lists
  double options = 0;    // its first-item lists
  double words = 1;      // 64-bit words of a bitset mask
  bool colours = false;  // list updates test colours (dancing links and sparse sets)
};

// Cost models: the instructions (callgrind Ir) a search is expected to take, from the tree
// estimate. Dancing links and sparse sets refitted in issue 11 to callgrind counts of the
// searches (whole run less a run stopped after one node) of queens-8, queens-12,
// sudoku-ai-escargot, pentomino-3x20 (both rules) and the first 2 million nodes of
// macmahon-hexagon-abc11 (MRV, colours); the bitset engine to queens-12, pentomino-3x20,
// sudoku-ai-escargot, pentomino-5x8-choose8-mcc and the first 3 million nodes of domino-8x8
// (docs/notes/exact-cover-plan.md). Within a factor 1.5 there: enough to rank settings that differ by
// more. Dancing links: 43 instructions per list update (hide and unhide; 58 with colours,
// whose test runs only in problems that have them), 480 per node, 5 per open item MRV looks
// at. Sparse sets: 34 per update (41 with colours: most removals find their item's size saved
// already), 940 per node (the trail, marks, restoring sizes), 10 per open item MRV looks at:
// 0.84 of dancing links' cost on pentominoes (330 updates a node), 0.89 on MacMahon's
// triangles, 1.3-1.4 on queens and sudoku (13). The bitset engine: 80 per node, 10 + 15 per
// mask word per option tested, 12 per open item MRV looks at, and its lists to build first
// (MRV: an item's list holds every option of it, for 32 patterns -- 36 ms on a sudoku, more
// than the whole dancing-links search; first: each option once).
double dlx_cost(const TreeEstimate& e, const Shape& s, ItemChoice) {
  return (s.colours ? 58 : 43) * e.updates + 480 * e.nodes + 5 * e.scans;
}

double sparse_cost(const TreeEstimate& e, const Shape& s, ItemChoice) {
  return (s.colours ? 41 : 34) * e.updates + 940 * e.nodes + 10 * e.scans;
}

double bitset_cost(const TreeEstimate& e, const Shape& s, ItemChoice choice) {
  const double setup = choice == ItemChoice::first ? 2300 * s.options : 11000 * s.entries;
  return setup + (10 + 15 * s.words) * e.tests + 80 * e.nodes + 12 * e.scans;
}

// Dancing links and sparse sets run every problem (the plan probes only X and C ones).
bool any_runs(const ExactCover&) { return true; }
bool bitset_runs(const ExactCover& p) {
  return !p.has_colours() && p.num_items() <= bitset_max_items;
}

/// An engine the plan may take: when it can run a problem, and what it would cost.
struct EngineModel {
  CoverEngine engine;
  bool (*runs)(const ExactCover&);
  double (*cost)(const TreeEstimate&, const Shape&, ItemChoice);
};

// The candidates, in order of preference on equal cost. Another engine is one more line.
constexpr EngineModel engine_models[] = {
    {CoverEngine::dlx, any_runs, dlx_cost},
    {CoverEngine::bitset, bitset_runs, bitset_cost},
    {CoverEngine::sparse, any_runs, sparse_cost},
};
constexpr ItemChoice choice_rules[] = {ItemChoice::mrv, ItemChoice::first};

/// Below this many (option, item) pairs the search costs about what the estimate would: the
/// fixed rule decides. (queens-8, 128 pairs, is probed: 50 thousand instructions for a plan
/// that saves 400 thousand.)
constexpr double probe_min_entries = 100;
/// The probe's share of the estimated search, at most (in instructions: about 25 per step).
constexpr double probe_share = 0.02, instructions_per_step = 25;
/// The first look: probe_per_entry steps per (option, item) pair, at least probe_min_look and
/// at most probe_floor (about 2.5M instructions, under a millisecond). Scaled by the size
/// because reading and building a problem cost about that much too: on a sudoku (900 pairs,
/// a search of a few thousand nodes) a fixed 10^5 steps took more than the whole search.
constexpr double probe_per_entry = 8, probe_min_look = 1000, probe_floor = 1e5;
/// Probe steps never exceeded.
constexpr double probe_ceiling = 4e6;
/// Fewer paths than this make a short look; then the first-item rule's cost counts this much more.
constexpr int few_paths = 32;
constexpr double first_margin = 1.5;
/// A search estimated below this many instructions is small (what the look at most costs);
/// below tiny_search (10^4 steps' worth) it is not worth looking at a second rule.
constexpr double small_search = probe_floor * instructions_per_step,
                 tiny_search = 1e4 * instructions_per_step;

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

namespace {

/// The engine and item choice (and the estimate behind them): the fixed rule, or the
/// cheapest candidate by the tree estimate. first_look: stop after the first look (a memo
/// trial may make the rest needless); *cut then says whether longer looks were left out.
CoverPlan choose(const ExactCover& problem, const CoverOptions& options, bool algorithm_m,
                 bool first_look = false, bool* cut = nullptr) {
  CoverPlan plan{options.engine, options.item_choice, false};
  const bool any_engine = options.engine == CoverEngine::automatic;
  const bool any_choice = options.item_choice == ItemChoice::automatic;
  if (!any_engine && !any_choice) return plan;
  // Without the estimate: memoised counts keep the frontier of the first-item order (the
  // subproblems met again are those that leave the same items open: it meets them most);
  // a prune hook reshapes the tree the estimate cannot see; Algorithm M is not estimated.
  Shape shape;
  {
    // Per item first: the plan's own cost counts on a sudoku-sized search.
    std::vector<char> once(std::size_t(problem.num_items()));
    for (int i = 0; i < problem.num_items(); ++i) once[std::size_t(i)] = covered_once(problem, i);
    std::size_t entries = 0;
    for (int o = 0; o < problem.num_options(); ++o)
      for (const ItemColour& ic : problem.option(o))
        entries += std::size_t(once[std::size_t(ic.item)]);
    shape.entries = double(entries);
  }
  shape.options = problem.num_options();
  shape.words = (problem.num_items() + 63) / 64;
  shape.colours = problem.has_colours();
  const auto fixed = [&](CoverPlan p) {
    if (p.item_choice == ItemChoice::automatic)
      p.item_choice = options.memo ? ItemChoice::first : ItemChoice::mrv;
    if (p.engine == CoverEngine::automatic) p.engine = fixed_engine(problem, p.item_choice);
    return p;
  };
  const bool probe = !options.memo && !options.prune && !options.prune_position && !algorithm_m &&
                     shape.entries >= probe_min_entries;
  if (!probe) return fixed(plan);

  TreeProbe walk(problem);
  // A first look, in steps proportional to the problem's size (at most probe_floor), bounds
  // what the search costs; the probe then takes at most its share of that. (Too few paths
  // misjudge lopsided trees: 16 paths put the first-item tree of sudoku-ai-escargot at 1.4e3
  // nodes, 13 times too few.)
  TreeEstimate estimate[std::size(choice_rules)];
  ProbeOptions probe_options;
  probe_options.max_steps =
      std::clamp(probe_per_entry * shape.entries, probe_min_look, probe_floor) / 2;
  // A small search gets a short look only, and a few paths underestimate a lopsided tree --
  // the first-item rule's trees are the lopsided ones: there it must win by a margin
  // (sudoku-ai-escargot, 10 paths: 944 nodes for 18 884; MRV 505 for 1 378).
  bool small = false;
  bool looked[std::size(choice_rules)] = {};
  const auto weight = [&](std::size_t r) {
    return small && choice_rules[r] == ItemChoice::first && estimate[r].paths < few_paths
               ? first_margin
               : 1.0;
  };
  const auto best_plan = [&](double& best) {
    CoverPlan p = plan;
    best = std::numeric_limits<double>::infinity();
    for (std::size_t r = 0; r < std::size(choice_rules); ++r) {
      if (!looked[r]) continue;
      for (const EngineModel& m : engine_models) {
        if ((!any_engine && m.engine != options.engine) || !m.runs(problem)) continue;
        const double cost = weight(r) * m.cost(estimate[r], shape, choice_rules[r]);
        if (cost < best) {
          best = cost;
          p = {m.engine, choice_rules[r], true};
          p.estimated_nodes = estimate[r].nodes;
        }
      }
    }
    return p;
  };
  // The bitset engine's option tests cost the MRV scan most of its time; they are estimated
  // only when that engine, costed without them (a lower bound), could still win.
  const bool bitset_candidate =
      (any_engine || options.engine == CoverEngine::bitset) && bitset_runs(problem);
  bool has_tests[std::size(choice_rules)] = {};
  // Rules in order, MRV first: an MRV search estimated below tiny_search cannot pay for a
  // look at the other rule (sudoku-hard-bruteforce: 64 nodes, while 8 first-item paths took
  // a third of the probe).
  const auto look = [&] {
    double steps = 0, best = 0;
    for (std::size_t r = 0; r < std::size(choice_rules); ++r)
      if (any_choice || choice_rules[r] == options.item_choice) {
        if (r > 0 && any_choice && (best_plan(best), best < tiny_search)) break;
        probe_options.tests = bitset_candidate && choice_rules[r] == ItemChoice::first;
        estimate[r] = walk.estimate(choice_rules[r], probe_options);
        looked[r] = true;
        has_tests[r] = probe_options.tests;
        steps += estimate[r].steps;
      }
    best_plan(best);
    for (std::size_t r = 0; r < std::size(choice_rules); ++r)
      if (bitset_candidate && looked[r] && !has_tests[r] &&
          weight(r) * bitset_cost(estimate[r], shape, choice_rules[r]) <= best) {
        probe_options.tests = true;
        estimate[r] = walk.estimate(choice_rules[r], probe_options);
        has_tests[r] = true;
      }
    return steps;
  };
  const double first_steps = look();
  double best = 0;
  best_plan(best);
  small = best < small_search;
  // Longer looks (up to 200 paths a rule) while the search is big enough to pay for them (probe_share of the best
  // estimate so far), each up to 4 times the last: a short look may put the search 10 times
  // too high (pentomino-5x8-choose8-mcc, 3 paths a rule) and one long look would then cost
  // 10 % of it. A rule looked at along fewer than few_paths paths may also be far too low
  // (pentomino-6x10-sym: 5 MRV paths, 7 562 nodes for 892 247): unless the search is small,
  // it gets that many paths, up to 5 times the share.
  if (first_look && !small && first_steps >= probe_options.max_steps) {
    *cut = true;
  } else
    for (double steps = first_steps; !small && steps >= probe_options.max_steps;) {
      double room = probe_share * best / instructions_per_step, want = room;
      for (std::size_t r = 0; r < std::size(choice_rules); ++r)
        if (estimate[r].paths > 0 && estimate[r].paths < few_paths)
          want = std::max(want, double(std::size(choice_rules)) * few_paths * estimate[r].steps /
                                    estimate[r].paths);
      room = std::min({want, 5 * room, probe_ceiling, 8 * steps});
      if (room <= 2 * steps) break;
      probe_options.max_steps = room / 2;
      steps = look();
      best_plan(best);
    }
  // No candidate (an engine named that cannot run the problem: it reports so itself).
  const CoverPlan p = best_plan(best);
  return p.probed ? p : fixed(plan);
}

/// Below this many estimated nodes the plain count takes milliseconds: no memo trial.
constexpr double memo_trial_min_nodes = 1e5;

}  // namespace

CoverPlan plan_search(const ExactCover& problem, const CoverOptions& options, bool for_count) {
  // Algorithm M: a problem that needs it, or any problem with bounds when dancing links or
  // sparse sets are named (they then read bounds as Knuth's dlx3 does).
  const bool named = options.engine == CoverEngine::dlx || options.engine == CoverEngine::sparse;
  const bool algorithm_m = named ? problem.has_multiplicities() : needs_multiplicities(problem);
  // A memoised count first, where the estimate says the plain one is long: it either finishes
  // soon (a narrow frontier: domino strips, many identical pieces) or is dropped at little cost.
  // The first look decides; the longer looks are left to the plain search if it comes to it
  // (on domino-12x12 they cost more than the whole memoised count).
  const bool memo_may_run = for_count && !options.memo && options.memo_trial && !options.prune &&
                            !options.prune_position && !options.trace &&
                            !options.limits.max_solutions && options.memo_mb > 0;
  bool cut = false;
  CoverPlan plan = choose(problem, options, algorithm_m, memo_may_run, &cut);
  if (memo_may_run && plan.probed && plan.estimated_nodes >= memo_trial_min_nodes)
    plan.memo_trial_nodes =
        std::uint64_t(std::max(1.0, options.memo_trial_share * plan.estimated_nodes));
  else if (cut) plan = choose(problem, options, algorithm_m);
  plan.multiplicities = algorithm_m && plan.engine != CoverEngine::bitset;
  plan.scarce_lookahead =
      options.scarce_lookahead && plan.item_choice == ItemChoice::first && !plan.multiplicities;
  plan.memo = options.memo;
  return plan;
}

}  // namespace solve::detail::cover

namespace solve {

CoverPlan plan(const ExactCover& problem, const CoverOptions& options, bool for_count) {
  return detail::cover::plan_search(problem, options, for_count);
}

}  // namespace solve
