// Each built-in constraint on small cases where the expected pruning or count is known.
#include <catch2/catch.hpp>

#include <vector>

#include "solve/solve.hpp"

using namespace solve;

namespace {
const Propagation kLevels[] = {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain};

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
std::uint64_t count_binary(void (*rel)(Model&, Var, Var), int xlo, int xhi, int ylo, int yhi, Propagation p) {
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

namespace {
/// A user constraint: x + y == z, checked only (enough at every level by the checklist).
class SumCheck final : public CloneableConstraint<SumCheck> {
 public:
  SumCheck(Var x, Var y, Var z) : vars_{x, y, z} {}
  std::span<const Var> scope() const override { return vars_; }
  PropStatus propagate(Space& s) override {
    for (Var v : vars_)
      if (!s.assigned(v)) return PropStatus::fixpoint;
    return s.value(vars_[0]) + s.value(vars_[1]) == s.value(vars_[2]) ? PropStatus::entailed : PropStatus::failed;
  }

 private:
  std::array<Var, 3> vars_;
};
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

TEST_CASE("a constraint that claims progress without pruning cannot make the engine loop", "[propagators]") {
  for (Propagation p : kLevels) {
    Model m;
    Var x = m.add_var(1, 3);
    m.post(std::make_unique<ClaimsProgress>(x));
    CHECK(count_at(m, p) == 3);
  }
}
