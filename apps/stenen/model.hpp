#pragma once
// The exact-cover model of a position (problem / items / options / search):
//
//   items    one per empty cell, in scan order (so that "first open item" is the statement's
//            "first empty cell"), then one per stone still to place; the fast method's count
//            puts the symmetry breaker's stone before the cells (placed first);
//   options  one per distinct placement of a stone on empty cells: its cells and its stone.
//
// Cells are primary when the stones must fill the board (Leiden format). cap_puzzle pieces may
// leave cells empty: a few empty cells become one-cell "hole" stones (interchangeable, so the
// cells stay primary and the search can branch on them); many make the cells secondary.
//
// Interchangeable stones (congruent ones under --identical, and the holes always) must give
// each board once. Two ways (Twins):
//   multiplicity  one piece with a multiplicity: one item covered exactly k times (libsolve's
//                 MCC, Algorithm M on dancing links) over the placements of one of them;
//   ordered       one piece per stone, and the prune hook keeps the stones of a class in the
//                 order of their first cells (placements out of order are refused).
// The automatic choice (measured in docs/notes/stenen-search.md, "Interchangeable stones"): ordered when that
// problem fits libsolve's bitset engine (at most 256 items, first-item choice), which cannot
// take multiplicities and runs it 1.8-7.6x faster; multiplicity otherwise, where both run on
// dancing links and the ordering test costs 2.4-37x more (the refused placements are undone
// list by list), and always for a memoised count (its prune hook would depend on the path).
//
// Counting (see docs/stenen.md):
//   labelled   boards of stone numbers: the plain exact-cover count;
//   identical  stones congruent to each other are interchangeable (as above);
//   symmetric  also up to board rotations/reflections: one stone (the "breaker", a stone with
//              no interchangeable twin) is restricted to one placement per orbit of the board's
//              symmetry group, and each solution found stands for |G|/|Stab(p)| boards (p its
//              breaker placement); boards that are themselves symmetric are weighted so that
//              each orbit counts once (Burnside's lemma on the stabiliser, see SymmetryTally
//              in solver.hpp). The fast method counts labelled boards this way too, and
//              where the breaker's placement p has symmetries of its own it also keeps one
//              placement per Stab(p)-orbit of a second piece (Model::second; a solution then
//              stands for |G|/|Stab(p) and Stab(q)| boards, q the second's placement).
// The search itself is libsolve's; --smart adds the statement's region test (prune.hpp).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include <solve/exact_cover.hpp>

#include "board.hpp"
#include "symmetry.hpp"

namespace stenen {

/// How the search goes: the statement's two methods, and the fastest.
enum class Method {
  fast,   ///< smart, but scanning along the shorter side of the board
  dumb,   ///< first empty cell in reading order, stones in number order, orientations in order
  smart,  ///< dumb plus the region test after every placement
};

/// What counts as one solution.
enum class Counting {
  labelled,   ///< boards of stone numbers (the statement's count)
  identical,  ///< congruent stones interchangeable
  unique,     ///< identical, and also up to rotating/mirroring the board
};

/// How interchangeable stones are kept from giving a board twice (see the top of this file).
enum class Twins {
  automatic,     ///< ordered when that fits libsolve's bitset engine, else multiplicity
  multiplicity,  ///< one item covered k times per class of k stones
  ordered,       ///< one item per stone, kept in order by the prune hook
};

/// What may stop the building of a model before it is done: Ctrl-C and --timeout. A model of
/// a big stone takes seconds (4 million placement cells at most, puzzle.hpp), so it is polled
/// every few thousand cells of work, as a search polls its limits.
struct BuildLimits {
  const std::atomic<bool>* cancel = nullptr;  ///< raised: stop
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// Thrown by Model's constructor when its BuildLimits stop it.
struct BuildStopped {
  solve::StopReason reason;  ///< cancelled or time_limit
};

struct ModelOptions {
  Method method = Method::fast;
  Counting counting = Counting::labelled;
  /// Restrict a breaker to one placement per orbit of the board's symmetries (implied by
  /// Counting::unique); solutions then stand for whole orbits (SymmetryTally).
  bool symmetric = false;
  /// At most this many empty cells become hole stones (cap_puzzle); more make cells secondary.
  int max_holes = max_hole_stones;
  Twins twins = Twins::automatic;
  BuildLimits limits{};  ///< none by default
};

/// Whether a cap_puzzle board's `holes` cells left empty become hole stones (the cells then
/// primary items: the first-item search, the breaker's second restriction, the bitset engine)
/// rather than secondary cells (the fast method then chooses by fewest options, on dancing
/// links with multiplicities). Up to max_holes always; with the fast method and
/// Twins::automatic also where the ordered problem fits one 64-bit word of the bitset engine
/// (empty cells + stones + holes <= 64) and at most a quarter of the empty cells stay empty:
/// lt_sparse.cfg (30 cells, 6 stones, 6 holes) counts in 1.31 G instructions so, not 1.53 G.
bool hole_stones(const ModelOptions& o, int empty_cells, int stones, int holes);

/// A piece of the search: interchangeable stones still to place (one, or a class of congruent
/// ones), or holes (cap_puzzle's empty cells). Its item is covered copies() times. With
/// Twins::ordered every piece is one stone or one hole, linked to the others of its class.
struct Piece {
  std::vector<const Stone*> stones;  ///< in number order (placed by first cell); empty: holes
  int size = 1;                      ///< cells of one copy
  int holes = 0;                     ///< how many holes (when stones is empty)
  int prev = -1;  ///< Twins::ordered: the piece before in its class (at a lower first cell), or -1
  int next = -1;  ///< Twins::ordered: the piece after in its class, or -1
  bool hole() const { return stones.empty(); }
  int copies() const { return hole() ? holes : int(stones.size()); }
  /// True when no other stone is interchangeable with it (one copy, no class linked).
  bool alone() const { return copies() == 1 && prev < 0 && next < 0; }
  /// The stone whose orientations the placements use (nullptr for holes).
  const Stone* shape() const { return hole() ? nullptr : stones.front(); }
};

/// An option: a piece at a place.
struct Placement {
  int piece = 0;
  int orient = 0;  ///< of the piece's shape() stone
  int row = 0;
  int col = 0;
  int anchor = 0;  ///< the rank of its first cell in scan order (see Model::rank)
};

class Pruner;

class Model {
 public:
  Model(const Board& position, const ModelOptions& options);
  ~Model();
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  const Board& position() const { return *position_; }
  const solve::ExactCover& problem() const { return problem_; }
  const std::vector<Piece>& pieces() const { return pieces_; }
  const Placement& placement(int option) const { return placements_[std::size_t(option)]; }
  /// The model's size: the cells of all its options together.
  std::size_t placement_cells() const { return option_cells_.size(); }
  /// Cells (row-major indices) of an option.
  std::span<const int> cells(int option) const;
  /// A cell's place in the scan order: reading order, or column by column on a board wider
  /// than high with the fast method (a short front of empty cells finds dead ends sooner).
  int rank(int cell) const { return rank_[std::size_t(cell)]; }
  /// Cells in one line of the scan: a row, or a column.
  int line() const { return column_major_ ? position_->rows() : position_->cols(); }
  /// Libsolve options for the method: item choice and the prune hook (which refers to this
  /// model: keep it alive while searching).
  solve::CoverOptions cover_options() const;
  /// True when interchangeable stones are ordered by the prune hook (Twins::ordered in effect).
  bool ordered() const { return ordered_; }
  /// Placements refused because they put interchangeable stones out of order: not counted as
  /// positions examined (a search written for interchangeable stones would not make them).
  std::uint64_t order_rejections() const;

  /// The position's board with the chosen options added (stone numbers; holes stay 0).
  std::vector<int> grid(std::span<const int> chosen) const;
  /// The chosen options as moves (holes left out), in choice order. The stones of a piece go
  /// to its placements in number order by first cell (Placement::anchor).
  std::vector<Move> moves(std::span<const int> chosen) const;

  /// Board symmetries that keep the position (only identity unless options.symmetric).
  const std::vector<BoardSymmetry>& symmetries() const { return group_; }
  /// The piece restricted to one placement per orbit, or -1.
  int breaker() const { return breaker_; }
  /// True when the breaker's item is the problem's first (item 0, the cells after it): the
  /// first-item search places the breaker before any cell (the fast method).
  bool breaker_first() const { return breaker_first_; }
  /// The piece whose placements are restricted when the breaker lies on an axis, or -1.
  int second() const { return second_; }
  /// For an option of the breaker or of second(): the symmetries (indices into symmetries())
  /// fixing it, identity included. Empty for other options.
  const std::vector<int>& stabiliser(int option) const;
  /// The symmetries a solution (its chosen options) stands for an orbit of: those fixing the
  /// breaker's placement and (with_second) the second's; all of them without a breaker. Sorted.
  std::vector<int> stabiliser(std::span<const int> chosen, bool with_second = true) const;
  /// class_of[stone number] for invariant(): the class, or the number itself when labelled.
  const std::vector<int>& class_of_stone() const { return class_of_stone_; }

 private:
  void make_pieces(const ModelOptions& o);
  /// Counts `work` cells of model building and, every 2^16 of them (a few milliseconds), looks
  /// at the limits: throws BuildStopped when one is reached.
  void poll(std::size_t work) const {
    if ((since_poll_ += work) >= std::size_t(1) << 16) look_at_limits();
  }
  void look_at_limits() const;
  /// For each chosen option, its stone (nullptr for a hole) and that stone's orientation.
  std::vector<std::pair<const Stone*, int>> stones_of(std::span<const int> chosen) const;
  void enumerate(std::vector<std::vector<Placement>>& per_piece,
                 std::vector<std::vector<std::vector<int>>>& cells) const;
  void choose_breaker(std::vector<std::vector<Placement>>& per_piece,
                      std::vector<std::vector<std::vector<int>>>& cells,
                      std::vector<std::vector<int>>& stab_of);
  void restrict_second(const std::vector<std::vector<Placement>>& per_piece,
                       const std::vector<std::vector<std::vector<int>>>& cells,
                       const std::vector<std::vector<int>>& stab_of);
  void build_problem(const std::vector<std::vector<Placement>>& per_piece,
                     const std::vector<std::vector<std::vector<int>>>& cells,
                     const std::vector<std::vector<int>>& stab_of);

  const Board* position_;
  ModelOptions options_;
  mutable std::size_t since_poll_ = 0;  // work since the limits were last looked at
  bool cells_primary_ = true;
  bool ordered_ = false;
  bool column_major_ = false;
  std::vector<int> rank_;
  std::vector<Piece> pieces_;
  std::vector<int> class_of_stone_;
  std::vector<BoardSymmetry> group_;
  int breaker_ = -1;
  bool breaker_first_ = false;
  int second_ = -1;
  int sym_items_ = 0;                                    // secondary items of restrict_second()
  std::vector<std::uint32_t> breaker_sym_, second_sym_;  // by placement: those items, bit k
  std::vector<std::vector<int>> second_stab_of_;         // by placement of the second
  std::vector<std::vector<int>> stabs_;  // stabilisers of the breaker's and second's placements
  std::vector<int> option_stab_;         // by option: index into stabs_, or -1

  solve::ExactCover problem_;
  std::vector<Placement> placements_;
  std::vector<int> option_cells_;  // every option's cells, one after the other
  std::vector<int> option_start_{0};
  std::shared_ptr<Pruner> pruner_;
};

}  // namespace stenen
