#include "prune.hpp"

#include <bit>

#include "model.hpp"

namespace stenen {

namespace {

std::uint64_t below(int a) { return a >= 64 ? ~0ull : (1ull << a) - 1; }

/// Scratch space of one thread, reused from call to call (no allocation once warm).
struct Scratch {
  std::vector<char> occupied, placed, seen;
  std::vector<int> stack;
  std::vector<std::uint64_t> sums, shifted;
};

}  // namespace

Pruner::Pruner(const Model& model, bool region_test, bool ordering, bool generic)
    : model_(model),
      region_test_(region_test),
      ordering_(ordering),
      rows_(model.position().rows()),
      cols_(model.position().cols()),
      cells_(rows_ * cols_) {
  const int options = model.problem().num_options();
  one_word_ = !generic && cells_ <= 64 && model.pieces().size() <= 64;
  base_.resize(std::size_t(cells_));
  for (int c = 0; c < cells_; ++c) base_[std::size_t(c)] = model.position().grid()[std::size_t(c)] != 0;
  for (int o = 0; o < options; ++o) {
    option_piece_.push_back(model.placement(o).piece);
    option_anchor_.push_back(model.placement(o).anchor);
  }
  if (!one_word_) return;
  for (int c = 0; c < cells_; ++c) {
    full_ |= 1ull << c;
    if (base_[std::size_t(c)]) base_mask_ |= 1ull << c;
    if (c % cols_ != 0) not_left_ |= 1ull << c;
    if (c % cols_ != cols_ - 1) not_right_ |= 1ull << c;
  }
  masks_.resize(std::size_t(options));
  for (int o = 0; o < options; ++o)
    for (int c : model.cells(o)) masks_[std::size_t(o)] |= 1ull << c;
}

int Pruner::waste(int region, std::uint64_t sums_word) {
  const std::uint64_t usable = sums_word & (region >= 63 ? ~0ull : (2ull << region) - 1);
  return region - (63 - std::countl_zero(usable));  // bit 0 (the empty sum) is always set
}

bool Pruner::fast_path(std::span<const int> chosen) const {
  std::uint64_t occ = base_mask_, placed = 0;
  for (int o : chosen) {
    occ |= masks_[std::size_t(o)];
    placed |= 1ull << option_piece_[std::size_t(o)];
  }
  const auto& pieces = model_.pieces();
  const int last = chosen.back(), a = option_anchor_[std::size_t(last)];
  const Piece& newest = pieces[std::size_t(option_piece_[std::size_t(last)])];
  if (ordering_ && (newest.prev >= 0 || newest.next >= 0)) {
    // The piece before in its class must lie at a lower first cell, the one after higher.
    bool ok = newest.prev < 0 || (placed >> newest.prev & 1) || (~occ & full_ & below(a)) != 0;
    for (int o : chosen.first(chosen.size() - 1)) {
      const int q = option_piece_[std::size_t(o)], b = option_anchor_[std::size_t(o)];
      if ((q == newest.prev && b > a) || (q == newest.next && b < a)) ok = false;
    }
    if (!ok) {
      order_rejections_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
  }
  if (!region_test_) return true;
  std::uint64_t sums = 1;
  int left = 0;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if ((placed >> p & 1) || pieces[p].hole()) continue;
    left += pieces[p].size;
    if (pieces[p].size < 64) sums |= sums << pieces[p].size;
  }
  std::uint64_t empty = full_ & ~occ;
  int slack = std::popcount(empty) - left;
  while (empty) {
    std::uint64_t region = empty & -empty, grown = region;
    do {
      region = grown;
      grown = (region | ((region << 1) & not_left_) | ((region >> 1) & not_right_) |
               (region << cols_) | (region >> cols_)) & empty;
    } while (grown != region);
    slack -= waste(std::popcount(region), sums);
    if (slack < 0) return false;
    empty &= ~region;
  }
  return true;
}

bool Pruner::operator()(std::span<const int> chosen) const {
  if (one_word_) return fast_path(chosen);
  thread_local Scratch s;
  s.occupied.assign(base_.begin(), base_.end());
  s.placed.assign(model_.pieces().size(), 0);
  for (int o : chosen) {
    for (int c : model_.cells(o)) s.occupied[std::size_t(c)] = 1;
    s.placed[std::size_t(option_piece_[std::size_t(o)])] = 1;
  }
  if (ordering_ && !in_order(chosen, s.occupied)) {
    order_rejections_.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  return !region_test_ || regions_fillable(s.occupied, s.placed);
}

bool Pruner::in_order(std::span<const int> chosen, const std::vector<char>& occupied) const {
  const int last = chosen.back(), p = option_piece_[std::size_t(last)];
  const int a = option_anchor_[std::size_t(last)];
  const Piece& piece = model_.pieces()[std::size_t(p)];
  bool prev_placed = false;
  for (int o : chosen.first(chosen.size() - 1)) {
    const int q = option_piece_[std::size_t(o)], b = option_anchor_[std::size_t(o)];
    if ((q == piece.prev && b > a) || (q == piece.next && b < a)) return false;
    prev_placed |= q == piece.prev;
  }
  if (piece.prev < 0 || prev_placed) return true;
  // The piece before must still find a first cell before a.
  for (int c = 0; c < a; ++c)
    if (!occupied[std::size_t(c)]) return true;
  return false;
}

bool Pruner::regions_fillable(const std::vector<char>& occupied, const std::vector<char>& placed) const {
  thread_local Scratch s;
  const std::size_t words = std::size_t(cells_) / 64 + 1;
  s.sums.assign(words, 0);
  s.sums[0] = 1;
  int left = 0;
  const auto& pieces = model_.pieces();
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if (placed[p] || pieces[p].hole()) continue;
    const int size = pieces[p].size;
    left += size;
    // sums |= sums << size, word by word from the top.
    const std::size_t ws = std::size_t(size) / 64, bs = std::size_t(size) % 64;
    for (std::size_t w = words; w-- > ws;) {
      std::uint64_t v = s.sums[w - ws] << bs;
      if (bs && w > ws) v |= s.sums[w - ws - 1] >> (64 - bs);
      s.sums[w] |= v;
    }
  }
  int empty = 0;
  for (char o : occupied) empty += !o;
  int slack = empty - left;
  s.seen.assign(occupied.begin(), occupied.end());
  for (int start = 0; start < cells_; ++start) {
    if (s.seen[std::size_t(start)]) continue;
    int region = 0;
    s.stack.assign(1, start);
    s.seen[std::size_t(start)] = 1;
    while (!s.stack.empty()) {
      const int c = s.stack.back();
      s.stack.pop_back();
      ++region;
      const int r = c / cols_, k = c % cols_;
      const int next[4] = {r > 0 ? c - cols_ : -1, r + 1 < rows_ ? c + cols_ : -1,
                           k > 0 ? c - 1 : -1, k + 1 < cols_ ? c + 1 : -1};
      for (int n : next)
        if (n >= 0 && !s.seen[std::size_t(n)]) {
          s.seen[std::size_t(n)] = 1;
          s.stack.push_back(n);
        }
    }
    int best = region;  // the largest sum not above the region's size
    while (!(s.sums[std::size_t(best) / 64] >> (best % 64) & 1)) --best;
    slack -= region - best;
    if (slack < 0) return false;
  }
  return true;
}

}  // namespace stenen
