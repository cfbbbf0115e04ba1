// Memoised counting on dancing links, in the spirit of DXZ (Nishino, Yasuda, Minato, Nagata:
// "Dancing with decision diagrams", AAAI 2017): the solutions below a node depend only on the
// subproblem left there, so its count is kept under a key of that subproblem and reused when
// another path meets the same one. See dlx.hpp.
//
// The key. An option is still available at a node exactly when each of its primary items is
// open (for Algorithm M: and the option is not before the first one left in that item's list,
// the earlier ones being tweaked off) and each of its secondary items is unused or has the
// option's colour. So the subproblem is fixed by: which items are open (one bit each); for each
// open item with multiplicities, its remaining bound and its first option left; for each
// secondary item that options colour, the colour it has (0: none). Equal subproblems give
// equal keys, so every hit is exact. (memo_counter.hpp keeps the counts and the table.)
#include <algorithm>
#include <bit>

#include "exact_cover/dlx.hpp"
#include "exact_cover/memo_counter.hpp"

namespace solve::detail::cover {

struct Dlx::Memo {
  MemoCounter counter;
  // Where each item's fields lie in the key (bit offsets, -1: none); items are bits 0 .. N-1.
  std::vector<std::int32_t> bound_at, first_at, colour_at;
  std::vector<std::int32_t>
      place;  // per node: its place in its item's list; per header: the length

  static void put(std::uint64_t* key, std::int32_t at, std::uint64_t value) {
    key[std::size_t(at) / 64] |= value << (at % 64);
  }
};

namespace {

/// Places a field of `width` bits at the next free offset that keeps it inside one word.
std::int32_t allocate(std::int32_t& offset, int width) {
  if (offset % 64 + width > 64) offset = (offset / 64 + 1) * 64;
  const std::int32_t at = offset;
  offset += width;
  return at;
}

}  // namespace

void Dlx::enable_memo(const ExactCover& problem, std::size_t bytes) {
  const auto n = std::size_t(n_items_);
  std::vector<bool> primary(n, false);
  for (std::int32_t i = 1; i <= n_primary_; ++i)
    primary[std::size_t(item_id_[std::size_t(i)])] = true;
  const int words = count_words(problem, primary, multi_);

  // The key layout: a bit per item, then the fields of items with multiplicities and colours.
  std::vector<std::int32_t> bound_at(n + 2, -1), first_at(n + 2, -1), colour_at(n + 2, -1);
  std::int32_t offset = std::int32_t(n);
  const auto width = [](std::int32_t most) {
    return std::max(1, int(std::bit_width(unsigned(most))));
  };
  for (std::int32_t i = 1; i <= n_primary_ && multi_; ++i) {
    if (bound_[i] == 1 && slack_[i] == 0) continue;  // 1:1
    bound_at[std::size_t(i)] = allocate(offset, width(bound_[i]));
    first_at[std::size_t(i)] = allocate(offset, width(node(i).top));
  }
  int colours = 0;
  for (const Node& x : nd_)
    if (x.top > 0) colours = std::max(colours, int(x.colour));
  for (std::int32_t j = n_primary_ + 1; j <= n_items_; ++j) {
    bool coloured = false;
    for (std::int32_t p = node(j).down; p != j; p = node(p).down)
      coloured = coloured || node(p).colour > 0;
    if (coloured) colour_at[std::size_t(j)] = allocate(offset, width(colours));
  }
  const int key_words = std::max(1, (offset + 63) / 64);

  memo_ = std::make_shared<Memo>(Memo{MemoCounter(bytes, key_words, words, choice_.size() + 1),
                                      std::move(bound_at),
                                      std::move(first_at),
                                      std::move(colour_at),
                                      {}});
  std::vector<std::int32_t>& place = memo_->place;
  place.assign(nd_.size(), 0);
  for (std::int32_t i = 1; i <= n_items_; ++i) {
    std::int32_t k = 0;
    for (std::int32_t p = node(i).down; p != i; p = node(p).down) place[std::size_t(p)] = k++;
    place[std::size_t(i)] = k;
  }
}

void Dlx::memo_key(std::uint64_t* key) const {
  const Memo& m = *memo_;
  std::fill(key, key + m.counter.key_words(), 0);
  for (std::int32_t i = cl_[0].next; i != 0; i = link(i).next) {
    Memo::put(key, i - 1, 1);
    if (m.bound_at[std::size_t(i)] >= 0) {
      Memo::put(key, m.bound_at[std::size_t(i)], std::uint64_t(bound_[i]));
      Memo::put(key, m.first_at[std::size_t(i)], std::uint64_t(m.place[std::size_t(node(i).down)]));
    }
  }
  const std::int32_t head = n_items_ + 1;
  for (std::int32_t j = link(head).next; j != head; j = link(j).next) {
    Memo::put(key, j - 1, 1);
    if (m.colour_at[std::size_t(j)] >= 0)
      Memo::put(key, m.colour_at[std::size_t(j)], std::uint64_t(item_colour_[j]));
  }
}

bool Dlx::memo_lookup() {
  MemoCounter& c = memo_->counter;
  memo_key(c.key(std::size_t(level_)));
  return c.lookup(std::size_t(level_), stats_.nodes);
}

void Dlx::memo_solution() { memo_->counter.solution(std::size_t(level_)); }

void Dlx::memo_leave() { memo_->counter.leave(std::size_t(level_), stats_.nodes, stopping_); }

BigCount Dlx::memo_count() const { return memo_ ? memo_->counter.total() : BigCount{}; }

MemoStats Dlx::memo_stats() const { return memo_ ? memo_->counter.stats() : MemoStats{}; }

}  // namespace solve::detail::cover
