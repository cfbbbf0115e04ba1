#pragma once
// An unsigned integer of any size, for exact solution counts: memoised counting reaches
// numbers far beyond 2^64 (the domino tilings of a 20x20 board are about 10^48).
//
//   solve::BigCount n = 7;
//   n += solve::BigCount::from_limbs(limbs);   // 64-bit limbs, least significant first
//   n.to_string();                              // decimal
#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "solve/export.hpp"

namespace solve {

class SOLVE_API BigCount {
 public:
  BigCount() = default;
  BigCount(std::uint64_t v) {  // NOLINT: implicit, a count is a number
    if (v) limbs_.push_back(v);
  }
  /// The number whose 64-bit limbs (least significant first) are given.
  static BigCount from_limbs(std::span<const std::uint64_t> limbs);

  BigCount& operator+=(const BigCount& o);
  friend BigCount operator+(BigCount a, const BigCount& b) { return a += b; }
  /// Multiplies by a small factor (stenen's k! for k interchangeable stones).
  BigCount& operator*=(std::uint32_t m);

  /// True when the number is below 2^64.
  bool fits_u64() const { return limbs_.size() <= 1; }
  /// The number, or 2^64 - 1 when it does not fit.
  std::uint64_t saturated_u64() const {
    return limbs_.empty() ? 0 : fits_u64() ? limbs_[0] : ~std::uint64_t(0);
  }
  /// Decimal digits, no separators.
  std::string to_string() const;
  /// Limbs, least significant first (none for zero).
  std::span<const std::uint64_t> limbs() const { return limbs_; }

  friend bool operator==(const BigCount&, const BigCount&) = default;
  friend SOLVE_API std::strong_ordering operator<=>(const BigCount& a, const BigCount& b);

 private:
  void trim();
  std::vector<std::uint64_t> limbs_;  // least significant first, no zero limb at the top
};

}  // namespace solve
