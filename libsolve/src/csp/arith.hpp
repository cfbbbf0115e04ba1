#pragma once
// Integer arithmetic that rounds the way bounds reasoning needs (toward -inf / +inf), and
// overflow-checked 64-bit helpers for post-time checks.
#include <cstdint>

namespace solve::detail {

/// floor(n / d) for d != 0.
constexpr std::int64_t floor_div(std::int64_t n, std::int64_t d) {
  const std::int64_t q = n / d;
  return (n % d != 0 && ((n < 0) != (d < 0))) ? q - 1 : q;
}

/// ceil(n / d) for d != 0.
constexpr std::int64_t ceil_div(std::int64_t n, std::int64_t d) {
  const std::int64_t q = n / d;
  return (n % d != 0 && ((n < 0) == (d < 0))) ? q + 1 : q;
}

/// a * b + acc, false on 64-bit overflow.
inline bool mul_add(std::int64_t a, std::int64_t b, std::int64_t& acc) {
  std::int64_t p;
  return !__builtin_mul_overflow(a, b, &p) && !__builtin_add_overflow(acc, p, &acc);
}

}  // namespace solve::detail
