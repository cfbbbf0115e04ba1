#pragma once
// What diffn and diffn_k mean (MiniZinc's decomposition, written apart from the propagator)
// and random rectangles, for the packing tests (globals_packing_test.cpp against brute force,
// explanation_graph_test.cpp for the reasons).
#include <cstdint>
#include <vector>

#include "random_model.hpp"

namespace boxes {

using random_model::Random;
using random_model::Values;

/// MiniZinc's decomposition: values x..., y..., dx..., dy... (n of each).
inline bool apart(const Values& v, bool strict) {
  const std::size_t n = v.size() / 4;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const std::int64_t xi = v[i], yi = v[n + i], wi = v[2 * n + i], hi = v[3 * n + i];
      const std::int64_t xj = v[j], yj = v[n + j], wj = v[2 * n + j], hj = v[3 * n + j];
      const bool zero = wi == 0 || hi == 0 || wj == 0 || hj == 0;
      if (!strict && zero) continue;
      if (!(xi + wi <= xj || yi + hi <= yj || xj + wj <= xi || yj + hj <= yi)) return false;
    }
  return true;
}

/// The domains of n rectangles: positions within 0..4 (0..2 for 3 rectangles; a third of them
/// fixed, so that some placements are impossible), sizes one or two values from -1..4
/// (negative rarely).
inline std::vector<Values> random_rectangles(Random& r, int n) {
  std::vector<Values> d;
  const int span = n <= 2 ? 4 : 2;
  for (int k = 0; k < 2 * n; ++k)
    d.push_back(r.pick(0, 2) ? r.domain(0, span) : Values{r.pick(0, span)});
  for (int k = 0; k < 2 * n; ++k) {
    const int lo = r.pick(0, 9) ? r.pick(0, 3) : -1;
    d.push_back(r.pick(0, 1) ? Values{lo} : Values{lo, lo + 1});
  }
  return d;
}

/// diffn_k's definition over values: origins box by box (k each), then sizes box by box.
inline bool apart_k(const Values& v, std::size_t n, std::size_t k, bool strict) {
  auto origin = [&](std::size_t i, std::size_t a) { return std::int64_t(v[i * k + a]); };
  auto side = [&](std::size_t i, std::size_t a) { return std::int64_t(v[(n + i) * k + a]); };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      bool some = false;
      for (std::size_t a = 0; a < k; ++a) {
        some = some || origin(i, a) + side(i, a) <= origin(j, a) ||
               origin(j, a) + side(j, a) <= origin(i, a);
        if (!strict) some = some || side(i, a) == 0 || side(j, a) == 0;
      }
      if (!some) return false;
    }
  return true;
}

}  // namespace boxes
