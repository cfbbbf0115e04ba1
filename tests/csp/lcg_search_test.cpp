// The search that learns (issue 24, csp/lcg_search.hpp) against the search without learning
// on small random models of the catalogue: the same solutions, each once, the same counts,
// a first solution that is one, the same optima, for 1 and 4 threads; every learnt clause is
// checked against the model as it is learnt (LearningOptions::verify).
#include "catalogue.hpp"

#include <mutex>

namespace {

using namespace solve;
using random_model::Random;
using random_model::Values;
using B = LearningOptions::Branching;

/// A random instance of n variables (two Booleans) with three constraints of mixed families.
catalogue::Instance draw(Random& r) {
  catalogue::Instance in = catalogue::base_instance(r, 6, 2, -2, 3);
  for (int c = 0; c < 3; ++c) {
    switch (r.pick(0, 4)) {
      case 0: in.specs.push_back(catalogue::random_linear(r, 6)); break;
      case 1: in.specs.push_back(catalogue::random_basic(r, 6)); break;
      case 2: in.specs.push_back(catalogue::random_element_or_count(r, 6)); break;
      case 3: in.specs.push_back(catalogue::random_arith(r, 6)); break;
      default: in.specs.push_back(catalogue::random_boolean(r, {0, 1})); break;
    }
  }
  return in;
}

Model build(const catalogue::Instance& in, std::vector<Var>& xs) {
  Model m;
  xs = random_model::add_vars(m, in.domains);
  for (const catalogue::Spec& spec : in.specs) spec.post(m, xs);
  return m;
}

SearchOptions learning(Propagation p, B b) {
  SearchOptions o;
  o.propagation = p;
  o.learning.use = Learning::on;
  o.learning.branching = b;
  o.learning.verify = true;  // a clause that removes a solution throws
  return o;
}

}  // namespace

TEST_CASE("the learning search finds every solution once, and counts them") {
  Random r(2401);
  int solved = 0;
  std::uint64_t nogoods = 0;
  for (int round = 0; round < test_scale::rounds(600); ++round) {
    const catalogue::Instance in = draw(r);
    std::vector<Var> xs;
    const Model m = build(in, xs);
    const std::set<Values> expected = catalogue::brute_force(in);
    solved += !expected.empty();
    INFO(catalogue::describe(in));
    for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
      for (auto b : {B::model, B::activity, B::toggle}) {
        INFO("propagation " << int(p) << " branching " << int(b));
        SearchOptions o = learning(p, b);
        o.learning.on_nogood = [&](const Nogood&) { ++nogoods; };
        std::uint64_t delivered = 0;
        const std::set<Values> got = random_model::search_all(m, o, nullptr, &delivered);
        REQUIRE(got == expected);
        REQUIRE(delivered == expected.size());
        const Result counted = count(m, o);
        REQUIRE(counted.stats.solutions == expected.size());
        REQUIRE(counted.complete());
      }
  }
  CHECK(solved > test_scale::scaled(200));     // 310 in a full run
  CHECK(nogoods > std::uint64_t(test_scale::scaled(5000)));  // 11,420 in a full run
}

TEST_CASE("the first solution of the learning search is a solution") {
  Random r(2402);
  for (int round = 0; round < test_scale::rounds(400); ++round) {
    const catalogue::Instance in = draw(r);
    std::vector<Var> xs;
    const Model m = build(in, xs);
    const std::set<Values> expected = catalogue::brute_force(in);
    INFO(catalogue::describe(in));
    for (auto b : {B::model, B::activity, B::toggle}) {
      SearchOptions o = learning(Propagation::domain, b);
      o.restart = {RestartPolicy::Kind::luby, 1, 1.5};  // a restart every few failures
      Result result;
      const std::optional<Solution> first = solve_first(m, o, &result);
      REQUIRE(first.has_value() == !expected.empty());
      if (first) REQUIRE(is_solution(m, first->values()));
    }
  }
}

namespace {

/// The optimum of a random objective (a variable or a view, minimised or maximised) with
/// learning on equals the one without, for `threads` threads.
void optimum_agrees(std::uint32_t seed, int rounds, int threads) {
  Random r(seed);
  int optimal = 0;
  for (int round = 0; round < test_scale::rounds(rounds); ++round) {
    const catalogue::Instance in = draw(r);
    std::vector<Var> xs;
    Model m = build(in, xs);
    const Var x = xs[std::size_t(r.pick(0, int(xs.size()) - 1))];
    const Var goal = r.pick(0, 1) ? x : -2 * x + 1;
    if (r.pick(0, 1)) m.minimize(goal);
    else m.maximize(goal);
    INFO(catalogue::describe(in) << " goal x" << x.id << (goal == x ? "" : " as -2x+1"));
    SearchOptions plain;
    plain.learning.use = Learning::off;  // by default an optimum is searched with learning
    Result without;
    const std::optional<Solution> best = solve_best(m, plain, &without);
    for (auto b : {B::model, B::activity, B::toggle}) {
      INFO("branching " << int(b));
      SearchOptions o = learning(Propagation::domain, b);
      o.threads = threads;
      o.restart = {RestartPolicy::Kind::luby, 2, 1.5};
      if (b == B::activity) o.learning.learnts_mb = 0;  // the less active half deleted at restarts
      Result with;
      const std::optional<Solution> found = solve_best(m, o, &with);
      REQUIRE(found.has_value() == best.has_value());
      REQUIRE(with.complete());
      REQUIRE(with.objective == without.objective);
      if (found) REQUIRE(is_solution(m, found->values()));
    }
    {
      // LearningOptions::restart is followed as given: none searches one tree, whatever
      // SearchOptions::restart says
      INFO("toggle, LearningOptions::restart none over SearchOptions::restart Luby");
      SearchOptions o = learning(Propagation::domain, B::toggle);
      o.threads = threads;
      o.restart = {RestartPolicy::Kind::luby, 2, 1.5};
      o.learning.restart = RestartPolicy{RestartPolicy::Kind::none, 2, 1.5};
      Result with;
      const std::optional<Solution> found = solve_best(m, o, &with);
      REQUIRE(found.has_value() == best.has_value());
      REQUIRE(with.complete());
      REQUIRE(with.objective == without.objective);
      REQUIRE(with.stats.restarts == 0);
    }
    optimal += best.has_value();
  }
  CHECK(optimal > test_scale::scaled(rounds / 4));
}

}  // namespace

TEST_CASE("branch and bound with learning proves the optimum of the search without") {
  optimum_agrees(2403, 400, 1);
}

TEST_CASE("the learning search gives the same counts and optima on 4 threads", "[threads]") {
  Random r(2404);
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    const catalogue::Instance in = draw(r);
    std::vector<Var> xs;
    const Model m = build(in, xs);
    INFO(catalogue::describe(in));
    SearchOptions o = learning(Propagation::domain, B::toggle);
    o.learning.verify = false;  // (verification is the single-threaded cases' job)
    const Result one = count(m, o);
    o.threads = 4;
    std::mutex lock;
    std::set<Values> got;
    bool twice = false;  // (Catch2 is not for the workers' threads)
    const Result four = search(m, o, [&](const Solution& s) {
      const std::lock_guard<std::mutex> hold(lock);
      twice = twice || !got.insert(s.values()).second;
      return true;
    });
    REQUIRE_FALSE(twice);
    REQUIRE(four.stats.solutions == one.stats.solutions);
    REQUIRE(got == catalogue::brute_force(in));
  }
  optimum_agrees(2405, 100, 4);
}

namespace {

/// x != y with a wrong explain(): every pruning "needs nothing", as if true at the root.
class UnexplainedNotEqual final : public CloneableConstraint<UnexplainedNotEqual> {
 public:
  UnexplainedNotEqual(Var x, Var y) : xs_{x, y} {}
  std::span<const Var> scope() const override { return xs_; }
  Propagation propagates_from() const override { return Propagation::none; }
  PropStatus propagate(Space& s) override {
    for (int i = 0; i < 2; ++i)
      if (s.assigned(xs_[i]) && s.remove(xs_[1 - i], s.value(xs_[i])) == Event::failed)
        return PropStatus::failed;
    return PropStatus::fixpoint;
  }
  void explain(const Space&, std::optional<Literal>, Reason&) const override {}

 private:
  Var xs_[2];
};

}  // namespace

TEST_CASE("verification catches a nogood that removes a solution") {
  // x = 0 makes y = 1 with no reason; y <= z, checked once both are assigned (no propagation),
  // fails at z = 0 and the nogood is [z == 0] alone: it removes the solution x = 1, y = 0, z = 0
  Model m;
  const Var x = m.add_var(0, 1), y = m.add_var(0, 1), z = m.add_var(0, 1);
  m.post(std::make_unique<UnexplainedNotEqual>(x, y));
  less_equal(m, y, z);
  SearchOptions o;
  o.propagation = Propagation::none;
  o.var_order = VarOrder::input;
  o.learning.use = Learning::on;
  o.learning.branching = B::model;
  REQUIRE(count(m, o).stats.solutions < 3);  // the wrong nogood loses a solution
  o.learning.verify = true;
  REQUIRE_THROWS_AS(count(m, o), InternalError);
}

TEST_CASE("the learning search keeps the limits and reports to the trace hook") {
  Model m;  // 8-queens: 92 solutions
  const std::vector<Var> q = m.add_vars(8, 0, 7);
  for (const int slope : {0, 1, -1}) {
    std::vector<Var> line;
    for (int i = 0; i < 8; ++i) line.push_back(q[std::size_t(i)] + slope * i);
    all_different(m, line);
  }
  SearchOptions o = learning(Propagation::arc, B::toggle);
  o.limits.max_nodes = 20;
  const Result limited = count(m, o);
  CHECK(limited.stop == StopReason::node_limit);
  CHECK(limited.stats.solutions < 92);
  o.limits = {};
  o.limits.max_solutions = 10;
  CHECK(count(m, o).stats.solutions == 10);
  o.limits = {};
  std::uint64_t decisions = 0, failures = 0, solutions = 0;
  o.trace = [&](const TraceEvent& e) {
    if (e.kind == TraceEvent::Kind::decide) ++decisions;
    if (e.kind == TraceEvent::Kind::fail) ++failures;
    if (e.kind == TraceEvent::Kind::solution) ++solutions;
    if (e.kind == TraceEvent::Kind::decide) CHECK(m.initial_domain(e.var).size() == 8);
  };
  const Result all = count(m, o);
  CHECK(all.stats.solutions == 92);
  CHECK(decisions == all.stats.nodes);
  CHECK(failures == all.stats.failures);
  CHECK(solutions == 92);
}

TEST_CASE("reasons of their own: lex, not_equal, equal and linear never name the whole scope") {
  // Rows of 0..1 cells ordered by lex_less_equal, each with two cells set; a column of
  // integers that are pairwise different and equal to the row counts shifted: every pruning
  // of lex (a prefix position the call made equal, or one after such), not_equal (a bound
  // moved past the removed value), equal (a Boolean fixed) and linear (a value fixed by a
  // bound) has a reason of its own, asked in a learning search. Before these had one, a
  // quarter of lex's reasons in bibd named the whole scope.
  Model m;
  constexpr int rows = 5, cols = 6;
  std::vector<std::vector<Var>> cell(rows);
  std::vector<Var> weight, shadow;
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) cell[std::size_t(i)].push_back(m.add_var(0, 1));
    linear(m, cell[std::size_t(i)], Rel::eq, 2);
    if (i > 0) lex_less_equal(m, cell[std::size_t(i - 1)], cell[std::size_t(i)]);
    const std::vector<int> ws{1, 2, 4, 8, 16, 32};
    weight.push_back(m.add_var(0, 63));
    shadow.push_back(m.add_var(0, 63));
    std::vector<Var> terms = cell[std::size_t(i)];
    terms.push_back(weight.back());
    std::vector<int> coefs = ws;
    coefs.push_back(-1);
    linear(m, coefs, terms, Rel::eq, 0);
    equal(m, weight.back(), shadow.back());
  }
  for (int i = 0; i < rows; ++i)
    for (int k = i + 1; k < rows; ++k) not_equal(m, shadow[std::size_t(i)], shadow[std::size_t(k)]);
  const Var total = m.add_var(0, 63 * rows);
  linear(m, weight, Rel::eq, total);
  m.minimize(total);
  SearchOptions o;
  o.learning.use = Learning::on;
  o.learning.branching = B::model;
  Result r;
  const std::optional<Solution> best = solve_best(m, o, &r);
  REQUIRE(best);
  REQUIRE(r.optimal());
  CHECK(r.stats.nogoods > 0);
  CHECK(r.stats.reasons > 0);
  CHECK(r.stats.scope_reasons == 0);
}

namespace {
/// Records whether any call saw Space::learning() (x + y != 3: a constraint that prunes).
class LearningProbe : public CloneableConstraint<LearningProbe> {
 public:
  LearningProbe(Var x, Var y, std::shared_ptr<int> seen) : scope_{x, y}, seen_(std::move(seen)) {}
  std::span<const Var> scope() const override { return scope_; }
  std::string_view name() const override { return "learning_probe"; }
  bool check(std::span<const int> v) const override { return v[0] + v[1] != 3; }
  PropStatus propagate(Space& s) override {
    *seen_ |= s.learning() ? 2 : 1;
    if (s.assigned(scope_[0]) && s.remove(scope_[1], 3 - s.value(scope_[0])) == Event::failed)
      return PropStatus::failed;
    if (s.assigned(scope_[1]) && s.remove(scope_[0], 3 - s.value(scope_[1])) == Event::failed)
      return PropStatus::failed;
    return PropStatus::fixpoint;
  }

 private:
  std::array<Var, 2> scope_;
  std::shared_ptr<int> seen_;
};
}  // namespace

TEST_CASE("Space::learning tells a propagator that its reasons will be asked") {
  // (cumulative leaves out its energy reasoning there: its reasons cost more than it gains)
  for (const Learning use : {Learning::on, Learning::off}) {
    Model m;
    const Var x = m.add_var(0, 3), y = m.add_var(0, 3), z = m.add_var(0, 6);
    const auto seen = std::make_shared<int>(0);
    m.post(std::make_unique<LearningProbe>(x, y, seen));
    linear(m, std::vector<Var>{x, y}, Rel::eq, z);
    m.minimize(z);
    SearchOptions o;
    o.learning.use = use;
    Result r;
    REQUIRE(solve_best(m, o, &r));
    CHECK(r.optimal());
    // every call at the root comes before learning starts; below it, only with learning
    CHECK((*seen & 1) == 1);
    CHECK(((*seen & 2) != 0) == (use == Learning::on));
  }
}
