// Per-level counts and keys of memoised counting (see memo_counter.hpp).
#include "exact_cover/memo_counter.hpp"

#include <algorithm>
#include <cmath>

namespace solve::detail::cover {

int count_words(const ExactCover& problem, const std::vector<bool>& primary, bool multi) {
  std::vector<std::vector<int>> options(static_cast<std::size_t>(problem.num_items()));
  for (int o = 0; o < problem.num_options(); ++o)
    for (const ItemColour& ic : problem.option(o)) options[std::size_t(ic.item)].push_back(o);
  // Bits of the bound for the primary items taken in the given order.
  const auto bits = [&](const std::vector<int>& order) {
    std::vector<bool> seen(std::size_t(problem.num_options()));
    double sum = 0;
    for (int i : order) {
      double fresh = 0;
      for (int o : options[std::size_t(i)]) {
        fresh += !seen[std::size_t(o)];
        seen[std::size_t(o)] = true;
      }
      const double hi = multi ? problem.bounds(i).hi : 1;
      sum += std::min(fresh, hi * std::log2(fresh + 1));
    }
    return sum;
  };
  // Any order gives a bound: id order, and longest lists first (the piece items of a packing,
  // which every option holds one of, bound it far better than its cells).
  std::vector<int> order;
  for (int i = 0; i < problem.num_items(); ++i)
    if (primary[std::size_t(i)]) order.push_back(i);
  const double by_id = bits(order);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return options[std::size_t(a)].size() > options[std::size_t(b)].size();
  });
  return int(std::floor(std::min(by_id, bits(order))) + 2) / 64 +
         1;  // a spare bit against rounding
}

MemoCounter::MemoCounter(std::size_t bytes, int key_words, int count_words, std::size_t levels)
    : table_(bytes, key_words, count_words),
      key_words_(std::size_t(key_words)),
      count_words_(std::size_t(count_words)),
      keys_(levels * key_words_),
      hashes_(levels),
      work_(levels),
      counts_((levels + 1) * count_words_) {}

void MemoCounter::add(std::uint64_t* dst, const std::uint64_t* src, std::size_t words) const {
  std::uint64_t carry = 0;
  for (std::size_t w = 0; w < count_words_ && (w < words || carry); ++w) {
    const std::uint64_t a = w < words ? src[w] : 0;
    const std::uint64_t s = dst[w] + a, t = s + carry;
    carry = std::uint64_t(s < a) + std::uint64_t(t < s);
    dst[w] = t;
  }
}

bool MemoCounter::lookup(std::size_t l, std::uint64_t nodes) {
  hashes_[l] = MemoTable::hash(key(l), int(key_words_));
  if (const std::uint64_t* found = table_.find(key(l), hashes_[l])) {
    add(count(l), found, count_words_);
    return true;
  }
  std::fill(count(l + 1), count(l + 1) + count_words_, 0);
  work_[l] = nodes;
  return false;
}

void MemoCounter::solution(std::size_t l) {
  static constexpr std::uint64_t one = 1;
  add(count(l), &one, 1);
}

void MemoCounter::leave(std::size_t l, std::uint64_t nodes, bool stopped) {
  // A node without a child (a dead end: no option fits) is found again faster than looked up.
  if (!stopped && nodes > work_[l])
    table_.store(key(l), hashes_[l], count(l + 1), nodes - work_[l]);
  add(count(l), count(l + 1), count_words_);
}

BigCount MemoCounter::total() const {
  return BigCount::from_limbs(std::span<const std::uint64_t>(counts_).first(count_words_));
}

}  // namespace solve::detail::cover
