// Each built-in constraint on small cases where the expected pruning or count is known.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include <solve/binary_table.hpp>
#include <solve/solve.hpp>

using namespace solve;

namespace {
const Propagation kLevels[] = {Propagation::none, Propagation::forward, Propagation::arc,
                               Propagation::domain};

std::uint64_t count_at(const Model& m, Propagation p) {
  SearchOptions o;
  o.propagation = p;
  return count(m, o).stats.solutions;
}
}  // namespace

TEST_CASE("all_different of n variables over n values counts n!", "[propagators]") {
  Model m;
  auto xs = m.add_vars(5, 1, 5);
  all_different(m, xs);
  for (Propagation p : kLevels) CHECK(count_at(m, p) == 120);
}

TEST_CASE("all_different detects a pigeonhole without search at domain level", "[propagators]") {
  Model m;
  auto xs = m.add_vars(4, 1, 3);
  all_different(m, xs);
  SearchOptions o;
  o.propagation = Propagation::domain;
  const Result r = count(m, o);
  CHECK(r.stats.solutions == 0);
  CHECK(r.stats.nodes == 0);
  o.propagation = Propagation::forward;
  CHECK(count(m, o).stats.solutions == 0);
}

TEST_CASE("Regin filtering removes values outside every maximum matching", "[propagators]") {
  // x0, x1 in {1,2}; x2 in {1,2,3}: x2 must be 3 (Hall set {1,2}).
  Model m;
  Var x0 = m.add_var(1, 2), x1 = m.add_var(1, 2), x2 = m.add_var(1, 3);
  std::vector<Var> xs{x0, x1, x2};
  all_different(m, xs);
  SearchOptions o;
  o.propagation = Propagation::domain;
  Result r;
  auto sol = solve_first(m, o, &r);
  REQUIRE(sol);
  CHECK((*sol)[x2] == 3);
  CHECK(r.stats.failures == 0);
}

namespace {
/// Solutions of rel(x, y) with x in [xlo, xhi] and y in [ylo, yhi] at propagation level p.
std::uint64_t count_binary(void (*rel)(Model&, Var, Var), int xlo, int xhi, int ylo, int yhi,
                           Propagation p) {
  Model m;
  const Var x = m.add_var(xlo, xhi), y = m.add_var(ylo, yhi);
  rel(m, x, y);
  return count_at(m, p);
}
}  // namespace

TEST_CASE("binary relations", "[propagators]") {
  for (Propagation p : kLevels) {
    CHECK(count_binary(less, 1, 4, 1, 4, p) == 6);
    CHECK(count_binary(less_equal, 1, 4, 1, 4, p) == 10);
    CHECK(count_binary(not_equal, 1, 4, 2, 5, p) == 13);
    CHECK(count_binary(equal, 1, 4, 3, 9, p) == 2);
    Model fx;
    Var g = fx.add_var(1, 4);
    fix(fx, g, 3);
    CHECK(count_at(fx, p) == 1);
    fix(fx, g, 2);
    CHECK(count_at(fx, p) == 0);
  }
}

TEST_CASE("table keeps exactly the allowed tuples", "[propagators]") {
  for (Propagation p : kLevels) {
    Model m;
    auto xs = m.add_vars(3, 0, 2);
    table(m, xs, {{0, 1, 2}, {2, 2, 2}, {1, 0, 0}, {0, 1, 3}});
    CHECK(count_at(m, p) == 3);  // {0,1,3} is out of domain
  }
  Model bad;
  auto ys = bad.add_vars(2, 0, 1);
  CHECK_THROWS_AS(table(bad, ys, {{0, 1, 1}}), ModelError);
}

TEST_CASE("binary_table over wide domains (sparse rows) keeps exactly the allowed pairs",
          "[propagators][table]") {
  // 0..8191 twice: dense supports would take 2 x 8192 x 128 words, above the 2^20 limit
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> value(-10, 8200), small(0, 40);
  for (int round = 0; round < 30; ++round) {
    std::vector<std::pair<int, int>> pairs;
    const int n = small(rng);
    for (int k = 0; k < n; ++k) {  // clustered, so rows share words and values repeat
      const int a = value(rng) / 64 * 64 + small(rng) % 3, b = value(rng) % 200 + small(rng);
      pairs.emplace_back(a, b);
      if (k % 3 == 0) pairs.emplace_back(a, value(rng));
    }
    std::vector<int> sx, sy;  // restrictions that the revisions must follow
    for (int k = 0; k < 8192; ++k) {
      if (rng() % 4 != 0) sx.push_back(k);
      if (rng() % 4 != 0) sy.push_back(k);
    }
    std::set<std::pair<int, int>> expected;
    for (const auto& [a, b] : pairs)
      if (std::binary_search(sx.begin(), sx.end(), a) &&
          std::binary_search(sy.begin(), sy.end(), b))
        expected.insert({a, b});
    Model m;
    const Var x = m.add_var(0, 8191), y = m.add_var(0, 8191);
    in_set(m, x, sx);
    in_set(m, y, sy);
    binary_table(m, x, y, pairs);
    // (not none: it would try every pair of the 8192 x 8192)
    for (Propagation p : {Propagation::forward, Propagation::arc, Propagation::domain}) {
      INFO("round " << round << " level " << int(p));
      CHECK(count_at(m, p) == expected.size());
    }
  }
}

namespace {
/// A user constraint: x + y == z, checked only (enough at every level by the checklist).
/// With ByCheck it also defines check() and leaves none and forward to the engine; without,
/// it is an older-style constraint whose check() is the default (propagate() on the values).
template <bool ByCheck>
class Sum final : public CloneableConstraint<Sum<ByCheck>> {
 public:
  Sum(Var x, Var y, Var z) : vars_{x, y, z} {}
  std::span<const Var> scope() const override { return vars_; }
  bool check(std::span<const int> v) const override {
    return ByCheck ? v[0] + v[1] == v[2] : Constraint::check(v);
  }
  Propagation propagates_from() const override {
    return ByCheck ? Propagation::arc : Propagation::none;
  }
  PropStatus propagate(Space& s) override {
    for (Var v : vars_)
      if (!s.assigned(v)) return PropStatus::fixpoint;
    return s.value(vars_[0]) + s.value(vars_[1]) == s.value(vars_[2]) ? PropStatus::entailed
                                                                      : PropStatus::failed;
  }

 private:
  std::array<Var, 3> vars_;
};
using SumCheck = Sum<false>;
using SumByCheck = Sum<true>;
}  // namespace

TEST_CASE("user constraints take part in search", "[propagators]") {
  for (Propagation p : kLevels) {
    Model m;
    Var x = m.add_var(0, 3), y = m.add_var(0, 3), z = m.add_var(0, 3);
    m.post(std::make_unique<SumCheck>(x, y, z));
    CHECK(count_at(m, p) == 10);  // pairs with x + y <= 3
  }
}

TEST_CASE("model misuse is a ModelError", "[propagators]") {
  Model m;
  CHECK_THROWS_AS(m.add_var(3, 2), ModelError);
  CHECK_THROWS_AS(m.add_var(std::vector<int>{}), ModelError);
  Model other;
  Var foreign = other.add_var(0, 1);
  other.add_var(0, 1);
  Var x = m.add_var(0, 1);
  CHECK_THROWS_AS(less(m, x, Var{foreign.id + 1}), ModelError);
  std::vector<Var> twice{x, x};
  CHECK_THROWS_AS(all_different(m, twice), ModelError);
}

namespace {
/// Breaks the contract on purpose: claims progress ("changed") without pruning anything.
class ClaimsProgress final : public CloneableConstraint<ClaimsProgress> {
 public:
  explicit ClaimsProgress(Var x) : var_{x} {}
  std::span<const Var> scope() const override { return var_; }
  PropStatus propagate(Space&) override { return PropStatus::changed; }

 private:
  std::array<Var, 1> var_;
};
}  // namespace

TEST_CASE("a constraint that claims progress without pruning cannot make the engine loop",
          "[propagators]") {
  for (Propagation p : kLevels) {
    Model m;
    Var x = m.add_var(1, 3);
    m.post(std::make_unique<ClaimsProgress>(x));
    CHECK(count_at(m, p) == 3);
  }
}

TEST_CASE("views: n-queens as three all_different calls over q[i] + i and q[i] - i",
          "[propagators][views]") {
  for (auto [n, expected] : {std::pair{5, 10}, std::pair{6, 4}, std::pair{8, 92}}) {
    Model m;
    const std::vector<Var> q = m.add_vars(n, 0, n - 1, "q");
    std::vector<Var> up, down;
    for (int i = 0; i < n; ++i) {
      up.push_back(q[std::size_t(i)] + i);
      down.push_back(q[std::size_t(i)] - i);
    }
    all_different(m, q);
    all_different(m, up);
    all_different(m, down);
    for (Propagation p : kLevels) CHECK(count_at(m, p) == std::uint64_t(expected));
  }
}

TEST_CASE("views: one variable under several views in one constraint", "[propagators][views]") {
  // x, x + 1 and -x + 4 pairwise different over x in 0..4, y free: x = 2 makes x == -x + 4
  Model m;
  const Var x = m.add_var(0, 4), y = m.add_var(0, 1);
  const std::vector<Var> xs{x, x + 1, -x + 4, y + 10};
  all_different(m, xs);
  for (Propagation p : kLevels) CHECK(count_at(m, p) == 8);
  CHECK(m.name(-x + 4) == "-x0+4");
  CHECK(m.name(3 * y - 2) == "3*x1-2");
  Model big;
  const Var z = big.add_var(2'100'000'000, 2'100'000'010);
  CHECK_THROWS_AS(all_different(big, std::vector<Var>{z, z + 100'000'000}),
                  ModelError);  // overflows int
  CHECK_THROWS_AS(0 * z, ModelError);
}

TEST_CASE("the engine checks and forward-checks a constraint through check()", "[propagators]") {
  for (Propagation p : kLevels) {
    Model m;
    Var x = m.add_var(0, 3), y = m.add_var(0, 3), z = m.add_var(0, 3);
    m.post(std::make_unique<SumByCheck>(x, y, z));
    CHECK(count_at(m, p) == 10);
    fix(m, x, 1);
    fix(m, y, 2);
    SearchOptions o;
    o.propagation = p;
    Result r;
    const auto s = solve_first(m, o, &r);
    REQUIRE(s);
    CHECK((*s)[z] == 3);
    // forward checking removes z's other values at the root: no search (none must guess)
    if (p == Propagation::forward) CHECK(r.stats.nodes == 0);
    if (p == Propagation::none) CHECK(r.stats.nodes > 0);
  }
}

TEST_CASE("check() defaults to running propagate() on the values", "[propagators]") {
  Model m;
  Var x = m.add_var(0, 3), y = m.add_var(0, 3), z = m.add_var(0, 3);
  m.post(std::make_unique<SumCheck>(x, y, z));
  CHECK(is_solution(m, {1, 2, 3}));
  CHECK(!is_solution(m, {1, 2, 2}));
  const std::vector<int> ok{1, 1, 2}, bad{1, 1, 3};
  CHECK(m.constraints().front()->check(ok));
  CHECK(!m.constraints().front()->check(bad));
}
