#pragma once
// The failure limit of each restarted run (SearchOptions::restart), for both CSP searches
// (dfs.cpp, lcg_search.cpp).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "solve/search.hpp"

namespace solve::detail::csp {

/// The failure limit of run k (0, 1, ...) under policy r; UINT64_MAX: none.
inline std::uint64_t restart_limit(const RestartPolicy& r, std::uint64_t k) {
  const std::uint64_t scale = std::max<std::uint64_t>(r.scale, 1);
  switch (r.kind) {
    case RestartPolicy::Kind::none: return UINT64_MAX;
    case RestartPolicy::Kind::constant: return scale;
    case RestartPolicy::Kind::luby: {
      const std::uint64_t l = luby(k + 1);
      return l > UINT64_MAX / scale ? UINT64_MAX : l * scale;
    }
    case RestartPolicy::Kind::geometric: {
      // a factor below 1 or NaN grows nothing; a limit past 2^64 (or NaN) is no limit
      const double factor = r.factor >= 1.0 ? r.factor : 1.0;
      const double limit = double(scale) * std::pow(factor, double(k));
      return limit < 1.8e19 ? std::uint64_t(limit) : UINT64_MAX;
    }
  }
  return UINT64_MAX;
}

}  // namespace solve::detail::csp
