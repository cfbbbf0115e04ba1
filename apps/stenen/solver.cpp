#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <numeric>
#include <optional>

#include <solve/error.hpp>

#include "shape.hpp"
#include "symmetry.hpp"

namespace stenen {

namespace {

using Clock = std::chrono::steady_clock;

/// Ctrl-C and --timeout while the model is built: a big stone's model takes seconds (issue
/// 22: SIGTERM did not end a 1000x1000 one). The timeout counts from t0, before the model.
BuildLimits build_limits(const RunOptions& o, Clock::time_point t0) {
  BuildLimits l;
  l.cancel = o.cancel;
  if (o.max_seconds > 0)
    l.deadline = t0 + std::chrono::duration_cast<Clock::duration>(
                          std::chrono::duration<double>(o.max_seconds));
  return l;
}

ModelOptions model_options(const Board& position, const RunOptions& o, bool for_count,
                           Clock::time_point t0) {
  ModelOptions m;
  m.limits = build_limits(o, t0);
  m.method = o.method;
  m.counting = o.counting;
  // Counting with the fast method always goes through the board's symmetry: one placement of
  // the breaker per orbit, each solution weighted by its orbit's size (exact, |G| times less
  // work). cap_puzzle counts report the count up to symmetry as well. Not with the memo: the
  // weights need every solution, which a memoised count never sees one by one.
  m.symmetric = for_count && !o.memo &&
                (position.puzzle().format == Format::cap_puzzle || o.method == Method::fast);
  // The memo takes no prune hook, so no ordering test either.
  m.twins = o.memo ? Twins::multiplicity : o.twins;
  return m;
}

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// The search's options; its time limit is what is left of --timeout after the model was built.
solve::CoverOptions cover_options(const Model& model, const RunOptions& o, Clock::time_point t0) {
  solve::CoverOptions c = model.cover_options();
  const std::uint64_t cells = std::max<std::uint64_t>(model.placement_cells(), 1);
  c.threads = int(std::clamp<std::uint64_t>(max_worker_cells / cells, 1,
                                            std::uint64_t(std::max(o.threads, 1))));
  c.progress = o.progress;
  // (0 would be no limit: a timeout already passed stops the search at its first look.)
  c.limits.max_seconds = o.max_seconds > 0 ? std::max(o.max_seconds - since(t0), 1e-9) : 0;
  c.limits.max_nodes = o.max_nodes;
  c.limits.cancel = o.cancel;
  return c;
}

/// Options chosen, less the placements refused only for putting interchangeable stones out of
/// order (Twins::ordered). The library calls the prune hook exactly once per node it counts,
/// whatever the number of threads (issue 7 item 4), so this never goes below 0; the guard
/// keeps it so.
std::uint64_t positions_examined(const solve::Result& r, const Model& model) {
  const std::uint64_t refused = model.order_rejections();
  return r.stats.nodes > refused ? r.stats.nodes - refused : 0;
}

/// The board with the stones of each class of interchangeable ones renumbered as
/// Model::grid() numbers them: in number order by their first cell in the scan.
std::vector<int> numbered_by_first_cell(const Model& model, std::vector<int> grid) {
  const std::vector<int>& class_of = model.class_of_stone();
  std::vector<int> first(class_of.size(), INT_MAX);  // by stone number: its first cell's rank
  for (std::size_t c = 0; c < grid.size(); ++c)
    if (grid[c] > 0)
      first[std::size_t(grid[c])] = std::min(first[std::size_t(grid[c])], model.rank(int(c)));
  std::vector<int> renumber(class_of.size());
  std::iota(renumber.begin(), renumber.end(), 0);
  for (std::size_t s = 1; s < class_of.size(); ++s) {
    if (first[s] == INT_MAX) continue;
    // Stone s goes to the k-th stone of its class on the board, k its rank among them by first cell.
    std::size_t k = 0;
    for (std::size_t t = 1; t < class_of.size(); ++t)
      k += class_of[t] == class_of[s] && first[t] != INT_MAX && first[t] < first[s];
    for (std::size_t t = 1; t < class_of.size(); ++t)
      if (class_of[t] == class_of[s] && first[t] != INT_MAX && k-- == 0) renumber[s] = int(t);
  }
  for (int& v : grid)
    if (v > 0) v = renumber[std::size_t(v)];
  return grid;
}

/// Builds the model into `model`; false when Ctrl-C or the timeout stopped it (`why` says which).
bool build(std::optional<Model>& model, const Board& position, const ModelOptions& m,
           solve::StopReason& why) {
  try {
    model.emplace(position, m);
    return true;
  } catch (const BuildStopped& stopped) {
    why = stopped.reason;
    return false;
  }
}

/// The numberings of the stones left that give one board of interchangeable congruent stones:
/// k! for each class of k congruent stones not yet on the board, as its factors 2..k (none:
/// no two alike).
std::vector<std::uint32_t> relabellings(const Board& position) {
  const std::vector<Stone>& stones = position.puzzle().stones;
  const std::vector<int> congruent = congruence_classes(stones);
  std::vector<std::uint32_t> left(stones.size()), factors;  // left: by class, stones not yet placed
  for (std::size_t i = 0; i < stones.size(); ++i)
    if (!position.used(stones[i].number) && ++left[std::size_t(congruent[i])] > 1)
      factors.push_back(left[std::size_t(congruent[i])]);
  return factors;
}

solve::BigCount times(solve::BigCount n, const std::vector<std::uint32_t>& factors) {
  for (std::uint32_t k : factors) n *= k;
  return n;
}

/// n x factors / order, exact when the result is a whole number and order is a power of two
/// (the order of a group of board symmetries: 1, 2, 4 or 8): the twos of the factors cancel
/// first, and those left then divide n (the rest of the product is odd).
solve::BigCount times_over(std::uint64_t n, std::vector<std::uint32_t> factors,
                           std::uint64_t order) {
  for (std::uint32_t& k : factors)
    for (; order > 1 && k % 2 == 0; order /= 2) k /= 2;
  return times(n / order, factors);
}

/// True when the position has the same symmetries with congruent stones interchangeable as
/// with them labelled (always on an empty board): then a count up to symmetry of the labelled
/// boards can be taken from the boards of interchangeable stones (SymmetryTally's `labelled`).
bool same_symmetries(const Board& position) {
  const std::vector<Stone>& stones = position.puzzle().stones;
  const std::vector<int> congruent = congruence_classes(stones);
  std::vector<int> numbers(stones.size() + 1), classes(stones.size() + 1);
  std::iota(numbers.begin(), numbers.end(), 0);
  for (std::size_t i = 0; i < stones.size(); ++i)
    classes[std::size_t(stones[i].number)] = int(stones.size()) + 1 + congruent[i];
  for (const BoardSymmetry& g : board_symmetries(position.rows(), position.cols()))
    if (invariant(position.grid(), numbers, g.image) !=
        invariant(position.grid(), classes, g.image))
      return false;
  return true;
}

/// The nodes of a memoised count tried first (RunOptions::memo_trial), or 0: none. Where the
/// subproblems it can meet are few. They are told apart by the stones left, per class of
/// interchangeable ones (congruent ones, as the labelled count goes through them too), and by
/// the front of the scan along the short side.
std::uint64_t memo_trial_budget(const Board& position, const RunOptions& o) {
  if (!o.memo_trial || o.memo || o.method != Method::fast || o.counting == Counting::unique ||
      position.puzzle().format != Format::leiden)
    return 0;
  const std::vector<Stone>& stones = position.puzzle().stones;
  const std::vector<int> congruent = congruence_classes(stones);
  std::vector<int> left(stones.size());
  int stones_left = 0;
  for (std::size_t i = 0; i < stones.size(); ++i)
    if (!position.used(stones[i].number)) {
      ++stones_left;
      ++left[o.labelled_by_classes || o.counting != Counting::labelled ? std::size_t(congruent[i])
                                                                       : i];
    }
  double states =
      std::ldexp(1.0, std::min(position.rows(), position.cols())) * position.empty_cells();
  for (int k : left) states *= k + 1;
  // The memo's repeats come from interchangeable stones: with pairs (two of each tetromino on
  // 4x10, 5 classes of 2) it meets too few (7 525 nodes, 72 M instructions; the plain search
  // 54 M), with 16 L tetrominoes in one class many (8x8: 14 ms against 0.22 s).
  const auto classes_left = std::count_if(left.begin(), left.end(), [](int k) { return k > 0; });
  if (stones_left < memo_trial_min_stones || states > memo_trial_states ||
      stones_left < memo_trial_stones_per_class * classes_left)
    return 0;
  return std::max(memo_trial_min_nodes, std::uint64_t(states / 10));
}

}  // namespace

SymmetryTally::SymmetryTally(const Model& model, bool labelled) : model_(model) {
  if (!labelled) return;
  numbers_.resize(model.class_of_stone().size());
  std::iota(numbers_.begin(), numbers_.end(), 0);
}

void SymmetryTally::add(std::span<const int> chosen) {
  const auto& group = model_.symmetries();
  const std::vector<int> stab = model_.stabiliser(chosen);
  const std::uint64_t orbit = group.size() / stab.size();
  all_ += orbit;
  std::uint64_t fix = 1, fix_labelled = 1;  // the identity
  if (stab.size() > 1) {
    // Every symmetry fixing the board fixes its breaker's placement (and the second's): it is in stab.
    const std::vector<int> grid = model_.grid(chosen);
    for (int g : stab) {
      if (g == 0 || !invariant(grid, model_.class_of_stone(), group[std::size_t(g)].image))
        continue;
      ++fix;
      fix_labelled += !numbers_.empty() && invariant(grid, numbers_, group[std::size_t(g)].image);
    }
  }
  unique_times_group_ += fix * orbit;
  labelled_times_group_ += fix_labelled * orbit;
}

CountResult count_solutions(const Board& position, const RunOptions& o) {
  if (const std::uint64_t budget = memo_trial_budget(position, o); budget > 0) {
    RunOptions trial = o;
    trial.memo = true;
    trial.max_nodes = o.max_nodes ? std::min(o.max_nodes, budget) : budget;
    CountResult r = count_solutions(position, trial);
    r.memo_trial = budget;
    // Its count, or the caller's limit that stopped it; else the usual search in the time left.
    if (r.stop != solve::StopReason::node_limit || (o.max_nodes && o.max_nodes <= budget)) return r;
    RunOptions rest = o;
    rest.memo_trial = false;
    if (o.max_seconds > 0) rest.max_seconds = std::max(o.max_seconds - r.seconds, 1e-9);
    const double trial_seconds = r.seconds;
    r = count_solutions(position, rest);
    r.memo_trial = budget;
    r.seconds += trial_seconds;
    return r;
  }
  const auto t0 = Clock::now();
  if (o.memo && o.counting == Counting::unique)
    throw solve::InputError(
        "--memo counts labelled or --identical boards, not --unique ones (counting up to symmetry "
        "needs every solution, and a memoised count meets them in bulk)");
  CountResult out;
  const bool leiden = position.puzzle().format == Format::leiden;
  // Labelled boards through the classes of congruent stones (RunOptions::labelled_by_classes):
  // a cap_puzzle count also says how many up to symmetry, which needs the same symmetries.
  const std::vector<std::uint32_t> factors =
      o.counting == Counting::labelled && o.labelled_by_classes ? relabellings(position)
                                                                : std::vector<std::uint32_t>{};
  const bool by_classes = !factors.empty() && (leiden || o.memo || same_symmetries(position));
  RunOptions search = o;
  if (by_classes) {
    search.counting = Counting::identical;
    out.relabellings = times(1, factors);
  }
  std::optional<Model> built;
  if (!build(built, position, model_options(position, search, true, t0), out.stop)) {
    if (position.puzzle().format == Format::cap_puzzle && !o.memo)
      out.unique = 0;  // as a count cut short
    out.complete = false;
    out.seconds = since(t0);
    return out;
  }
  const Model& model = *built;
  solve::Result r;
  SymmetryTally tally(model, by_classes);
  if (model.pieces().empty()) {
    tally.add({});  // the position is already complete
  } else if (o.memo) {
    // The region test would be sound here (it depends only on the items still open, the memo's
    // key), but libsolve's memo takes no hook: it counts a dead subproblem once as 0 instead.
    // (The order test would not be: it depends on which stone lies where, not just on what is
    // open. The model has none: memo implies Twins::multiplicity.)
    solve::CoverOptions c = cover_options(model, o, t0);
    c.prune = nullptr;
    c.prune_position = nullptr;
    c.threads = 1;
    c.memo = true;
    c.memo_mb = o.memo_mb;
    r = solve::count(model.problem(), c);
  } else if (model.symmetries().size() > 1) {
    r = solve::search(model.problem(), cover_options(model, o, t0),
                      [&](std::span<const int> chosen) {
                        tally.add(chosen);
                        return true;
                      });
  } else {
    r = solve::count(model.problem(), cover_options(model, o, t0));
  }
  const bool tallied = model.pieces().empty() || model.symmetries().size() > 1;
  const solve::BigCount all = tallied ? solve::BigCount(tally.all()) : r.count;
  solve::BigCount unique = tallied ? solve::BigCount(tally.unique()) : all;
  out.solutions = leiden && o.counting == Counting::unique ? unique : all;
  if (by_classes) {
    out.solutions = times(out.solutions, factors);
    unique = tallied ? times_over(tally.labelled_unique_times_group(), factors,
                                  model.symmetries().size())
                     : out.solutions;
  }
  if (!leiden && !o.memo) out.unique = unique;
  out.positions = positions_examined(r, model);
  out.complete = r.complete();
  out.stop = r.stop;
  out.stats = r.stats;
  out.memo = r.memo;
  out.seconds = since(t0);
  return out;
}

CountResult list_solutions(const Board& position, const RunOptions& o,
                           const std::function<void(const std::vector<int>&)>& on_board) {
  const auto t0 = Clock::now();
  CountResult out;
  ModelOptions m;
  m.method = o.method;
  m.counting = o.counting;
  m.symmetric = o.counting == Counting::unique;
  m.twins = o.twins;
  m.limits = build_limits(o, t0);
  std::optional<Model> built;
  if (!build(built, position, m, out.stop)) {
    out.complete = false;
    out.seconds = since(t0);
    return out;
  }
  const Model& model = *built;
  const auto& group = model.symmetries();
  const auto take = [&](std::span<const int> chosen) {
    const std::vector<int> grid = model.grid(chosen);
    const std::vector<int> stab = model.stabiliser(chosen);
    // One board per orbit of the stabiliser: the one with the least key.
    const std::vector<int> key = board_key(grid, model.class_of_stone());
    for (int g : stab)
      if (g != 0 &&
          board_key(transformed(grid, group[std::size_t(g)].image), model.class_of_stone()) < key)
        return true;
    out.solutions += 1;
    if (model.second() < 0) {
      on_board(grid);
      return true;
    }
    // The search met only some of the boards that fix the breaker's placement (the second
    // piece is restricted too): give the one it gave without that restriction, the least of
    // them, numbered as the model numbers a board it finds.
    std::vector<int> least = grid, least_key = key;
    for (int g : model.stabiliser(chosen, false)) {
      if (g == 0) continue;
      std::vector<int> t =
          numbered_by_first_cell(model, transformed(grid, group[std::size_t(g)].image));
      if (std::vector<int> k = board_key(t, model.class_of_stone()); k < least_key) {
        least = std::move(t);
        least_key = std::move(k);
      }
    }
    on_board(least);
    return true;
  };
  solve::Result r;
  if (model.pieces().empty()) take({});
  else r = solve::search(model.problem(), cover_options(model, o, t0), take);
  out.positions = positions_examined(r, model);
  out.complete = r.complete();
  out.stop = r.stop;
  out.stats = r.stats;
  out.seconds = since(t0);
  return out;
}

SolveResult find_solution(const Board& position, const RunOptions& o) {
  const auto t0 = Clock::now();
  SolveResult out;
  std::optional<Model> built;
  if (!build(built, position, model_options(position, o, false, t0), out.stop)) {
    out.seconds = since(t0);
    return out;
  }
  const Model& model = *built;
  solve::Result r;
  std::optional<std::vector<int>> chosen;
  if (model.pieces().empty()) chosen.emplace();
  else chosen = solve::solve_first(model.problem(), cover_options(model, o, t0), &r);
  if (chosen) {
    out.grid = model.grid(*chosen);
    out.moves = model.moves(*chosen);
    const int cols = position.cols();
    std::stable_sort(out.moves.begin(), out.moves.end(), [&](const Move& a, const Move& b) {
      const auto first = [&](const Move& m) {
        const Cell c = position.puzzle()
                           .stones[std::size_t(m.stone - 1)]
                           .orientation[std::size_t(m.orient)]
                           .cells[0];
        return (m.row + c.row) * cols + m.col + c.col;
      };
      return first(a) < first(b);
    });
  }
  out.positions = positions_examined(r, model);
  out.stop = r.stop;
  out.stats = r.stats;
  out.seconds = since(t0);
  return out;
}

}  // namespace stenen
