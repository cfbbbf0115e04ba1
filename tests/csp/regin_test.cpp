// all_different at the domain level must be exactly domain-consistent: after one run, a value
// stays iff some assignment of distinct values within the domains uses it. Checked by brute
// force on random domains, on the single-word path (<= 64 values) and the multi-word one.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "csp/store.hpp"
#include "solve/solve.hpp"

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

void check_random(std::mt19937& rng, int max_vars, int spread) {
  std::uniform_int_distribution<int> nvars(2, max_vars), value(0, spread), count(1, 4);
  const int n = nvars(rng);
  std::vector<std::vector<int>> doms(static_cast<std::size_t>(n));
  for (auto& d : doms) {
    const int k = count(rng);
    for (int t = 0; t < k; ++t) d.push_back(value(rng));
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
  }
  Model m;
  std::vector<Var> xs;
  for (const auto& d : doms) xs.push_back(m.add_var(d));
  all_different(m, xs);
  detail::Store s;
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
  for (int round = 0; round < 400; ++round) check_random(rng, 8, 9);
}

TEST_CASE("Regin filtering is exactly domain-consistent (several words)", "[regin]") {
  std::mt19937 rng(11);
  for (int round = 0; round < 200; ++round) check_random(rng, 8, 200);
}
