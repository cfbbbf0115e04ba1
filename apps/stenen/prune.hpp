#pragma once
// The prune hook given to libsolve: called after each placement with the options chosen so far,
// it rejects the partial solution when
//   - interchangeable stones are out of order (Counting::identical/unique): the stones of a
//     class must lie in the order of their first cells, so each board is found once;
//   - (region test, --smart and the fast method) an empty region cannot be filled: its size
//     must be a sum of sizes of stones still to place. In cap_puzzle, where cells may stay
//     empty, the cells the regions cannot use must not exceed the cells allowed to stay empty.
// It keeps no state between calls (libsolve calls it from several threads at once).
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace stenen {

class Model;

class Pruner {
 public:
  /// generic: use the cell-by-cell region search even on boards of at most 64 cells (tests).
  Pruner(const Model& model, bool region_test, bool ordering, bool generic = false);
  /// False when the newest choice (chosen.back()) makes the position hopeless.
  bool operator()(std::span<const int> chosen) const;
  std::uint64_t order_rejections() const { return order_rejections_.load(); }

 private:
  bool in_order(std::span<const int> chosen, const std::vector<char>& occupied) const;
  bool regions_fillable(const std::vector<char>& occupied, const std::vector<char>& placed) const;
  bool fast_path(std::span<const int> chosen) const;
  /// waste of one region: cells that no sum of remaining sizes can use.
  static int waste(int region, std::uint64_t sums_word);

  const Model& model_;
  bool region_test_;
  bool ordering_;
  bool one_word_;   // board of at most 64 cells: masks and bit-parallel flood fill
  int rows_, cols_, cells_;
  std::vector<char> base_;            // cells already covered in the position
  std::uint64_t base_mask_ = 0;
  std::uint64_t full_ = 0, not_left_ = 0, not_right_ = 0;
  std::vector<std::uint64_t> masks_;  // by option (one_word_)
  std::vector<int> option_piece_;
  std::vector<int> option_anchor_;
  mutable std::atomic<std::uint64_t> order_rejections_{0};
};

}  // namespace stenen
