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
// equal keys, so every hit is exact.
//
// The counts are sums of 64-bit words, as many as an upper bound on the number of solutions
// needs (see count_words below), so they never overflow.
#include <algorithm>
#include <bit>
#include <cmath>

#include "exact_cover/dlx.hpp"
#include "exact_cover/memo_table.hpp"

namespace solve::detail::cover {

struct Dlx::Memo {
  Memo(std::size_t bytes, int key_words_, int count_words_)
      : table(bytes, key_words_, count_words_), key_words(std::size_t(key_words_)), count_words(std::size_t(count_words_)) {}

  MemoTable table;
  std::size_t key_words, count_words;
  // Where each item's fields lie in the key (bit offsets, -1: none); items are bits 0 .. N-1.
  std::vector<std::int32_t> bound_at, first_at, colour_at;
  std::vector<std::int32_t> place;  // per node: its place in its item's list; per header: the length
  std::vector<std::uint64_t> keys;      // per level, key_words each
  std::vector<std::uint64_t> hashes;    // per level
  std::vector<std::uint64_t> work;      // per level: nodes when the level's node was entered
  std::vector<std::uint64_t> counts;    // per level + 1, count_words each; [0]: the total

  std::uint64_t* key(std::size_t l) { return keys.data() + l * key_words; }
  std::uint64_t* count(std::size_t slot) { return counts.data() + slot * count_words; }

  static void put(std::uint64_t* key, std::int32_t at, std::uint64_t value) {
    key[std::size_t(at) / 64] |= value << (at % 64);
  }
  /// dst += src (src_words words), within count_words words.
  void add(std::uint64_t* dst, const std::uint64_t* src, std::size_t src_words) const {
    std::uint64_t carry = 0;
    for (std::size_t w = 0; w < count_words && (w < src_words || carry); ++w) {
      const std::uint64_t a = w < src_words ? src[w] : 0;
      const std::uint64_t s = dst[w] + a, t = s + carry;
      carry = std::uint64_t(s < a) + std::uint64_t(t < s);
      dst[w] = t;
    }
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

void Dlx::enable_memo(std::size_t bytes) {
  const auto n = std::size_t(n_items_);
  // Bits of an upper bound on the number of solutions: taking the primary items in order, a
  // solution is fixed by the options each takes among those holding no earlier primary item
  // (its `fresh` ones, at most hi of them): at most 2^fresh and (fresh + 1)^hi ways each.
  std::vector<bool> seen(option_node_.size());
  double bits = 0;
  for (std::int32_t i = 1; i <= n_primary_; ++i) {
    double fresh = 0;
    for (std::int32_t p = nd_[std::size_t(i)].down; p != i; p = nd_[std::size_t(p)].down) {
      const auto o = std::size_t(option_of_[std::size_t(p)]);
      if (!seen[o]) ++fresh;
      seen[o] = true;
    }
    const double hi = multi_ ? bound_[std::size_t(i)] : 1;
    bits += std::min(fresh, hi * std::log2(fresh + 1));
  }
  const int count_words = int(std::floor(bits) + 2) / 64 + 1;

  // The key layout: a bit per item, then the fields of items with multiplicities and colours.
  std::vector<std::int32_t> bound_at(n + 2, -1), first_at(n + 2, -1), colour_at(n + 2, -1);
  std::int32_t offset = std::int32_t(n);
  const auto width = [](std::int32_t most) { return std::max(1, int(std::bit_width(unsigned(most)))); };
  for (std::int32_t i = 1; i <= n_primary_ && multi_; ++i) {
    if (bound_[std::size_t(i)] == 1 && slack_[std::size_t(i)] == 0) continue;  // 1:1
    bound_at[std::size_t(i)] = allocate(offset, width(bound_[std::size_t(i)]));
    first_at[std::size_t(i)] = allocate(offset, width(nd_[std::size_t(i)].top));
  }
  int colours = 0;
  for (const Node& x : nd_)
    if (x.top > 0) colours = std::max(colours, int(x.colour));
  for (std::int32_t j = n_primary_ + 1; j <= n_items_; ++j) {
    bool coloured = false;
    for (std::int32_t p = nd_[std::size_t(j)].down; p != j; p = nd_[std::size_t(p)].down)
      coloured = coloured || nd_[std::size_t(p)].colour > 0;
    if (coloured) colour_at[std::size_t(j)] = allocate(offset, width(colours));
  }
  const int key_words = std::max(1, (offset + 63) / 64);

  memo_ = std::make_shared<Memo>(bytes, key_words, count_words);
  Memo& m = *memo_;
  m.bound_at = std::move(bound_at);
  m.first_at = std::move(first_at);
  m.colour_at = std::move(colour_at);
  m.place.assign(nd_.size(), 0);
  for (std::int32_t i = 1; i <= n_items_; ++i) {
    std::int32_t k = 0;
    for (std::int32_t p = nd_[std::size_t(i)].down; p != i; p = nd_[std::size_t(p)].down) m.place[std::size_t(p)] = k++;
    m.place[std::size_t(i)] = k;
  }
  const std::size_t levels = choice_.size() + 1;
  m.keys.assign(levels * m.key_words, 0);
  m.hashes.assign(levels, 0);
  m.work.assign(levels, 0);
  m.counts.assign((levels + 1) * m.count_words, 0);
}

void Dlx::memo_key(std::uint64_t* key) const {
  const Memo& m = *memo_;
  std::fill(key, key + m.key_words, 0);
  for (std::int32_t i = cl_[0].next; i != 0; i = cl_[std::size_t(i)].next) {
    Memo::put(key, i - 1, 1);
    if (m.bound_at[std::size_t(i)] >= 0) {
      Memo::put(key, m.bound_at[std::size_t(i)], std::uint64_t(bound_[std::size_t(i)]));
      Memo::put(key, m.first_at[std::size_t(i)], std::uint64_t(m.place[std::size_t(nd_[std::size_t(i)].down)]));
    }
  }
  const std::int32_t head = n_items_ + 1;
  for (std::int32_t j = cl_[std::size_t(head)].next; j != head; j = cl_[std::size_t(j)].next) {
    Memo::put(key, j - 1, 1);
    if (m.colour_at[std::size_t(j)] >= 0)
      Memo::put(key, m.colour_at[std::size_t(j)], std::uint64_t(item_colour_[std::size_t(j)]));
  }
}

bool Dlx::memo_lookup() {
  Memo& m = *memo_;
  const auto l = std::size_t(level_);
  std::uint64_t* key = m.key(l);
  memo_key(key);
  m.hashes[l] = MemoTable::hash(key, int(m.key_words));
  if (const std::uint64_t* count = m.table.find(key, m.hashes[l])) {
    memo_add_to_parent(count, m.count_words);
    return true;
  }
  std::fill(m.count(l + 1), m.count(l + 1) + m.count_words, 0);
  m.work[l] = stats_.nodes;
  return false;
}

// The node at depth level_ sums into slot level_ + 1; its parent's is slot level_.
void Dlx::memo_add_to_parent(const std::uint64_t* count, std::size_t words) {
  memo_->add(memo_->count(std::size_t(level_)), count, words);
}

void Dlx::memo_leave() {
  Memo& m = *memo_;
  const auto l = std::size_t(level_);
  const std::uint64_t* count = m.count(l + 1);
  // A search cut short leaves partial sums: they are reported, never remembered.
  if (!stopping_) m.table.store(m.key(l), m.hashes[l], count, stats_.nodes - m.work[l]);
  memo_add_to_parent(count, m.count_words);
}

BigCount Dlx::memo_count() const {
  if (!memo_) return {};
  return BigCount::from_limbs(std::span<const std::uint64_t>(memo_->counts).first(memo_->count_words));
}

MemoStats Dlx::memo_stats() const { return memo_ ? memo_->table.stats() : MemoStats{}; }

}  // namespace solve::detail::cover
