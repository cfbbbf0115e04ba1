#pragma once
// The generator's random numbers: xoshiro256** seeded by splitmix64 (Blackman and Vigna),
// written out here so that a seed gives the same puzzle with every compiler and standard
// library (std::uniform_int_distribution's output is not specified).
#include <cstdint>
#include <utility>
#include <vector>

namespace futoshiki {

class Random {
 public:
  explicit Random(std::uint64_t seed) {
    for (std::uint64_t& w : s_) w = splitmix64(seed);
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// A number in [0, bound), bound > 0 (Lemire's multiply-shift; its tiny bias is the same
  /// on every machine, which is what matters here).
  std::uint32_t below(std::uint32_t bound) {
    return std::uint32_t(((next() >> 32) * std::uint64_t(bound)) >> 32);
  }
  /// Fisher-Yates.
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(std::uint32_t(i))]);
  }
  static std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace futoshiki
