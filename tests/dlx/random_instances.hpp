#pragma once
// Random small exact-cover problems (with or without colours and multiplicities) and a
// brute-force solver that tries every subset of options, for differential tests of the engines.
#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include <solve/exact_cover.hpp>

namespace testing {

struct RandomSpec {
  int max_primary = 7;
  int max_secondary = 3;
  int max_options = 14;
  int colours = 0;        // 0: plain exact cover; k > 0: secondary items get colours 1..k (or none)
  int planted = 0;        // this many random partitions of the primary items added as options
  int max_hi = 1;         // > 1: primary items get random bounds lo:hi, 0 <= lo <= hi <= max_hi
  bool zero_one = false;  // some primary items get bounds 0:1
};

inline solve::ExactCover random_problem(std::mt19937& rng, const RandomSpec& spec) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  solve::ExactCover p;
  const int np = uniform(1, spec.max_primary), ns = uniform(0, spec.max_secondary);
  // Primary and secondary ids interleaved, to check the engines do not assume an order.
  std::vector<bool> primary(std::size_t(np + ns), false);
  std::fill(primary.begin(), primary.begin() + np, true);
  std::shuffle(primary.begin(), primary.end(), rng);
  for (bool b : primary) {
    if (!b) {
      p.add_secondary();
    } else if (spec.max_hi > 1) {
      const int hi = uniform(1, spec.max_hi);
      p.add_primary("", uniform(0, hi), hi);
    } else if (spec.zero_one && uniform(0, 1)) {
      p.add_primary("", 0, 1);
    } else {
      p.add_primary();
    }
  }
  for (int c = 0; c < spec.colours; ++c) p.colour(std::string(1, char('a' + c)));
  const int n = np + ns, m = uniform(1, spec.max_options);
  for (int k = 0; k < spec.planted; ++k) {  // solutions by construction
    std::vector<int> ids;
    for (int i = 0; i < n; ++i)
      if (p.is_primary(i)) ids.push_back(i);
    std::shuffle(ids.begin(), ids.end(), rng);
    for (std::size_t at = 0; at < ids.size();) {
      const auto len = std::min(ids.size() - at, std::size_t(uniform(1, 4)));
      p.add_option(std::span<const int>(ids).subspan(at, len));
      at += len;
    }
  }
  for (int o = 0; o < m; ++o) {
    std::vector<solve::ItemColour> items;
    const int size = uniform(1, std::min(n, 4));
    std::vector<int> ids(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) ids[std::size_t(i)] = i;
    std::shuffle(ids.begin(), ids.end(), rng);
    for (int k = 0; k < size; ++k) {
      const int i = ids[std::size_t(k)];
      const int colour = !p.is_primary(i) && spec.colours > 0 ? uniform(0, spec.colours) : 0;
      items.push_back({i, colour});
    }
    p.add_option(items);
  }
  return p;
}

/// Every solution by brute force (each sorted ascending), as a set: primary items covered
/// within their bounds, secondary ones at most once or in one colour. Like Knuth's algorithms,
/// a solution never uses an option without a primary item (it would cover nothing required).
inline std::set<std::vector<int>> brute_force(const solve::ExactCover& p) {
  std::set<std::vector<int>> out;
  const int m = p.num_options(), n = p.num_items();
  std::uint32_t useless = 0;
  for (int o = 0; o < m; ++o) {
    const auto items = p.option(o);
    if (std::none_of(items.begin(), items.end(), [&](auto ic) { return p.is_primary(ic.item); }))
      useless |= 1u << o;
  }
  for (std::uint32_t subset = 0; subset < (1u << m); ++subset) {
    if (subset & useless) continue;
    std::vector<int> times(std::size_t(n), 0), colour(std::size_t(n), 0);
    bool ok = true;
    for (int o = 0; o < m && ok; ++o) {
      if (!(subset >> o & 1)) continue;
      for (const auto& ic : p.option(o)) {
        auto& t = times[std::size_t(ic.item)];
        auto& c = colour[std::size_t(ic.item)];
        // A second use of a secondary item is fine only in the same (non-zero) colour.
        if (t > 0 && !p.is_primary(ic.item) && (ic.colour == 0 || c != ic.colour)) ok = false;
        ++t;
        c = ic.colour;
      }
    }
    for (int i = 0; i < n && ok; ++i) {
      const auto b = p.bounds(i);
      if (p.is_primary(i) && (times[std::size_t(i)] < b.lo || times[std::size_t(i)] > b.hi))
        ok = false;
    }
    if (!ok) continue;
    std::vector<int> s;
    for (int o = 0; o < m; ++o)
      if (subset >> o & 1) s.push_back(o);
    out.insert(s);
  }
  return out;
}

/// Every solution found by the library (each sorted), as a set; fails on duplicates via size.
inline std::pair<std::set<std::vector<int>>, solve::Result> all_solutions(
    const solve::ExactCover& p, const solve::CoverOptions& o) {
  std::set<std::vector<int>> out;
  std::size_t calls = 0;
  auto r = solve::search(p, o, [&](std::span<const int> chosen) {
    std::vector<int> s(chosen.begin(), chosen.end());
    std::sort(s.begin(), s.end());
    out.insert(s);
    ++calls;
    return true;
  });
  if (calls != out.size()) out.insert({-1});  // a solution reported twice: never equal
  return {out, r};
}

/// Options naming an engine, an item choice and a number of threads.
inline solve::CoverOptions with(solve::CoverEngine engine, solve::ItemChoice choice,
                                int threads = 1) {
  solve::CoverOptions o;
  o.engine = engine;
  o.item_choice = choice;
  o.threads = threads;
  return o;
}

}  // namespace testing
