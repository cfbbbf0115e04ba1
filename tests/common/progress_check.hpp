#pragma once
// What a search's progress reports must show, on a tree whose every leaf is a solution and
// whose every level branches alike (so that the fraction of the tree searched is the fraction
// of the solutions found): `done` never decreases, it stays near that fraction (a share of
// the tree counted twice -- a donor that keeps the weight it gave away -- runs ahead of it),
// and the last report of the complete search says 1.
#include <catch2/catch.hpp>

#include <cstdint>
#include <mutex>
#include <vector>

#include <solve/limits.hpp>

namespace progress_check {

/// Collects the reports of one search (the hook is called from the searching thread only,
/// but a lock costs nothing here).
struct Reports {
  std::mutex mutex;
  std::vector<solve::Progress> seen;
  solve::ProgressHook hook() {
    return [this](const solve::Progress& p) {
      std::lock_guard lock(mutex);
      seen.push_back(p);
    };
  }
};

/// How far `done` may run ahead of the fraction of solutions found: both are read at polls,
/// which come every few hundred nodes per worker, so the count lags by a few polls at most
/// (measured: under 0.001 on 1 to 4 threads; with a donor that keeps its weight, 0.33).
constexpr double slack = 0.1;

/// The checks above, for a complete search of a uniform tree of `total` leaves.
inline void check(const std::vector<solve::Progress>& seen, std::uint64_t total) {
  REQUIRE(!seen.empty());
  INFO(seen.size() << " reports");
  double last = 0, ahead = 0;
  for (std::size_t k = 0; k < seen.size(); ++k) {
    const solve::Progress& p = seen[k];
    INFO("report " << k << ": done " << p.done << ", solutions " << p.solutions << " of " << total);
    REQUIRE(p.done >= last);  // never decreases
    last = p.done;
    if (k + 1 < seen.size()) ahead = std::max(ahead, p.done - double(p.solutions) / double(total));
  }
  INFO("done ran ahead of the solutions found by " << ahead);
  CHECK(ahead <= slack);
  CHECK(seen.back().done == 1.0);
}

}  // namespace progress_check
