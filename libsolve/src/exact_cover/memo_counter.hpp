#pragma once
// The bookkeeping of memoised counting shared by the engines (dancing links, bitset): a key
// and a running count per level of the search, and the memo table. An engine builds the key of
// the node at depth l in key(l) and calls lookup(l); on a miss it searches the node's subtree,
// whose solutions (solution()) and finished children (leave()) add into the node's count, and
// leave(l) stores that count and adds it to the parent's. Counts are arrays of 64-bit words,
// enough of them for an upper bound on the number of solutions (count_words), so no sum
// overflows.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "exact_cover/memo_table.hpp"
#include "solve/big_count.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

/// 64-bit words enough for any number of solutions of the problem: taking the primary items
/// (`primary`) in some order, a solution is fixed by the options each takes among those holding
/// no earlier primary item (its `fresh` ones, at most hi of them): at most 2^fresh and
/// (fresh + 1)^hi ways each. `multi`: bounds as given, else every primary item takes one.
int count_words(const ExactCover& problem, const std::vector<bool>& primary, bool multi);

class MemoCounter {
 public:
  MemoCounter(std::size_t bytes, int key_words, int count_words, std::size_t levels);

  /// Where the engine writes the key of the node at depth l (key_words() words).
  std::uint64_t* key(std::size_t l) { return keys_.data() + l * key_words_; }
  std::size_t key_words() const { return key_words_; }
  /// The node at depth l (key(l) filled in), after `nodes` nodes of search: true when its count
  /// came from the table (and went to its parent); false: search it, then leave(l, ...).
  bool lookup(std::size_t l, std::uint64_t nodes);
  /// The node at depth l is a solution.
  void solution(std::size_t l);
  /// The subtree of the node at depth l is searched (`nodes` so far); `stopped`: a limit cut it
  /// short, so its count is partial: passed up but not remembered.
  void leave(std::size_t l, std::uint64_t nodes, bool stopped);
  /// The solutions counted so far (at depth 0).
  BigCount total() const;
  MemoStats stats() const { return table_.stats(); }

 private:
  std::uint64_t* count(std::size_t slot) { return counts_.data() + slot * count_words_; }
  void add(std::uint64_t* dst, const std::uint64_t* src, std::size_t words) const;

  MemoTable table_;
  std::size_t key_words_, count_words_;
  std::vector<std::uint64_t> keys_;    // per level
  std::vector<std::uint64_t> hashes_;  // per level
  std::vector<std::uint64_t> work_;    // per level: nodes when the level's node was entered
  std::vector<std::uint64_t> counts_;  // slot l + 1 sums the node at depth l; slot 0: the total
};

}  // namespace solve::detail::cover
