#pragma once
// Solving and counting from a position: builds the model, lets libsolve search, and turns the
// chosen options back into boards, moves and counts.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include <solve/exact_cover.hpp>

#include "board.hpp"
#include "model.hpp"

namespace stenen {

struct RunOptions {
  Method method = Method::fast;
  Counting counting = Counting::labelled;
  /// Worker threads; fewer on a big model (each worker copies the search's data: at most
  /// max_worker_cells placement cells in all).
  int threads = 1;
  /// Shown while a long search runs (see solve::CoverOptions::progress); may be empty.
  std::function<void(const solve::Progress&)> progress;
  /// --max-nodes: stop after this many options chosen, libsolve's nodes (0: no limit); the
  /// result is then not complete.
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;                     ///< --timeout (0: no limit)
  const std::atomic<bool>* cancel = nullptr;  ///< Ctrl-C (see solve::Limits::cancel)
  /// count_solutions only (--memo): libsolve's memoised count (solve::CoverOptions::memo),
  /// one thread, no prune hook and no symmetry: labelled or identical counts (Counting::unique
  /// is refused with an InputError; cap_puzzle counts then give no `unique`).
  bool memo = false;
  /// How interchangeable stones are handled (model.hpp); --memo implies multiplicity.
  Twins twins = Twins::automatic;
  std::size_t memo_mb = solve::CoverOptions{}.memo_mb;  ///< --memo-mb
  /// count_solutions, Counting::labelled: count the boards with congruent stones
  /// interchangeable and multiply by k! per class of k congruent stones not yet placed (exact:
  /// each such board stands for that many labelled ones; the search meets it once, not k!
  /// times). false: the plain labelled search (for tests and comparisons).
  bool labelled_by_classes = true;
  /// count_solutions without memo, the fast method, a Leiden file, not Counting::unique: where
  /// the memo can meet few subproblems (memo_trial_states: a narrow board and few classes of
  /// stones, many stones), first a memoised count of at most memo_trial_nodes nodes; if it
  /// finishes, that is the count (CountResult::memo), else the usual search runs.
  bool memo_trial = true;
};

/// The memo trial's bounds (RunOptions::memo_trial): at most this many subproblems, counted as
/// (k + 1) per class of k interchangeable stones left x 2^(the board's short side) x empty
/// cells; at least this many stones left (fewer take milliseconds anyway), at least
/// memo_trial_stones_per_class of them per class; a tenth of that
/// bound in nodes, at least memo_trial_min_nodes (a memoised count meets a few percent of the
/// bound: 569 nodes for 24 dominoes on 6x8, bound 76 800; 21 832 for 16 L tetrominoes on
/// 8x8, bound 278 528).
inline constexpr double memo_trial_states = 3e5;
inline constexpr int memo_trial_min_stones = 10;
/// ... and at least this many stones left per class of interchangeable ones, on average.
inline constexpr int memo_trial_stones_per_class = 3;
inline constexpr std::uint64_t memo_trial_min_nodes = 2000;

struct CountResult {
  solve::BigCount solutions = 0;          ///< under the chosen counting (exact at any size)
  std::optional<solve::BigCount> unique;  ///< cap_puzzle: also up to board symmetry
  std::uint64_t positions = 0;            ///< stones placed during the search
  double seconds = 0;
  bool complete = true;
  solve::StopReason stop = solve::StopReason::exhausted;  ///< why the search ended
  solve::Stats stats;     ///< libsolve's figures (nodes, updates) for --stats
  solve::MemoStats memo;  ///< what the memo did (RunOptions::memo)
  /// The labelled count's factor over the boards searched (RunOptions::labelled_by_classes:
  /// the product of k! over the classes of congruent stones left); 1 when not used.
  solve::BigCount relabellings = 1;
  /// The nodes a memoised count was given first (RunOptions::memo_trial; 0: none). It counted
  /// when memo.lookups > 0.
  std::uint64_t memo_trial = 0;
};

struct SolveResult {
  std::optional<std::vector<int>> grid;  ///< the completed board (stone numbers, 0 empty)
  std::vector<Move> moves;               ///< the moves added to the position, by first cell
  std::uint64_t positions = 0;
  double seconds = 0;
  solve::StopReason stop = solve::StopReason::exhausted;  ///< why the search ended
  solve::Stats stats;  ///< libsolve's figures (nodes, updates) for --json
};

/// Bound on threads x placement cells of the model, so that memory stays bounded (about 30
/// bytes per placement cell per worker).
inline constexpr std::uint64_t max_worker_cells = 8'000'000;

CountResult count_solutions(const Board& position, const RunOptions& options);
SolveResult find_solution(const Board& position, const RunOptions& options);
/// Calls on_board for every solution (with Counting::unique, for one board of each orbit: the
/// least by board_key among those the symmetry-restricted search meets). The result counts
/// the boards given.
CountResult list_solutions(const Board& position, const RunOptions& options,
                           const std::function<void(const std::vector<int>& grid)>& on_board);

/// Adds up solutions found by a symmetry-restricted search (see model.hpp): each one stands for
/// |G|/|S| boards, and for fix/|S| boards up to symmetry, where S is Model::stabiliser(chosen)
/// (Stab(p), or Stab(p) and Stab(q) with a second piece) and fix counts the elements of S that
/// map the board onto itself.
class SymmetryTally {
 public:
  /// labelled: also count, for a model of interchangeable congruent stones, the labelled
  /// boards up to symmetry per numbering (labelled_unique(): a symmetry fixes a labelled board
  /// when it maps each stone onto itself).
  explicit SymmetryTally(const Model& model, bool labelled = false);
  void add(std::span<const int> chosen);
  std::uint64_t all() const { return all_; }
  std::uint64_t unique() const { return unique_times_group_ / model_.symmetries().size(); }
  /// With `labelled`: the labelled boards up to symmetry times the group's order, divided by
  /// the numberings of the interchangeable stones (CountResult::relabellings; that division
  /// comes last, as a group's order may not divide this).
  std::uint64_t labelled_unique_times_group() const { return labelled_times_group_; }

 private:
  const Model& model_;
  std::vector<int> numbers_;  // labelled: class_of[number] = number
  std::uint64_t all_ = 0;
  std::uint64_t unique_times_group_ = 0;
  std::uint64_t labelled_times_group_ = 0;
};

}  // namespace stenen
