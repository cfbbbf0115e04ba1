// all_different at the domain level must be exactly domain-consistent: after one run, a value
// stays iff some assignment of distinct values within the domains uses it. Checked by brute
// force on random domains, on the single-word path (<= 64 values), the multi-word one, and
// the sparse one (values far apart, compressed to indices).
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <climits>
#include <iterator>
#include <random>
#include <vector>

#include <solve/solve.hpp>
#include "csp/store.hpp"
#include "propagators/regin.hpp"

using namespace solve;

namespace {
/// True when the variables from k on can take distinct values avoiding `used`.
bool extend(const std::vector<std::vector<int>>& doms, std::size_t k, std::vector<int>& used) {
  if (k == doms.size()) return true;
  for (int v : doms[k]) {
    if (std::find(used.begin(), used.end(), v) != used.end()) continue;
    used.push_back(v);
    const bool ok = extend(doms, k + 1, used);
    used.pop_back();
    if (ok) return true;
  }
  return false;
}

bool supported(std::vector<std::vector<int>> doms, std::size_t i, int v) {
  doms[i] = {v};
  std::vector<int> used;
  return extend(doms, 0, used);
}

/// Clusters of values far apart (the whole int range): a sparse span.
const int kClusters[] = {INT_MIN, -1999999000, -70000, 0, 1000000, 1999999999 - 40};

/// With far = true each variable's values lie in one or two clusters of kClusters (offsets up
/// to `spread`), so the span is up to 2^32 while the domains hold a few values.
void check_random(std::mt19937& rng, int max_vars, int spread, bool far = false) {
  std::uniform_int_distribution<int> nvars(2, max_vars), value(0, spread), count(1, 4);
  std::uniform_int_distribution<std::size_t> cluster(0, std::size(kClusters) - 1);
  const int n = nvars(rng);
  std::vector<std::vector<int>> doms(static_cast<std::size_t>(n));
  for (auto& d : doms) {
    const int k = count(rng);
    const int base = far ? kClusters[cluster(rng)] : 0;  // one cluster per variable: a small layout
    for (int t = 0; t < k; ++t) d.push_back(base + value(rng));
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
  }
  Model m;
  std::vector<Var> xs;
  for (const auto& d : doms) xs.push_back(m.add_var(d));
  all_different(m, xs);
  detail::csp::Store s;
  s.set_propagation(Propagation::domain);
  for (const auto& d : doms) s.add_var(d.front(), d.back(), d);
  auto c = m.constraints().front()->clone();
  const PropStatus st = c->propagate(s);
  std::vector<int> none;
  const bool satisfiable = extend(doms, 0, none);
  REQUIRE((st == PropStatus::failed) == !satisfiable);
  if (!satisfiable) return;
  for (std::size_t i = 0; i < doms.size(); ++i)
    for (int v : doms[i]) {
      INFO("variable " << i << " value " << v);
      REQUIRE(s.contains(xs[i], v) == supported(doms, i, v));
    }
}
}  // namespace

TEST_CASE("Regin filtering is exactly domain-consistent (single word)", "[regin]") {
  std::mt19937 rng(7);
  for (int round = 0; round < test_scale::rounds(400); ++round) check_random(rng, 8, 9);
}

TEST_CASE("Regin filtering is exactly domain-consistent (several words)", "[regin]") {
  std::mt19937 rng(11);
  for (int round = 0; round < test_scale::rounds(200); ++round) check_random(rng, 8, 200);
}

TEST_CASE("Regin filtering is exactly domain-consistent (sparse span: values compressed)",
          "[regin]") {
  std::mt19937 rng(13);
  for (int round = 0; round < test_scale::rounds(300); ++round) check_random(rng, 8, 20, true);
  for (int round = 0; round < test_scale::rounds(200); ++round) check_random(rng, 8, 200, true);
}

TEST_CASE(
    "Regin filtering declines a graph above kMaxBits, and over a sparse span builds a small one",
    "[regin]") {
  // n variables whose values are spread over 2000 * n: dense, n * span bits; sparse, n * 17n
  const auto spread = [](int n, detail::csp::Store& s, std::vector<Var>& xs) {
    for (int i = 0; i < n; ++i) {
      std::vector<int> d;
      for (int k = 0; k < 17; ++k) d.push_back(i * 2000 + k * 100);
      xs.push_back(s.add_var(d.front(), d.back(), d));
    }
  };
  {
    detail::csp::Store s;
    s.set_propagation(Propagation::domain);
    std::vector<Var> xs;
    spread(2000, s, xs);  // 2000 x 34000 values > 2^26
    detail::ReginFilter f;
    CHECK(f.filter(s, xs) == detail::ReginFilter::Outcome::too_large);
  }
  {
    detail::csp::Store s;
    s.set_propagation(Propagation::domain);
    std::vector<Var> xs;
    spread(300, s, xs);  // span 600 000, 5100 distinct values: sparse, 300 x 5100 bits
    xs.push_back(s.add_var(0, 0, {}));  // takes 0 from variable 0
    detail::ReginFilter f;
    CHECK(f.filter(s, xs) == detail::ReginFilter::Outcome::filtered);
    CHECK(!s.contains(xs[0], 0));
    CHECK(s.size(xs[0]) == 16);
  }
}
