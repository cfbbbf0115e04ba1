#include "csp/branching.hpp"

#include <algorithm>

namespace solve::detail {

int select_variable(const Engine& e, VarOrder order) {
  const Space& s = e.space();
  const int n = s.num_vars();
  int best = -1;
  if (order == VarOrder::input) {
    for (int i = 0; i < n; ++i)
      if (!s.assigned(Var{i})) return i;
    return -1;
  }
  if (order == VarOrder::dom_wdeg) {
    // minimise size / wdeg, compared exactly as size_a * wdeg_b < size_b * wdeg_a
    std::uint64_t best_size = 0, best_w = 1;
    for (int i = 0; i < n; ++i) {
      const Var x{i};
      if (s.assigned(x)) continue;
      const std::uint64_t size = std::uint64_t(s.size(x));
      const std::uint64_t w = std::max<std::uint64_t>(e.weighted_degree(x), 1);
      if (best < 0 || size * best_w < best_size * w) {
        best = i;
        best_size = size;
        best_w = w;
      }
    }
    return best;
  }
  // mrv, with the degree as tie-break for mrv_degree (computed only on ties)
  int best_size = 0, best_degree = -1;
  for (int i = 0; i < n; ++i) {
    const Var x{i};
    const int size = s.size(x);
    if (size == 1) continue;
    if (best < 0 || size < best_size) {
      best = i;
      best_size = size;
      best_degree = -1;
    } else if (size == best_size && order == VarOrder::mrv_degree) {
      if (best_degree < 0) best_degree = e.degree(Var{best});
      const int d = e.degree(x);
      if (d > best_degree) {
        best = i;
        best_degree = d;
      }
    }
  }
  return best;
}

void order_values(const Space& s, Var x, ValOrder order, std::uint64_t& rng, std::vector<int>& out) {
  const std::size_t first = out.size();
  s.for_each_value(x, [&](int v) { out.push_back(v); });
  if (order == ValOrder::descending) {
    std::reverse(out.begin() + std::ptrdiff_t(first), out.end());
  } else if (order == ValOrder::random) {
    // Fisher-Yates with xorshift64*: reproducible from the seed on every platform
    for (std::size_t i = out.size() - 1; i > first; --i) {
      rng ^= rng >> 12;
      rng ^= rng << 25;
      rng ^= rng >> 27;
      const std::uint64_t r = rng * 2685821657736338717ULL;
      const std::size_t j = first + std::size_t(r % (i - first + 1));
      std::swap(out[i], out[j]);
    }
  }
}

}  // namespace solve::detail
