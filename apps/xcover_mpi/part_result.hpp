#pragma once
// What counting one part gives (a part: one piece of solve::split_cover's list, named by its
// index), and the sum over the parts counted so far.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <solve/exact_cover.hpp>

namespace xcover_mpi {

struct PartResult {
  std::size_t index = 0;  ///< the part's place in split_cover's list
  solve::StopReason stop = solve::StopReason::exhausted;
  solve::BigCount count;  ///< the part's solutions (those found, when stopped early)
  solve::Stats stats;     ///< its search; max_depth counts the options the part forces
  solve::MemoStats memo;  ///< zero unless --memo
  bool complete() const { return stop == solve::StopReason::exhausted; }
};

/// The result as 64-bit words, for a message: index, stop, the statistics, the memo's figures,
/// the count's limbs (least significant first).
std::vector<std::uint64_t> encode(const PartResult& r);
/// The result back; std::runtime_error when the words cannot be one (a bug, never bad input).
PartResult decode_result(std::span<const std::uint64_t> words);

/// Counts of more digits are refused when read back (10^4096 is far beyond any count).
inline constexpr std::size_t max_count_digits = 4096;
/// The number written in decimal digits (no sign, no separators); nullopt when it is not one
/// or has more than max_count_digits digits.
std::optional<solve::BigCount> parse_count(std::string_view digits);

/// The parts counted so far, added up.
struct Tally {
  solve::BigCount count;
  solve::Stats stats;     ///< summed; max_depth the deepest; seconds: the parts' times added up
  solve::MemoStats memo;  ///< summed; capacity and bytes: the biggest table of one part
  std::size_t parts = 0;  ///< parts added
  void add(const PartResult& r);
};

}  // namespace xcover_mpi
