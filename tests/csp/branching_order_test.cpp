// Which variable each variable order decides first, and how it breaks ties: by creation order
// (in a branch group, by the order listed), as docs/library.md and solve/types.hpp say. The
// decisions are read from the trace of a first-solution search.
#include <catch2/catch.hpp>

#include <vector>

#include <solve/solve.hpp>

using namespace solve;

namespace {

constexpr VarOrder all_orders[] = {VarOrder::input,          VarOrder::mrv,
                                   VarOrder::mrv_degree,     VarOrder::dom_wdeg,
                                   VarOrder::largest_domain, VarOrder::smallest_value,
                                   VarOrder::largest_value,  VarOrder::degree,
                                   VarOrder::activity};

/// The variables decided on the way to the first solution, in order.
std::vector<int> decisions(const Model& m, VarOrder order, Branching b = Branching::refutation) {
  SearchOptions o;
  o.var_order = order;
  o.branching = b;
  std::vector<int> out;
  o.trace = [&](const TraceEvent& e) {
    if (e.kind == TraceEvent::Kind::decide) out.push_back(e.var.id);
  };
  REQUIRE(solve_first(m, o));
  return out;
}

}  // namespace

TEST_CASE("equal variables are decided in creation order, for every variable order",
          "[branching]") {
  // no constraints, equal domains: every choice is a tie among the open variables (the open
  // set is reordered as variables are assigned, so each choice tests the tie-break again)
  Model m;
  m.add_vars(5, 0, 3);
  for (VarOrder order : all_orders)
    for (auto b : {Branching::values, Branching::refutation}) {
      INFO("order " << int(order) << ", branching " << int(b));
      CHECK(decisions(m, order, b) == std::vector<int>{0, 1, 2, 3, 4});
    }
}

TEST_CASE("among the best variables, the one created first is decided first", "[branching]") {
  // x0 loses on the order's criterion; x1, x2, x3 tie: x1 must come first
  struct Case {
    VarOrder order;
    int lo0, hi0;  // x0's domain; x1..x3 get [0, 3]
  };
  const Case cases[] = {
      {VarOrder::mrv, 0, 6},
      {VarOrder::mrv_degree, 0, 6},
      {VarOrder::dom_wdeg, 0, 6},
      {VarOrder::largest_domain, 0, 1},
      {VarOrder::smallest_value, 1, 3},
      {VarOrder::largest_value, 0, 2},
  };
  for (const Case& c : cases) {
    INFO("order " << int(c.order));
    Model m;
    m.add_var(c.lo0, c.hi0);
    m.add_vars(3, 0, 3);
    CHECK(decisions(m, c.order).front() == 1);
  }
  {  // degree: x1..x3 share an all_different, x0 is alone
    Model m;
    m.add_var(0, 3);
    const std::vector<Var> xs = m.add_vars(3, 0, 3);
    all_different(m, xs);
    CHECK(decisions(m, VarOrder::degree).front() == 1);
    CHECK(decisions(m, VarOrder::input).front() == 0);
  }
  {  // mrv_degree: x1..x3 tie on size, x2 and x3 on degree too: x2
    Model m;
    m.add_var(0, 6);
    const std::vector<Var> xs = m.add_vars(3, 0, 3);
    not_equal(m, xs[1], xs[2]);
    CHECK(decisions(m, VarOrder::mrv_degree).front() == 2);
  }
}

TEST_CASE("in a branch group, ties go to the variable listed first", "[branching]") {
  for (VarOrder order : all_orders) {
    INFO("order " << int(order));
    Model m;
    const std::vector<Var> xs = m.add_vars(4, 0, 3);
    m.branch(std::vector<Var>{xs[3], xs[1], xs[2]}, order);
    // the group first, in its own order; then x0, the rest
    CHECK(decisions(m, VarOrder::mrv) == std::vector<int>{3, 1, 2, 0});
  }
}

TEST_CASE("the first value tried: ascending, descending, and the median (the lower of two)",
          "[branching]") {
  struct Case {
    int lo, hi;
    ValOrder order;
    int first;
  };
  const Case cases[] = {{0, 3, ValOrder::ascending, 0},
                        {0, 3, ValOrder::descending, 3},
                        {0, 3, ValOrder::median, 1},
                        {0, 4, ValOrder::median, 2},
                        {-3, 4, ValOrder::median, 0}};
  for (const Case& c : cases) {
    INFO("[" << c.lo << ", " << c.hi << "], order " << int(c.order));
    Model m;
    m.add_var(c.lo, c.hi);
    m.add_var(0, 1);  // a second variable, so that the first is decided (not fixed at the root)
    SearchOptions o;
    o.var_order = VarOrder::input;
    o.val_order = c.order;
    std::vector<int> values;
    o.trace = [&](const TraceEvent& e) {
      if (e.kind == TraceEvent::Kind::decide && e.var.id == 0) values.push_back(e.value);
    };
    REQUIRE(solve_first(m, o));
    CHECK(values == std::vector<int>{c.first});
  }
}

TEST_CASE("dom_wdeg learns from failures: it leaves the order of smallest domains", "[branching]") {
  // Each failure adds to the weight of the constraint that failed, and dom_wdeg prefers the
  // variables of heavy constraints.
  // 5-queens (10 solutions) beside 7 pigeons in 6 holes (none): without learning, the smaller
  // domains of the queens come first and the pigeons are refuted below each of their
  // solutions; with it, the failures of the pigeons' all_different soon put them first.
  auto nodes = [](VarOrder order, Propagation p) {
    Model m;
    const int n = 5;
    std::vector<Var> q = m.add_vars(n, 0, n - 1), up, down;
    for (int i = 0; i < n; ++i) {
      up.push_back(q[std::size_t(i)] + i);
      down.push_back(q[std::size_t(i)] - i);
    }
    all_different(m, q);
    all_different(m, up);
    all_different(m, down);
    all_different(m, m.add_vars(7, 0, 5));
    SearchOptions o;
    o.propagation = p;
    o.var_order = order;
    const Result r = count(m, o);
    CHECK(r.stats.solutions == 0);
    return r.stats.nodes;
  };
  // measured (2026-11-26): 5263 nodes against 8779, at forward and at arc
  for (auto p : {Propagation::forward, Propagation::arc}) {
    INFO("level " << int(p));
    CHECK(nodes(VarOrder::dom_wdeg, p) < nodes(VarOrder::mrv, p) * 3 / 4);
  }
}
