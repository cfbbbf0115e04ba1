#pragma once
// The memo of memoised counting: subproblem key -> number of solutions, in a hash table of
// fixed-size entries (key and count are arrays of 64-bit words whose sizes are set per search).
// A key may sit in either of two buckets of four entries (two-choice hashing keeps both
// lookups short and the table dense). It grows by doubling at half load up to a memory bound,
// and also when both buckets of a key are full below the bound (so nothing is evicted while
// memory is left); once at the bound, a new entry replaces the one of its two buckets that saved least work (subtree
// nodes), like a chess transposition table: a bounded memory never makes a count wrong, it
// only costs time.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

class MemoTable {
 public:
  /// A table of at most max_bytes (at least one bucket) for keys of key_words words and counts
  /// of count_words words.
  MemoTable(std::size_t max_bytes, int key_words, int count_words);

  /// The count stored under the key (hash = hash of the key), or nullptr. Counts as a lookup.
  const std::uint64_t* find(const std::uint64_t* key, std::uint64_t hash);
  /// Stores a count computed with `work` nodes of search (the key must not be stored yet).
  void store(const std::uint64_t* key, std::uint64_t hash, const std::uint64_t* count,
             std::uint64_t work);
  /// Lookups, hits, stores, evictions, capacity and current memory.
  MemoStats stats() const;

  /// A hash of key words.
  static std::uint64_t hash(const std::uint64_t* key, int words);

 private:
  static constexpr int ways = 4;  // entries per bucket
  // An entry: tag (hash | 1; 0 = empty), work, key words, count words.
  std::uint64_t* bucket(std::uint64_t tag, int which) {
    const std::uint64_t h = which == 0 ? tag >> 1 : tag >> 32;
    return slots_.data() + (h & (buckets_ - 1)) * bucket_words();
  }
  std::size_t bucket_words() const { return std::size_t(ways) * entry_words_; }
  std::uint64_t* place(std::uint64_t tag);   // a free entry of the tag's buckets, or nullptr
  std::uint64_t* victim(std::uint64_t tag);  // the entry of the tag's buckets that saved least work
  void grow();
  bool rehash(const std::vector<std::uint64_t>& old, bool evict);

  std::size_t key_words_, count_words_, entry_words_;
  std::size_t buckets_ = 0, max_buckets_ = 0, used_ = 0;
  std::vector<std::uint64_t> slots_;
  MemoStats stats_;
};

}  // namespace solve::detail::cover
