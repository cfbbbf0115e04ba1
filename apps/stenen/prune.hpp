#pragma once
// The prune hook given to libsolve: called after each placement with the options chosen so far,
// it rejects the partial solution when
//   - (Twins::ordered, model.hpp) interchangeable stones are out of order: the stones of a
//     class must lie in the order of their first cells, so each board is found once;
// and, with the statement's region test (--smart and the fast method), when
//   - a stone still to place has no place left: all its placements start on covered cells
//     (this is what makes a stone restricted to a corner of the board, the symmetry breaker,
//     cut the search early);
//   - an empty region cannot be filled: its size must be a sum of sizes of parts of stones
//     still to place (a part, 4-connected, lies in one region; a cap_puzzle piece in two parts
//     may straddle two regions, so the sums are over parts, not stones). In cap_puzzle, where
//     cells may stay empty, the cells the regions cannot use must not exceed the cells allowed
//     to stay empty.
// A piece with copies (interchangeable stones, model.hpp) counts once per copy still to place.
// The region test depends only on the cells covered and the copies placed, that is on the items
// still open (the subproblem itself, not the path to it); the order test does not.
// Cells are handled by their rank in the model's scan order (bit r = the r-th cell), so the
// first empty cell is the lowest empty bit. The hook keeps no state between calls (libsolve
// calls it from several threads at once). Given the engine's covered items (libsolve's
// CoverPosition) it reads the occupied cells and the pieces placed from them when the items are
// laid out as those bits (a board without stones on it, one copy of each piece): cell items by
// rank, then the piece items; else it rebuilds them from the options chosen.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace solve {
struct CoverPosition;
}

namespace stenen {

class Model;

class Pruner {
 public:
  /// generic: use the cell-by-cell region search even on boards of at most 64 cells (tests).
  /// The order test runs when the model's pieces are linked in classes (Twins::ordered).
  Pruner(const Model& model, bool region_test, bool generic = false);
  /// False when the newest choice (chosen.back()) makes the position hopeless.
  bool operator()(std::span<const int> chosen) const;
  /// The same answer, read from the engine's covered items when reads_words().
  bool operator()(const solve::CoverPosition& position) const;
  /// True when operator()(CoverPosition) takes the occupied cells and the pieces placed from
  /// the covered items (no pass over the options chosen).
  bool reads_words() const { return reads_words_; }
  /// True when operator()(CoverPosition) rejects a lone empty cell before any fill (tests).
  bool lone_test() const { return lone_fails_; }
  std::uint64_t order_rejections() const { return order_rejections_.load(); }

 private:
  /// operator()(CoverPosition) when not lean_: any method, holes, the order test.
  [[gnu::noinline]] bool words_path(const solve::CoverPosition& position) const;
  /// Some piece has other than one copy to place: copies left by piece, on bit masks.
  bool copies_path(std::span<const int> chosen) const;
  /// One copy of each piece: occupied cells (bit by rank, the position's stones included) and
  /// pieces placed (bit by piece).
  /// (Inlined into both callers: called out of line from the words path it cost 1.5 % more
  /// instructions on stenen2 6x10, the call and the members loaded again.)
  [[gnu::always_inline]] inline bool one_copy_path(std::span<const int> chosen,
                                                   std::uint64_t occupied,
                                                   std::uint64_t placed) const;
  /// The region test when the main region is not every empty cell (or the slack is short):
  /// out of line, so that the common case saves few registers.
  [[gnu::noinline]] bool split_fits(std::uint64_t empty, std::uint64_t first, std::uint64_t left,
                                    int slack) const;
  /// The region test on the empty cells, one of their regions, the subset sums of the
  /// sizes still to place (bit s: sum s) and the cells allowed to stay empty.
  /// (Inlined: as a call of its own it cost 2.6 % more instructions on stenen2 6x10, where half
  /// the positions have more than one region and nearly all of those fail on the first.)
  [[gnu::always_inline]] inline bool regions_fit(std::uint64_t empty, std::uint64_t first,
                                                 std::uint64_t sums, int slack) const;
  /// The pieces placed (bit by piece) from the engine's first two words of covered items.
  [[gnu::always_inline]] inline std::uint64_t placed(std::uint64_t lo, std::uint64_t hi) const;
  /// The region of the empty cells after the last occupied one (or of the first empty cell).
  std::uint64_t main_region(std::uint64_t empty) const;
  /// The empty cells 4-connected to `seed` (word-parallel flood fill).
  std::uint64_t region_of(std::uint64_t seed, std::uint64_t empty) const;
  bool generic_path(std::span<const int> chosen) const;
  /// The interchangeable-stones test; first_empty: rank of the first empty cell.
  bool in_order(std::span<const int> chosen, int first_empty, bool prev_placed) const;
  /// The region test of the generic path, on occupied cells by rank and copies left by piece.
  bool regions_fillable(const std::vector<char>& occupied, const std::vector<int>& left) const;
  /// Cells of a region that no sum of the remaining sizes (bit s of `sums`) can use.
  static int waste(int region, std::uint64_t sums);

  const Model& model_;
  bool region_test_;
  bool ordering_ = false;
  bool one_word_;  // at most 64 cells and 64 pieces: bit masks and word-parallel flood fill
  int line_, cells_;
  std::vector<char> base_;  // covered in the position, by rank
  std::uint64_t base_mask_ = 0;
  std::uint64_t full_ = 0, not_first_ = 0, not_last_ = 0;  // not the first / last of its line
  std::vector<std::uint64_t> masks_;                       // by option (one_word_)
  std::vector<int> option_piece_, option_anchor_;
  std::vector<int> copies_;    // by piece
  bool one_copy_each_ = true;  // every copies_[p] is 1: one_copy_path
  // one_copy_path (one_word_ and one_copy_each_), by bit per piece: the pieces, the holes, the
  // pieces summed as one part; late_[r]: the pieces whose every placement starts before rank r.
  bool reads_words_ = false;
  // reads_words_ with the region test, no order test, no holes and no shortage of cells (a
  // constant slack): operator()(CoverPosition) does the test itself.
  bool lean_ = false;
  // lean_, no cell to spare and no piece (or part) of one cell: a lone empty cell fails the
  // region test (its waste is 1, the slack 0), found without a fill.
  bool lone_fails_ = false;
  std::size_t words_ = 0;  // of covered items that hold the cells and the pieces
  // The layout of those words: the cells from bit cell_shift_ (1 when the breaker's item comes
  // first, model.hpp), the pieces from bit piece_shift_ but the breaker; keep_low_: the pieces
  // before the breaker (all when it is not first), breaker_bit_: its piece.
  int cell_shift_ = 0, piece_shift_ = 0, breaker_bit_ = 0;
  std::uint64_t keep_low_ = ~0ull;
  std::uint64_t all_pieces_ = 0, hole_pieces_ = 0, whole_pieces_ = 0;
  std::vector<std::uint64_t> late_;
  // The subset sums of the whole pieces in each set of pieces (bit by piece), on at most
  // max_table_pieces pieces; else empty and summed per call.
  static constexpr std::size_t max_table_pieces = 12;
  std::vector<std::uint64_t> sums_by_left_;
  int spare_ = 0;  // empty cells at the start less the area of every piece
  std::vector<int> option_ranks_, option_start_;  // ranks of each option's cells
  std::vector<int> latest_;                       // by piece: the largest anchor among its options
  std::vector<int> parts_, part_start_;  // piece p's part sizes: [part_start_[p], part_start_[p+1])
  // The fast path's sums: whole_[p] is piece p's size when it is one part (and under 64), else 0
  // (a hole adds nothing; pieces in parts, listed in in_parts_, add each part).
  std::vector<int> whole_, in_parts_;
  mutable std::atomic<std::uint64_t> order_rejections_{0};
};

}  // namespace stenen
