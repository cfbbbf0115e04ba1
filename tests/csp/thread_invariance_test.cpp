// What a complete search answers must not depend on the number of threads: counts of
// classes under skip_equivalent_states (issue: 35 classes came out as 180 with 2 threads and
// 5 with 4), and the statistics of the tree (nodes, failures, depth) wherever the tree itself
// does not depend on the order of the workers (every variable order but dom_wdeg, which
// learns from failures).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "solve/solve.hpp"

using namespace solve;

namespace {

constexpr int thread_counts[] = {1, 2, 3, 4, 7};

void sorted_key(std::span<const int> v, std::vector<std::uint32_t>& key) {
  key.assign(v.begin(), v.end());
  std::sort(key.begin(), key.end());
}

/// A model symmetric in its variables: same domain, optionally pairwise different, optionally
/// "between lo and hi of them take a value of S", optionally "the sum is even".
struct Symmetric {
  int n;
  std::vector<int> domain;
  bool distinct;
  std::vector<int> set;  // among (empty: none)
  int lo, hi;
  bool even_sum;

  bool holds(const std::vector<int>& a) const {
    if (distinct && std::set<int>(a.begin(), a.end()).size() != a.size()) return false;
    if (!set.empty()) {
      const auto in = std::count_if(a.begin(), a.end(), [&](int v) {
        return std::find(set.begin(), set.end(), v) != set.end();
      });
      if (in < lo || in > hi) return false;
    }
    int sum = 0;
    for (int v : a) sum += v;
    return !even_sum || sum % 2 == 0;
  }

  /// Solutions up to permutation of the variables, by enumeration.
  std::size_t classes() const {
    std::set<std::vector<int>> out;
    std::vector<std::size_t> idx(std::size_t(n), 0);
    std::vector<int> a(static_cast<std::size_t>(n));
    for (;;) {
      for (std::size_t i = 0; i < a.size(); ++i) a[i] = domain[idx[i]];
      if (holds(a)) {
        std::sort(a.begin(), a.end());
        out.insert(a);
      }
      std::size_t i = 0;
      while (i < idx.size() && ++idx[i] == domain.size()) idx[i++] = 0;
      if (i == idx.size()) return out.size();
    }
  }
};

/// "The sum of xs is even", checked once every variable is assigned (a user constraint).
class EvenSum : public CloneableConstraint<EvenSum> {
 public:
  explicit EvenSum(std::vector<Var> xs) : xs_(std::move(xs)) {}
  std::span<const Var> scope() const override { return xs_; }
  PropStatus propagate(Space& s) override {
    int sum = 0;
    for (Var x : xs_) {
      if (!s.assigned(x)) return PropStatus::fixpoint;
      sum += s.value(x);
    }
    return sum % 2 == 0 ? PropStatus::entailed : PropStatus::failed;
  }

 private:
  std::vector<Var> xs_;
};

Model build(const Symmetric& sp, bool with_states) {
  Model m;
  std::vector<Var> xs;
  for (int i = 0; i < sp.n; ++i) xs.push_back(m.add_var(sp.domain));
  if (sp.distinct) all_different(m, xs);
  if (!sp.set.empty()) among(m, xs, sp.set, sp.lo, sp.hi);
  if (sp.even_sum) m.post(std::make_unique<EvenSum>(xs));
  if (with_states) skip_equivalent_states(m, xs, sorted_key);
  return m;
}

Symmetric random_symmetric(std::mt19937& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Symmetric sp;
  sp.n = pick(2, 5);
  for (int v = 0; v < 7; ++v)
    if (pick(0, 3) > 0) sp.domain.push_back(v);
  if (sp.domain.empty()) sp.domain.push_back(pick(0, 6));
  sp.distinct = pick(0, 1) == 1;
  if (pick(0, 1)) {
    for (int v : sp.domain)
      if (pick(0, 1)) sp.set.push_back(v);
    if (sp.set.empty()) sp.set.push_back(sp.domain.front());
    sp.lo = pick(0, sp.n);
    sp.hi = pick(sp.lo, sp.n);
  }
  sp.even_sum = pick(0, 2) == 0;
  return sp;
}

}  // namespace

TEST_CASE("skip_equivalent_states: the same classes for every number of threads", "[symmetry][threads]") {
  // 3 identical items on 7 places: C(7, 3) = 35 classes.
  Model m;
  const auto xs = m.add_vars(3, 0, 6);
  all_different(m, xs);
  skip_equivalent_states(m, xs, sorted_key);
  for (auto order : {VarOrder::input, VarOrder::mrv, VarOrder::dom_wdeg})
    for (auto b : {Branching::values, Branching::refutation})
      for (int threads : thread_counts) {
        SearchOptions o;
        o.var_order = order;
        o.branching = b;
        o.threads = threads;
        INFO("order " << int(order) << " branching " << int(b) << " threads " << threads);
        std::set<std::vector<int>> seen;
        const Result r = search(m, o, [&](const Solution& s) {
          auto v = s.values();
          std::sort(v.begin(), v.end());
          CHECK(seen.insert(v).second);  // never the same class twice
          return true;
        });
        CHECK(r.complete());
        CHECK(r.stats.solutions == 35);
        CHECK(seen.size() == 35);
        CHECK(count(m, o).stats.solutions == 35);
      }
}

TEST_CASE("skip_equivalent_states against brute force, every number of threads", "[symmetry][threads][differential]") {
  std::mt19937 rng(2024);
  int nonempty = 0;
  for (int round = 0; round < 80; ++round) {
    const Symmetric sp = random_symmetric(rng);
    const std::size_t expected = sp.classes();
    nonempty += expected > 0;
    const Model m = build(sp, true);
    for (auto p : {Propagation::none, Propagation::forward, Propagation::domain})
      for (int threads : thread_counts) {
        SearchOptions o;
        o.propagation = p;
        o.threads = threads;
        o.var_order = round % 2 ? VarOrder::mrv : VarOrder::dom_wdeg;
        INFO("round " << round << " propagation " << int(p) << " threads " << threads);
        const Result r = count(m, o);
        REQUIRE(r.complete());
        REQUIRE(r.stats.solutions == expected);
      }
  }
  CHECK(nonempty > 40);
}

TEST_CASE("complete searches: the same statistics for every number of threads", "[search][threads]") {
  std::mt19937 rng(77);
  for (int round = 0; round < 12; ++round) {
    const Symmetric sp = random_symmetric(rng);
    const Model m = build(sp, false);
    for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
      for (auto v : {VarOrder::input, VarOrder::mrv, VarOrder::mrv_degree})
        for (auto b : {Branching::values, Branching::refutation}) {
          SearchOptions o;
          o.propagation = p;
          o.var_order = v;
          o.branching = b;
          const Result one = count(m, o);
          for (int threads : thread_counts) {
            o.threads = threads;
            const Result many = count(m, o);
            INFO("round " << round << " p " << int(p) << " v " << int(v) << " b " << int(b) << " threads " << threads);
            REQUIRE(many.complete());
            REQUIRE(many.stats.solutions == one.stats.solutions);
            REQUIRE(many.stats.nodes == one.stats.nodes);
            REQUIRE(many.stats.failures == one.stats.failures);
            REQUIRE(many.stats.max_depth == one.stats.max_depth);
          }
        }
  }
}
