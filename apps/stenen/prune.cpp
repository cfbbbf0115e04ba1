#include "prune.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include <solve/exact_cover.hpp>

#include "model.hpp"

namespace stenen {

namespace {

/// Scratch space of one thread, reused from call to call (no allocation once warm).
struct Scratch {
  std::vector<char> occupied, seen;
  std::vector<int> left;
  std::vector<int> stack;
  std::vector<std::uint64_t> sums;
};

}  // namespace

Pruner::Pruner(const Model& model, bool region_test, bool generic)
    : model_(model),
      region_test_(region_test),
      line_(model.line()),
      cells_(model.position().rows() * model.position().cols()) {
  const int options = model.problem().num_options();
  one_word_ = !generic && cells_ <= 64 && model.pieces().size() <= 64;
  base_.resize(std::size_t(cells_));
  for (int c = 0; c < cells_; ++c)
    base_[std::size_t(model.rank(c))] = model.position().grid()[std::size_t(c)] != 0;
  latest_.assign(model.pieces().size(), -1);
  part_start_.push_back(0);
  for (const Piece& p : model.pieces()) {
    copies_.push_back(p.copies());
    one_copy_each_ = one_copy_each_ && p.copies() == 1;
    ordering_ |= p.next >= 0;
    if (!p.hole()) parts_.insert(parts_.end(), p.shape()->parts.begin(), p.shape()->parts.end());
    part_start_.push_back(int(parts_.size()));
    const bool whole = p.hole() || (p.shape()->parts.size() == 1 && p.size < 64);
    whole_.push_back(whole && !p.hole() ? p.size : 0);
    if (!whole) in_parts_.push_back(int(whole_.size()) - 1);
  }
  option_start_.push_back(0);
  for (int o = 0; o < options; ++o) {
    const Placement& p = model.placement(o);
    option_piece_.push_back(p.piece);
    option_anchor_.push_back(p.anchor);
    latest_[std::size_t(p.piece)] = std::max(latest_[std::size_t(p.piece)], p.anchor);
    for (int c : model.cells(o)) option_ranks_.push_back(model.rank(c));
    option_start_.push_back(int(option_ranks_.size()));
  }
  if (!one_word_) return;
  for (int r = 0; r < cells_; ++r) {
    full_ |= 1ull << r;
    if (base_[std::size_t(r)]) base_mask_ |= 1ull << r;
    if (r % line_ != 0) not_first_ |= 1ull << r;
    if (r % line_ != line_ - 1) not_last_ |= 1ull << r;
  }
  masks_.resize(std::size_t(options));
  for (int o = 0; o < options; ++o)
    for (int i = option_start_[std::size_t(o)]; i < option_start_[std::size_t(o) + 1]; ++i)
      masks_[std::size_t(o)] |= 1ull << option_ranks_[std::size_t(i)];
  if (!one_copy_each_) return;
  const std::size_t pieces = copies_.size();
  spare_ = cells_ - std::popcount(base_mask_);
  for (std::size_t p = 0; p < pieces; ++p) {
    all_pieces_ |= 1ull << p;
    if (model.pieces()[p].hole()) hole_pieces_ |= 1ull << p;
    if (whole_[p] > 0) whole_pieces_ |= 1ull << p;
    spare_ -= model.pieces()[p].size;
  }
  // The sums of the whole pieces by the set left, when the table is small (stenen2's twelve
  // pentominoes: 4096 words, 32 KiB): the loop over the pieces left cost 26 instructions a
  // call on 6x10 (half the positions have more than one region).
  if (pieces <= max_table_pieces) {
    sums_by_left_.assign(std::size_t(1) << pieces, 1);
    for (std::size_t set = 1; set < sums_by_left_.size(); ++set) {
      const std::size_t p = std::size_t(std::countr_zero(set));
      sums_by_left_[set] = sums_by_left_[set & (set - 1)];
      if (whole_pieces_ >> p & 1) sums_by_left_[set] |= sums_by_left_[set] << whole_[p];
    }
  }
  late_.assign(std::size_t(cells_) + 1, 0);
  for (int r = 0; r <= cells_; ++r)
    for (std::size_t p = 0; p < pieces; ++p)
      if (latest_[p] < r) late_[std::size_t(r)] |= 1ull << p;
  // The engine's words are these bits when item r is the cell of rank r and item cells_ + p
  // is piece p, in every option (model.cpp's layout on a board without stones); or, with the
  // breaker first, item 0 is the breaker b, the cells follow it, and then the other pieces.
  const int b = model.breaker_first() ? model.breaker() : -1;
  cell_shift_ = b >= 0 ? 1 : 0;
  piece_shift_ = cells_ + cell_shift_;
  keep_low_ = b >= 0 ? (1ull << b) - 1 : ~0ull;
  breaker_bit_ = b >= 0 ? b : 0;
  const auto piece_item = [&](int p) { return p == b ? 0 : piece_shift_ + p - (b >= 0 && p > b); };
  reads_words_ = base_mask_ == 0 && cells_ > 0 && pieces > 0 && piece_shift_ <= 64;
  words_ = (std::size_t(cells_) + pieces + 63) / 64;
  // Items after the pieces (the secondary items of Model::restrict_second) are not read.
  const int after_pieces = piece_shift_ + int(pieces) - (b >= 0);
  for (int o = 0; o < options && reads_words_; ++o) {
    const auto items = model.problem().option(o);
    const auto from = std::size_t(option_start_[std::size_t(o)]);
    const std::size_t n = std::size_t(option_start_[std::size_t(o) + 1]) - from;
    reads_words_ = items.size() > n && items[n].item == piece_item(option_piece_[std::size_t(o)]);
    for (std::size_t k = 0; k < items.size() && reads_words_; ++k)
      reads_words_ = k < n ? items[k].item == option_ranks_[from + k] + cell_shift_
                           : k == n || items[k].item >= after_pieces;
  }
  lean_ = reads_words_ && region_test_ && !ordering_ && hole_pieces_ == 0 && spare_ >= 0;
  lone_fails_ = lean_ && spare_ == 0 && std::find(parts_.begin(), parts_.end(), 1) == parts_.end();
}

int Pruner::waste(int region, std::uint64_t sums) {
  const std::uint64_t usable = sums & (region >= 63 ? ~0ull : (2ull << region) - 1);
  return region - (63 - std::countl_zero(usable));  // bit 0 (the empty sum) is always set
}

bool Pruner::operator()(std::span<const int> chosen) const {
  if (!one_word_) return generic_path(chosen);
  if (!one_copy_each_) return copies_path(chosen);
  std::uint64_t occupied = base_mask_, placed = 0;
  for (int o : chosen) {
    occupied |= masks_[std::size_t(o)];
    placed |= 1ull << option_piece_[std::size_t(o)];
  }
  return one_copy_path(chosen, occupied, placed);
}

bool Pruner::operator()(const solve::CoverPosition& position) const {
  if (!lean_ || position.covered.size() < words_) return words_path(position);
  // The words path without the order test and holes (so the slack is spare_), its rare end
  // out of line: with few values live, the common case saves no registers (it saved six, 16
  // of the 190 instructions a position on stenen2 6x10).
  const std::uint64_t lo = position.covered[0], hi = words_ > 1 ? position.covered[1] : 0;
  const std::uint64_t empty = full_ & ~(lo >> cell_shift_);
  if (lone_fails_) {
    // An empty cell with no empty neighbour is a region of one cell that nothing can fill.
    const std::uint64_t near = ((empty << 1) & not_first_) | ((empty >> 1) & not_last_) |
                               (empty << line_) | (empty >> line_);
    if (empty & ~near) return false;
  }
  const std::uint64_t left = all_pieces_ & ~placed(lo, hi);
  if (left & late_[std::size_t(empty ? std::countr_zero(empty) : cells_)])
    return false;  // a piece has no place left
  const std::uint64_t first = main_region(empty);
  if (first == empty) return true;  // one region (lean_: spare_ >= 0)
  return split_fits(empty, first, left, spare_);
}

inline std::uint64_t Pruner::placed(std::uint64_t lo, std::uint64_t hi) const {
  // The piece items after the cells, across the two words when piece_shift_ < 64 (two shifts
  // of lo, so that piece_shift_ == 64 needs no branch); the breaker's bit, when it comes first,
  // put back between the pieces before and after it.
  const std::uint64_t after = (lo >> (piece_shift_ - 1)) >> 1 | hi << (64 - piece_shift_);
  return (after & keep_low_) | ((after & ~keep_low_) << cell_shift_) |
         ((lo & std::uint64_t(cell_shift_)) << breaker_bit_);
}

bool Pruner::words_path(const solve::CoverPosition& position) const {
  if (!reads_words_ || position.covered.size() < words_) return (*this)(position.chosen);
  const std::uint64_t lo = position.covered[0], hi = words_ > 1 ? position.covered[1] : 0;
  return one_copy_path(position.chosen, (lo >> cell_shift_) & full_, placed(lo, hi) & all_pieces_);
}

bool Pruner::in_order(std::span<const int> chosen, int first_empty, bool prev_placed) const {
  const int last = chosen.back(), a = option_anchor_[std::size_t(last)];
  const Piece& newest = model_.pieces()[std::size_t(option_piece_[std::size_t(last)])];
  if (newest.prev < 0 && newest.next < 0) return true;
  // The piece before in its class must lie at a lower first cell (so it still needs an empty
  // cell before a), the one after at a higher one.
  if (newest.prev >= 0 && !prev_placed && first_empty > a) return false;
  for (int o : chosen.first(chosen.size() - 1)) {
    const int q = option_piece_[std::size_t(o)], b = option_anchor_[std::size_t(o)];
    if ((q == newest.prev && b > a) || (q == newest.next && b < a)) return false;
  }
  return true;
}

namespace {

/// Bits set in x, inline: std::popcount is a library call unless the target has POPCNT (the
/// default x86-64 build has not), and the region test counts every region.
int bits(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return int((x * 0x0101010101010101ull) >> 56);
}

}  // namespace

inline bool Pruner::one_copy_path(std::span<const int> chosen, std::uint64_t occupied,
                                  std::uint64_t placed) const {
  const std::uint64_t empty = full_ & ~occupied, left = all_pieces_ & ~placed;
  const int first_empty = empty ? std::countr_zero(empty) : cells_;
  if (ordering_) {
    const int prev = model_.pieces()[std::size_t(option_piece_[std::size_t(chosen.back())])].prev;
    if (!in_order(chosen, first_empty, prev >= 0 && (placed >> prev & 1))) {
      order_rejections_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
  }
  if (!region_test_) return true;
  if (left & late_[std::size_t(first_empty)]) return false;  // a piece has no place left
  // Each piece placed covered its size in empty cells, so the empty cells less the area still
  // to place (holes aside) is the start's spare plus the holes still to place.
  const int slack = spare_ + (hole_pieces_ ? bits(left & hole_pieces_) : 0);
  // One region of every empty cell fits whatever is left (the sum of every size left is one of
  // the sums, and leaves `slack` cells over): the common case needs no sums.
  const std::uint64_t first = main_region(empty);
  if (first == empty && slack >= 0) return true;
  return split_fits(empty, first, left, slack);
}

bool Pruner::split_fits(std::uint64_t empty, std::uint64_t first, std::uint64_t left,
                        int slack) const {
  std::uint64_t sums = 1;
  if (!sums_by_left_.empty()) {
    sums = sums_by_left_[std::size_t(left)];
  } else {
    for (std::uint64_t b = left & whole_pieces_; b; b &= b - 1)
      sums |= sums << whole_[std::size_t(std::countr_zero(b))];
  }
  for (const int p : in_parts_)
    if (left >> p & 1)
      for (int i = part_start_[std::size_t(p)]; i < part_start_[std::size_t(p) + 1]; ++i)
        if (parts_[std::size_t(i)] < 64) sums |= sums << parts_[std::size_t(i)];
  return regions_fit(empty, first, sums, slack);
}

bool Pruner::copies_path(std::span<const int> chosen) const {
  const std::size_t pieces = copies_.size();
  std::uint64_t occ = base_mask_;
  std::array<int, 64> left;  // copies still to place, by piece (at most 64 pieces: one_word_)
  std::copy(copies_.begin(), copies_.end(), left.begin());
  for (int o : chosen) {
    occ |= masks_[std::size_t(o)];
    --left[std::size_t(option_piece_[std::size_t(o)])];
  }
  const std::uint64_t empty = full_ & ~occ;
  const int first_empty = empty ? std::countr_zero(empty) : cells_;
  if (ordering_) {
    const int prev = model_.pieces()[std::size_t(option_piece_[std::size_t(chosen.back())])].prev;
    if (!in_order(chosen, first_empty, prev >= 0 && left[std::size_t(prev)] == 0)) {
      order_rejections_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
  }
  if (!region_test_) return true;
  std::uint64_t sums = 1;
  int to_place = 0;
  for (std::size_t p = 0; p < pieces; ++p) {
    const int n = left[p];
    if (n == 0) continue;
    if (latest_[p] < first_empty) return false;
    const int w = whole_[p];  // 0 for a hole (shifting by 0 adds nothing) or a piece in parts
    to_place += n * w;
    for (int k = 0; k < n; ++k) sums |= sums << w;
  }
  for (const int p : in_parts_) {
    const int n = left[std::size_t(p)];
    to_place += n * model_.pieces()[std::size_t(p)].size;
    for (int k = 0; k < n; ++k)
      for (int i = part_start_[std::size_t(p)]; i < part_start_[std::size_t(p) + 1]; ++i)
        if (parts_[std::size_t(i)] < 64) sums |= sums << parts_[std::size_t(i)];
  }
  return regions_fit(empty, main_region(empty), sums, bits(empty) - to_place);
}

std::uint64_t Pruner::main_region(std::uint64_t empty) const {
  const std::uint64_t occupied = full_ & ~empty;
  if (occupied == 0) return empty;  // the whole board
  // The cells after the last occupied one in scan order are all empty and connected (the rest
  // of its line, then whole lines): a fill from them walks only the ragged edge of the
  // placements, where one from the first empty cell crossed the board a line a step (stenen2
  // 6x10: 3.4 steps a fill, was about 7).
  const int last = 63 - std::countl_zero(occupied);
  const std::uint64_t after = last == 63 ? 0 : empty & (~0ull << (last + 1));
  return region_of(after ? after : empty & -empty, empty);
}

std::uint64_t Pruner::region_of(std::uint64_t seed, std::uint64_t empty) const {
  std::uint64_t region, grown = seed;
  do {
    region = grown;
    grown = (region | ((region << 1) & not_first_) | ((region >> 1) & not_last_) |
             (region << line_) | (region >> line_)) &
            empty;
  } while (grown != region);
  return region;
}

bool Pruner::regions_fit(std::uint64_t empty, std::uint64_t region, std::uint64_t sums,
                         int slack) const {
  while (empty) {
    slack -= waste(bits(region), sums);
    if (slack < 0) return false;
    empty &= ~region;
    region = region_of(empty & -empty, empty);
  }
  return true;
}

bool Pruner::generic_path(std::span<const int> chosen) const {
  thread_local Scratch s;
  s.occupied.assign(base_.begin(), base_.end());
  s.left.assign(copies_.begin(), copies_.end());
  for (int o : chosen) {
    for (int i = option_start_[std::size_t(o)]; i < option_start_[std::size_t(o) + 1]; ++i)
      s.occupied[std::size_t(option_ranks_[std::size_t(i)])] = 1;
    --s.left[std::size_t(option_piece_[std::size_t(o)])];
  }
  const int first_empty =
      int(std::find(s.occupied.begin(), s.occupied.end(), 0) - s.occupied.begin());
  if (ordering_) {
    const int prev = model_.pieces()[std::size_t(option_piece_[std::size_t(chosen.back())])].prev;
    if (!in_order(chosen, first_empty, prev >= 0 && s.left[std::size_t(prev)] == 0)) {
      order_rejections_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
  }
  if (!region_test_) return true;
  for (std::size_t p = 0; p < latest_.size(); ++p)
    if (s.left[p] > 0 && latest_[p] < first_empty) return false;
  return regions_fillable(s.occupied, s.left);
}

bool Pruner::regions_fillable(const std::vector<char>& occupied,
                              const std::vector<int>& copies_left) const {
  thread_local Scratch s;
  const std::size_t words = std::size_t(cells_) / 64 + 1;
  s.sums.assign(words, 0);
  s.sums[0] = 1;
  int left = 0;
  const auto& pieces = model_.pieces();
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if (pieces[p].hole()) continue;
    left += copies_left[p] * pieces[p].size;
    for (int k = 0; k < copies_left[p]; ++k) {
      for (int i = part_start_[p]; i < part_start_[p + 1]; ++i) {
        const int part = parts_[std::size_t(i)];
        // sums |= sums << part, word by word from the top.
        const std::size_t ws = std::size_t(part) / 64, bs = std::size_t(part) % 64;
        for (std::size_t w = words; w-- > ws;) {
          std::uint64_t v = s.sums[w - ws] << bs;
          if (bs && w > ws) v |= s.sums[w - ws - 1] >> (64 - bs);
          s.sums[w] |= v;
        }
      }
    }
  }
  int slack = int(std::count(occupied.begin(), occupied.end(), 0)) - left;
  s.seen.assign(occupied.begin(), occupied.end());
  const int lines = cells_ / line_;
  for (int start = 0; start < cells_; ++start) {
    if (s.seen[std::size_t(start)]) continue;
    int region = 0;
    s.stack.assign(1, start);
    s.seen[std::size_t(start)] = 1;
    while (!s.stack.empty()) {
      const int r = s.stack.back();
      s.stack.pop_back();
      ++region;
      const int l = r / line_, k = r % line_;
      const int next[4] = {l > 0 ? r - line_ : -1, l + 1 < lines ? r + line_ : -1,
                           k > 0 ? r - 1 : -1, k + 1 < line_ ? r + 1 : -1};
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
