#include "prune.hpp"

#include <algorithm>
#include <array>
#include <bit>

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
  for (int c = 0; c < cells_; ++c) base_[std::size_t(model.rank(c))] = model.position().grid()[std::size_t(c)] != 0;
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
}

int Pruner::waste(int region, std::uint64_t sums) {
  const std::uint64_t usable = sums & (region >= 63 ? ~0ull : (2ull << region) - 1);
  return region - (63 - std::countl_zero(usable));  // bit 0 (the empty sum) is always set
}

bool Pruner::operator()(std::span<const int> chosen) const {
  if (!one_word_) return generic_path(chosen);
  return one_copy_each_ ? fast_path<false>(chosen) : fast_path<true>(chosen);
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

template <bool Copies>
bool Pruner::fast_path(std::span<const int> chosen) const {
  const std::size_t pieces = copies_.size();
  std::uint64_t occ = base_mask_;
  // Pieces still to place: with one copy each, a bit per piece placed (no per-call array to
  // fill: this hook runs at every node, issue 8); else copies still to place, by piece.
  std::uint64_t placed = 0;
  std::array<int, Copies ? 64 : 1> left;  // at most 64 pieces here (one_word_)
  if constexpr (Copies) std::copy(copies_.begin(), copies_.end(), left.begin());
  for (int o : chosen) {
    occ |= masks_[std::size_t(o)];
    if constexpr (Copies)
      --left[std::size_t(option_piece_[std::size_t(o)])];
    else
      placed |= 1ull << option_piece_[std::size_t(o)];
  }
  const auto to_place_of = [&](std::size_t p) {
    if constexpr (Copies)
      return left[p];
    else
      return int(~placed >> p & 1);
  };
  const std::uint64_t empty_cells = full_ & ~occ;
  const int first_empty = empty_cells ? std::countr_zero(empty_cells) : cells_;
  if (ordering_) {
    const int prev = model_.pieces()[std::size_t(option_piece_[std::size_t(chosen.back())])].prev;
    if (!in_order(chosen, first_empty, prev >= 0 && to_place_of(std::size_t(prev)) == 0)) {
      order_rejections_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
  }
  if (!region_test_) return true;
  std::uint64_t sums = 1;
  int to_place = 0;
  for (std::size_t p = 0; p < pieces; ++p) {
    const int n = to_place_of(p);
    if (n == 0) continue;
    if (latest_[p] < first_empty) return false;
    const int w = whole_[p];  // 0 for a hole (shifting by 0 adds nothing) or a piece in parts
    if constexpr (Copies) {
      to_place += n * w;
      for (int k = 0; k < n; ++k) sums |= sums << w;
    } else {
      to_place += w;
      sums |= sums << w;
    }
  }
  for (const int p : in_parts_) {
    const int n = to_place_of(std::size_t(p));
    to_place += n * model_.pieces()[std::size_t(p)].size;
    for (int k = 0; k < n; ++k)
      for (int i = part_start_[std::size_t(p)]; i < part_start_[std::size_t(p) + 1]; ++i)
        if (parts_[std::size_t(i)] < 64) sums |= sums << parts_[std::size_t(i)];
  }
  std::uint64_t empty = empty_cells;
  int slack = std::popcount(empty) - to_place;
  while (empty) {
    std::uint64_t region = empty & -empty, grown = region;
    do {
      region = grown;
      grown = (region | ((region << 1) & not_first_) | ((region >> 1) & not_last_) |
               (region << line_) | (region >> line_)) & empty;
    } while (grown != region);
    slack -= waste(std::popcount(region), sums);
    if (slack < 0) return false;
    empty &= ~region;
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
  const int first_empty = int(std::find(s.occupied.begin(), s.occupied.end(), 0) - s.occupied.begin());
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

bool Pruner::regions_fillable(const std::vector<char>& occupied, const std::vector<int>& copies_left) const {
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
      const int next[4] = {l > 0 ? r - line_ : -1, l + 1 < lines ? r + line_ : -1, k > 0 ? r - 1 : -1,
                           k + 1 < line_ ? r + 1 : -1};
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
