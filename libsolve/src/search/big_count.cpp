// BigCount: addition, comparison and decimal output (see solve/big_count.hpp).
#include "solve/big_count.hpp"

#include <algorithm>

namespace solve {

BigCount BigCount::from_limbs(std::span<const std::uint64_t> limbs) {
  BigCount n;
  n.limbs_.assign(limbs.begin(), limbs.end());
  n.trim();
  return n;
}

void BigCount::trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

BigCount& BigCount::operator+=(const BigCount& o) {
  if (o.limbs_.size() > limbs_.size()) limbs_.resize(o.limbs_.size(), 0);
  std::uint64_t carry = 0;
  for (std::size_t k = 0; k < limbs_.size(); ++k) {
    const std::uint64_t b = k < o.limbs_.size() ? o.limbs_[k] : 0;
    if (b == 0 && carry == 0 && k >= o.limbs_.size()) break;
    const std::uint64_t s = limbs_[k] + b;
    const std::uint64_t t = s + carry;
    carry = std::uint64_t(s < b) + std::uint64_t(t < s);
    limbs_[k] = t;
  }
  if (carry) limbs_.push_back(carry);
  return *this;
}

BigCount& BigCount::operator*=(std::uint32_t m) {
  // Limb by limb on 32-bit halves: each partial product and carry fits 64 bits.
  std::uint64_t carry = 0;
  for (std::uint64_t& l : limbs_) {
    const std::uint64_t lo = (l & 0xffffffffu) * m + carry;
    const std::uint64_t hi = (l >> 32) * m + (lo >> 32);
    l = (hi << 32) | (lo & 0xffffffffu);
    carry = hi >> 32;
  }
  if (carry) limbs_.push_back(carry);
  trim();
  return *this;
}

std::strong_ordering operator<=>(const BigCount& a, const BigCount& b) {
  if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() <=> b.limbs_.size();
  for (std::size_t k = a.limbs_.size(); k-- > 0;)
    if (a.limbs_[k] != b.limbs_[k]) return a.limbs_[k] <=> b.limbs_[k];
  return std::strong_ordering::equal;
}

std::string BigCount::to_string() const {
  if (limbs_.empty()) return "0";
  // Repeated division by 10^9 on 32-bit halves (no 128-bit type needed).
  std::vector<std::uint32_t> v;
  for (std::uint64_t l : limbs_) {
    v.push_back(std::uint32_t(l));
    v.push_back(std::uint32_t(l >> 32));
  }
  while (!v.empty() && v.back() == 0) v.pop_back();
  constexpr std::uint32_t chunk = 1000000000;
  std::vector<std::uint32_t> groups;  // base 10^9, least significant first
  while (!v.empty()) {
    std::uint64_t rem = 0;
    for (std::size_t k = v.size(); k-- > 0;) {
      const std::uint64_t cur = (rem << 32) | v[k];
      v[k] = std::uint32_t(cur / chunk);
      rem = cur % chunk;
    }
    groups.push_back(std::uint32_t(rem));
    while (!v.empty() && v.back() == 0) v.pop_back();
  }
  std::string out = std::to_string(groups.back());
  for (std::size_t k = groups.size() - 1; k-- > 0;) {
    const std::string g = std::to_string(groups[k]);
    out.append(9 - g.size(), '0').append(g);
  }
  return out;
}

}  // namespace solve
