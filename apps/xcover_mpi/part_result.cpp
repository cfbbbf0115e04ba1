#include "part_result.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace xcover_mpi {

namespace {
// Words before the count's limbs (encode's order).
constexpr std::size_t fixed_words = 15;
__extension__ typedef unsigned __int128 Wide;  // a limb times a power of ten, plus a carry
}  // namespace

std::vector<std::uint64_t> encode(const PartResult& r) {
  std::vector<std::uint64_t> w{
      r.index,           std::uint64_t(r.stop), r.stats.nodes,
      r.stats.failures,  r.stats.propagations,  r.stats.updates,
      r.stats.solutions, r.stats.max_depth,     std::bit_cast<std::uint64_t>(r.stats.seconds),
      r.memo.lookups,    r.memo.hits,           r.memo.stores,
      r.memo.evictions,  r.memo.capacity,       r.memo.bytes};
  const auto limbs = r.count.limbs();
  w.insert(w.end(), limbs.begin(), limbs.end());
  return w;
}

PartResult decode_result(std::span<const std::uint64_t> w) {
  if (w.size() < fixed_words || w[1] > std::uint64_t(solve::StopReason::by_callback) ||
      w[7] > UINT32_MAX || (w.size() > fixed_words && w.back() == 0))
    throw std::runtime_error("a part's result message of " + std::to_string(w.size()) +
                             " words is malformed");
  PartResult r;
  r.index = std::size_t(w[0]);
  r.stop = solve::StopReason(w[1]);
  r.stats = {.nodes = w[2],
             .failures = w[3],
             .propagations = w[4],
             .updates = w[5],
             .solutions = w[6],
             .max_depth = std::uint32_t(w[7]),
             .seconds = std::bit_cast<double>(w[8])};
  r.memo = {.lookups = w[9],
            .hits = w[10],
            .stores = w[11],
            .evictions = w[12],
            .capacity = w[13],
            .bytes = w[14]};
  r.count = solve::BigCount::from_limbs(w.subspan(fixed_words));
  return r;
}

std::optional<solve::BigCount> parse_count(std::string_view digits) {
  if (digits.empty() || digits.size() > max_count_digits) return std::nullopt;
  // 19 digits at a time into 64-bit limbs (least significant first): limbs * 10^k + chunk.
  std::vector<std::uint64_t> limbs;
  for (std::size_t at = 0; at < digits.size();) {
    const std::size_t k = std::min<std::size_t>(19, digits.size() - at);
    std::uint64_t chunk = 0, scale = 1;
    for (const char c : digits.substr(at, k)) {
      if (c < '0' || c > '9') return std::nullopt;
      chunk = 10 * chunk + std::uint64_t(c - '0');
      scale *= 10;
    }
    at += k;
    Wide carry = chunk;
    for (std::uint64_t& limb : limbs) {
      carry += Wide(limb) * scale;
      limb = std::uint64_t(carry);
      carry >>= 64;
    }
    if (carry != 0) limbs.push_back(std::uint64_t(carry));
  }
  return solve::BigCount::from_limbs(limbs);
}

void Tally::add(const PartResult& r) {
  count += r.count;
  stats += r.stats;
  stats.solutions = count.saturated_u64();
  memo.lookups += r.memo.lookups;
  memo.hits += r.memo.hits;
  memo.stores += r.memo.stores;
  memo.evictions += r.memo.evictions;
  memo.capacity = std::max(memo.capacity, r.memo.capacity);
  memo.bytes = std::max(memo.bytes, r.memo.bytes);
  ++parts;
}

}  // namespace xcover_mpi
