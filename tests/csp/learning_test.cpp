// Learning from failure (issue 24, SearchOptions::learning): on many small random models,
// every failure of the learning search (csp/lcg_search.hpp) is analysed into a nogood, and
// each nogood is checked against brute force: no solution the search has not found yet
// satisfies all its literals (a learnt nogood must not remove a solution; the ones found are
// blocked by clauses, and nogoods derived from those may remove them), and it is asserting
// (exactly one literal of the failure's level, the first unique implication point). The
// search finds every solution the search without learning finds, each once.
#include "catalogue.hpp"
#include "random_cnf.hpp"

#include <map>
#include <mutex>
#include <sstream>

namespace {

using namespace solve;
using random_model::Random;
using random_model::Values;

std::string show(const Nogood& g) {
  std::ostringstream out;
  const char* kinds[] = {"<=", ">=", "==", "!="};
  for (std::size_t i = 0; i < g.literals.size(); ++i) {
    const Literal& l = g.literals[i];
    out << "x" << l.var.id << kinds[int(l.kind)] << l.value << "@" << g.levels[i] << " ";
  }
  out << "(level " << g.level << ")";
  return out.str();
}

/// What the nogoods of one search came to.
struct Tally {
  std::uint64_t nogoods = 0, literals = 0, empty = 0, levels = 0;
  std::string wrong;  // the first nogood that failed a check, and why
};

/// Checks one nogood against the model's solutions not in `found` (the ones found so far).
void check(const Nogood& g, const std::set<Values>& solutions, const std::set<Values>& found,
           Tally& t) {
  ++t.nogoods;
  t.literals += g.literals.size();
  t.levels += std::uint64_t(g.level);
  if (!t.wrong.empty()) return;
  if (g.literals.size() != g.levels.size()) t.wrong = "levels do not match the literals";
  if (g.literals.empty()) {
    ++t.empty;  // the model has no solution left
    if (found.size() < solutions.size()) t.wrong = "an empty nogood with solutions not found";
    return;
  }
  int at_level = 0;
  for (std::size_t i = 0; i < g.literals.size(); ++i) {
    if (g.levels[i] < 1 || g.levels[i] > g.level) t.wrong = "a level out of range: ";
    if (g.levels[i] == g.level) ++at_level;
    if (g.literals[i].var.is_view()) t.wrong = "a literal on a view: ";
  }
  if (at_level != 1 || g.levels[g.asserting] != g.level) t.wrong = "not asserting: ";
  for (const Values& s : solutions) {
    if (found.count(s)) continue;
    bool all = true;
    for (const Literal& l : g.literals)
      all = all && l.satisfied_by(s[std::size_t(l.var.id)]);
    if (all) {
      t.wrong = "removes a solution: ";
      break;
    }
  }
  if (!t.wrong.empty()) t.wrong += show(g);
}

/// n variables (two Booleans) with `constraints` random constraints drawn by draw(r).
template <class Draw>
catalogue::Instance instance(Random& r, int constraints, Draw&& draw) {
  catalogue::Instance in = catalogue::base_instance(r, 6, 2, -2, 3);
  for (int c = 0; c < constraints; ++c) in.specs.push_back(draw(r));
  return in;
}

/// Searches m with learning, with several settings: every failure learns a sound and asserting
/// nogood (checked against `solutions`, every solution of m), and the search finds the
/// solutions of the one without learning, each once. Adds the nogoods to `total`.
void learn_on_model(const Model& m, const std::set<Values>& solutions, const std::string& what,
                    Tally& total) {
  using B = LearningOptions::Branching;
  for (auto p : {Propagation::forward, Propagation::arc, Propagation::domain})
    for (auto v : {VarOrder::input, VarOrder::dom_wdeg})
      for (auto b : {B::model, B::activity}) {
        SearchOptions o;
        o.propagation = p;
        o.var_order = v;
        const std::set<Values> expected = random_model::search_all(m, o);
        Tally t;
        std::set<Values> found;
        o.learning.use = Learning::on;
        o.learning.branching = b;
        o.learning.on_nogood = [&](const Nogood& g) { check(g, solutions, found, t); };
        std::uint64_t delivered = 0;
        const Result learning = search(m, o, [&](const Solution& s) {
          found.insert(s.values());
          ++delivered;
          return true;
        });
        INFO(what << " propagation " << int(p) << " var " << int(v) << " branching " << int(b));
        INFO(t.wrong);
        REQUIRE(t.wrong.empty());
        REQUIRE(found == expected);
        REQUIRE(found == solutions);
        REQUIRE(delivered == found.size());
        // every failure below the root was analysed
        REQUIRE(t.nogoods + 1 >= learning.stats.failures);
        total.nogoods += t.nogoods;
        total.literals += t.literals;
        total.levels += t.levels;
      }
}

/// More than `nogoods` nogoods (scaled with the rounds), and on average at most one literal
/// longer than the decisions that led to their failures (the nogood a search without analysis
/// would know; the globals that explain by their whole scope reach 2.2 literals against 2.2
/// decisions, the others 1.7 against 2.0). (The counts vary from round to round: a few
/// instances give most nogoods.)
void check_totals(const Tally& total, int nogoods) {
  CHECK(total.nogoods > std::uint64_t(test_scale::scaled(nogoods)));
  CHECK(total.literals <= total.levels + total.nogoods);
}

/// learn_on_model() on random instances of the catalogue, checked against brute force.
template <class Draw>
void learn_on_random(std::uint32_t seed, int rounds, int nogoods, Draw&& draw) {
  Random r(seed);
  Tally total;
  for (int round = 0; round < test_scale::rounds(rounds); ++round) {
    const catalogue::Instance in = instance(r, 3, draw);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, in.domains);
    for (const catalogue::Spec& spec : in.specs) spec.post(m, xs);
    learn_on_model(m, catalogue::brute_force(in), catalogue::describe(in), total);
  }
  check_totals(total, nogoods);
}

}  // namespace

TEST_CASE("nogoods learnt from linear and basic constraints remove no solution and assert") {
  // nogoods: 902 in a full run, 340 in a quarter, 123 in a tenth
  learn_on_random(41, 120, 600, [](Random& r) {
    return r.pick(0, 1) ? catalogue::random_linear(r, 6) : catalogue::random_basic(r, 6);
  });
}

TEST_CASE("nogoods learnt from all_different remove no solution and assert") {
  // nogoods: 797 in a full run, 190 in a quarter, 104 in a tenth
  learn_on_random(42, 100, 500, [](Random& r) {
    return r.pick(0, 2) ? catalogue::random_basic(r, 6, 4) : catalogue::random_linear(r, 6);
  });
}

TEST_CASE("nogoods learnt from element, count and arithmetic remove no solution and assert") {
  // nogoods: 3339 in a full run, 920 in a quarter, 232 in a tenth
  learn_on_random(43, 100, 1500, [](Random& r) {
    return r.pick(0, 1) ? catalogue::random_element_or_count(r, 6) : catalogue::random_arith(r, 6);
  });
}

TEST_CASE("nogoods learnt from reified and Boolean constraints remove no solution and assert") {
  // nogoods: 1432 in a full run, 426 in a quarter, 64 in a tenth
  learn_on_random(44, 100, 400, [](Random& r) {
    if (r.pick(0, 1)) return catalogue::random_boolean(r, {0, 1});
    return catalogue::reified(catalogue::random_linear(r, 6), r.pick(0, 1),
                              r.pick(0, 1) ? Reification::equivalent : Reification::implies);
  });
}

TEST_CASE("nogoods learnt by several workers and across restarts remove no solution",
          "[threads]") {
  // each worker learns on its own (the hook is called from all of them); restarts begin again
  // from the root with the trail empty
  Random r(45);
  std::uint64_t nogoods = 0;
  for (int round = 0; round < test_scale::rounds(60); ++round) {
    const catalogue::Instance in = instance(r, 3, [](Random& g) {
      return g.pick(0, 1) ? catalogue::random_linear(g, 6) : catalogue::random_basic(g, 6);
    });
    const std::set<Values> solutions = catalogue::brute_force(in);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, in.domains);
    for (const catalogue::Spec& spec : in.specs) spec.post(m, xs);
    std::mutex lock;
    Tally t;
    std::set<Values> found;
    SearchOptions o;
    o.propagation = Propagation::forward;  // more failures
    o.var_order = VarOrder::input;
    o.learning.use = Learning::on;
    o.learning.on_nogood = [&](const Nogood& g) {
      const std::lock_guard<std::mutex> hold(lock);
      check(g, solutions, found, t);
    };
    o.threads = 2;
    INFO(catalogue::describe(in));
    const Result all = search(m, o, [&](const Solution& s) {
      const std::lock_guard<std::mutex> hold(lock);
      found.insert(s.values());
      return true;
    });
    REQUIRE(found == solutions);
    REQUIRE(all.stats.solutions == solutions.size());
    found.clear();  // a portfolio of two, each restarting: no solution found before the first
    o.restart = {RestartPolicy::Kind::luby, 2, 1.5};
    const std::optional<Solution> first = solve_first(m, o);
    REQUIRE(first.has_value() == !solutions.empty());
    if (first) REQUIRE(solutions.count(first->values()));
    INFO(t.wrong);
    REQUIRE(t.wrong.empty());
    nogoods += t.nogoods;
  }
  CHECK(nogoods > std::uint64_t(test_scale::scaled(50)));  // 84 in a full run, 26 in a quarter
}

TEST_CASE("nogoods learnt from scheduling, table and circuit remove no solution and assert") {
  // The globals explain by the domains of their scope (the default reason). Their solutions
  // come from a search without learning: globals_*_test.cpp check those against brute force.
  Random r(46);
  Tally total;
  for (int round = 0; round < test_scale::rounds(80); ++round) {
    Model m;
    const int kind = r.pick(0, 3);
    const int top = kind == 3 ? 3 : 5;  // circuit: successors 0..3
    std::vector<Var> xs;
    for (int i = 0; i < 4; ++i) xs.push_back(m.add_var(r.domain(0, top)));
    auto fixed = [&](int lo, int hi) {
      std::vector<Var> vs;
      for (int i = 0; i < 4; ++i) vs.push_back(m.add_var(Values{r.pick(lo, hi)}));
      return vs;
    };
    const char* names[] = {"disjunctive", "cumulative", "table", "circuit"};
    switch (kind) {
      case 0: disjunctive(m, xs, fixed(1, 3)); break;
      case 1: cumulative(m, xs, fixed(1, 3), fixed(1, 2), m.add_var(Values{r.pick(2, 3)})); break;
      case 2: {
        std::vector<std::vector<int>> tuples(8);
        for (auto& t : tuples) t = {r.pick(0, 5), r.pick(0, 5), r.pick(0, 5)};
        table(m, std::span<const Var>(xs).first(3), tuples);
        break;
      }
      default: circuit(m, xs); break;
    }
    catalogue::random_linear(r, 4).post(m, xs);
    const std::set<Values> solutions = random_model::search_all(m, SearchOptions{});
    learn_on_model(m, solutions, names[kind] + (" round " + std::to_string(round)), total);
  }
  check_totals(total, 3000);  // 6649 nogoods in a full run, 1434 in a quarter, 552 in a tenth
}

TEST_CASE("nogoods learnt on n-queens (all_different over views) remove no solution and assert") {
  // longer chains of reasons than the random models: minimisation reaches further back
  Tally total;
  for (int n = 5; n <= 8; ++n) {
    Model m;
    const std::vector<Var> q = m.add_vars(n, 0, n - 1);
    for (const int slope : {0, 1, -1}) {  // the columns, then both diagonals: q[i] + slope * i
      std::vector<Var> line;
      for (int i = 0; i < n; ++i) line.push_back(q[std::size_t(i)] + slope * i);
      all_different(m, line);
    }
    learn_on_model(m, random_model::search_all(m, SearchOptions{}), std::to_string(n) + "-queens",
                   total);
  }
  // (not smaller than their decisions here: 6.4 literals against 2.7 levels on average; a
  // level of the learning search is one decision, with no refutations)
  CHECK(total.nogoods > 4000);  // 6488
}

TEST_CASE(
    "nogoods learnt through the clause store (chains of unit clauses in one call) remove "
    "no solution and assert") {
  // The store follows a chain of unit clauses in one call, each pruning a step of its own
  // (Space::begin_step()): conflict analysis explains each against the domains of its step.
  // A random CNF over six variables, with all_different or a linear constraint beside it.
  Random r(47);
  Tally total;
  for (int round = 0; round < test_scale::rounds(100); ++round) {
    random_cnf::Cnf f;  // loosely constrained: longer searches than random_cnf()'s
    for (int i = 0; i < 6; ++i) f.domains.push_back(r.domain(-2, 3));
    for (int c = r.pick(4, 10); c > 0; --c)
      f.clauses.push_back(random_cnf::random_clause(r, 6, false));
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, f.domains);
    m.post(random_cnf::make_store(f, xs));
    const bool distinct = r.pick(0, 1);
    if (distinct) all_different(m, std::vector<Var>{xs[0], xs[1], xs[2]});
    else linear(m, std::vector<int>{1, 1, -1}, std::vector<Var>{xs[0], xs[1], xs[2]}, Rel::le, 1);
    std::set<Values> solutions;
    for (const Values& a : random_cnf::brute_force(f))
      if (distinct ? a[0] != a[1] && a[0] != a[2] && a[1] != a[2] : a[0] + a[1] - a[2] <= 1)
        solutions.insert(a);
    learn_on_model(m, solutions, random_cnf::describe(f), total);
  }
  check_totals(total, 1500);  // 2964 nogoods with the search that learns (9372 without backjumps)
}
