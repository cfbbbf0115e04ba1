#include "csp/branching.hpp"

#include <algorithm>

namespace solve::detail {

int select_variable(Engine& e, VarOrder order) {
  const Space& s = e.space();
  if (order == VarOrder::input) return e.first_open();
  int best = -1;
  if (order == VarOrder::dom_wdeg) {
    // minimise size / wdeg, compared exactly as size_a * wdeg_b < size_b * wdeg_a; ties by
    // creation order (the open set has none)
    std::uint64_t best_size = 0, best_w = 1;
    e.for_each_open([&](int i) {
      const std::uint64_t size = std::uint64_t(s.size(Var{i}));
      const std::uint64_t w = std::max<std::uint64_t>(e.weighted_degree(Var{i}), 1);
      const std::uint64_t lhs = size * best_w, rhs = best_size * w;
      if (best < 0 || lhs < rhs || (lhs == rhs && i < best)) {
        best = i;
        best_size = size;
        best_w = w;
      }
    });
    return best;
  }
  // mrv, with the degree as tie-break for mrv_degree (computed only on ties), then creation order
  int best_size = 0, best_degree = -1;
  e.for_each_open([&](int i) {
    const int size = s.size(Var{i});
    if (best < 0 || size < best_size) {
      best = i;
      best_size = size;
      best_degree = -1;
    } else if (size == best_size) {
      if (order != VarOrder::mrv_degree) {
        best = std::min(best, i);
        return;
      }
      if (best_degree < 0) best_degree = e.degree(Var{best});
      const int d = e.degree(Var{i});
      if (d > best_degree || (d == best_degree && i < best)) {
        best = i;
        best_degree = d;
      }
    }
  });
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
