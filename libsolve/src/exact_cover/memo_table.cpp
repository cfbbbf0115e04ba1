// The memo table of memoised counting (see memo_table.hpp).
#include "exact_cover/memo_table.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>

namespace solve::detail::cover {
namespace {

/// Buckets a new table starts with (grown by doubling as it fills).
constexpr std::size_t first_buckets = 1024;

}  // namespace

MemoTable::MemoTable(std::size_t max_bytes, int key_words, int count_words)
    : key_words_(std::size_t(key_words)),
      count_words_(std::size_t(count_words)),
      entry_words_(2 + key_words_ + count_words_) {
  const std::size_t per_bucket = bucket_words() * sizeof(std::uint64_t);
  max_buckets_ = std::bit_floor(std::max<std::size_t>(1, max_bytes / per_bucket));
  buckets_ = std::min(first_buckets, max_buckets_);
  slots_.assign(buckets_ * bucket_words(), 0);
}

std::uint64_t MemoTable::hash(const std::uint64_t* key, int words) {
  std::uint64_t h = 0x243f6a8885a308d3;
  for (int w = 0; w < words; ++w) {
    h = (h ^ key[w]) * 0x9e3779b97f4a7c15;
    h ^= h >> 29;
  }
  h *= 0xbf58476d1ce4e5b9;
  return h ^ (h >> 32);
}

const std::uint64_t* MemoTable::find(const std::uint64_t* key, std::uint64_t hash) {
  ++stats_.lookups;
  const std::uint64_t tag = hash | 1;
  for (int which = 0; which < 2; ++which) {
    std::uint64_t* e = bucket(tag, which);
    for (int k = 0; k < ways; ++k, e += entry_words_)
      if (e[0] == tag && std::memcmp(e + 2, key, key_words_ * sizeof(std::uint64_t)) == 0) {
        ++stats_.hits;
        return e + 2 + key_words_;
      }
  }
  return nullptr;
}

// The free entry of the emptier bucket (balanced two-choice placement).
std::uint64_t* MemoTable::place(std::uint64_t tag) {
  std::uint64_t* free[2] = {nullptr, nullptr};
  int used[2] = {0, 0};
  for (int which = 0; which < 2; ++which) {
    std::uint64_t* e = bucket(tag, which);
    for (int k = 0; k < ways; ++k, e += entry_words_) {
      if (e[0] != 0) ++used[which];
      else if (!free[which]) free[which] = e;
    }
  }
  return used[1] < used[0] ? free[1] : free[0] ? free[0] : free[1];
}

std::uint64_t* MemoTable::victim(std::uint64_t tag) {
  std::uint64_t* best = bucket(tag, 0);
  for (int which = 0; which < 2; ++which) {
    std::uint64_t* e = bucket(tag, which);
    for (int k = 0; k < ways; ++k, e += entry_words_)
      if (e[1] < best[1]) best = e;
  }
  return best;
}

void MemoTable::store(const std::uint64_t* key, std::uint64_t hash, const std::uint64_t* count,
                      std::uint64_t work) {
  ++stats_.stores;
  const std::uint64_t tag = hash | 1;
  if (buckets_ < max_buckets_ && 2 * used_ >= buckets_ * ways) grow();  // half full: double
  std::uint64_t* e = place(tag);
  // Both buckets full below the memory bound: the table is unlucky, not full. Doubling spreads
  // the buckets, so grow rather than throw away a count that the bound would have kept.
  while (!e && buckets_ < max_buckets_) {
    grow();
    e = place(tag);
  }
  if (e) {
    ++used_;
  } else {  // at the bound and both buckets full: replace the entry that saved least work
    e = victim(tag);
    ++stats_.evictions;
  }
  e[0] = tag;
  e[1] = work;
  std::memcpy(e + 2, key, key_words_ * sizeof(std::uint64_t));
  std::memcpy(e + 2 + key_words_, count, count_words_ * sizeof(std::uint64_t));
}

// Doubles the table (more than once if a rehash finds two full buckets, while under the
// bound); only a table at its bound drops entries, the ones that saved least work. When memory
// runs out first (a bound larger than the memory there is: bad_alloc), the table keeps its size
// and entries, and that size becomes its bound: from then on it evicts, as at the bound.
void MemoTable::grow() {
  std::vector<std::uint64_t> old;
  old.swap(slots_);
  const std::size_t old_buckets = buckets_, old_used = used_;
  for (;;) {
    buckets_ *= 2;
    try {
      slots_.assign(buckets_ * bucket_words(), 0);
    } catch (const std::bad_alloc&) {
      slots_.clear();
      slots_.shrink_to_fit();
      slots_.swap(old);
      buckets_ = max_buckets_ = old_buckets;
      used_ = old_used;
      return;
    }
    used_ = old_used;
    if (rehash(old, buckets_ >= max_buckets_)) return;
  }
}

// Moves the entries of `old` into the (empty) table; false as soon as one finds no free entry,
// unless `evict`: then the one of the two that saved less work is dropped.
bool MemoTable::rehash(const std::vector<std::uint64_t>& old, bool evict) {
  for (std::size_t at = 0; at < old.size(); at += entry_words_) {
    if (old[at] == 0) continue;
    std::uint64_t* e = place(old[at]);
    if (!e) {
      if (!evict) return false;
      --used_;
      ++stats_.evictions;
      e = victim(old[at]);
      if (e[1] >= old[at + 1]) continue;  // keep the one that saved more work
    }
    std::copy(old.begin() + std::ptrdiff_t(at), old.begin() + std::ptrdiff_t(at + entry_words_), e);
  }
  return true;
}

MemoStats MemoTable::stats() const {
  MemoStats s = stats_;
  s.capacity = max_buckets_ * ways;
  s.bytes = slots_.size() * sizeof(std::uint64_t);
  return s;
}

}  // namespace solve::detail::cover
