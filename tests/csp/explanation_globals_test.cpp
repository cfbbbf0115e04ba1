// The reasons of the global constraints (tables, scheduling, counting) are true reasons,
// checked against brute force by explanation_check.hpp on random small instances, and those
// with a reason of their own name fewer literals than the domains of their scope.
#include "explanation_check.hpp"

using namespace explanation_check;

namespace {

/// Under 60 % of the literals of the scope's domains (the default reason's).
bool smaller(const Tally& t) { return t.literals * 5 < t.scope_literals * 3; }

/// A table of arity 2 (binary_table) to 4 (compact-table) over the five variables, views and
/// repeated variables allowed, 1 to 24 tuples over [-3, 4].
catalogue::Spec random_table(Random& r) {
  std::vector<std::size_t> at;
  std::vector<std::pair<int, int>> views;
  for (int k = r.pick(2, 4); k > 0; --k) {
    at.push_back(r.var(5));
    views.push_back(r.pick(0, 3) ? std::pair{1, 0} : r.view());
  }
  std::vector<std::vector<int>> tuples;
  for (int t = r.pick(1, 24); t > 0; --t) {
    std::vector<int> tuple;
    for (std::size_t k = 0; k < at.size(); ++k) tuple.push_back(r.pick(-3, 4));
    tuples.push_back(tuple);
  }
  return {"table",
          [=](Model& m, const std::vector<Var>& xs) {
            std::vector<Var> vs;
            for (std::size_t k = 0; k < at.size(); ++k)
              vs.push_back(views[k].first * xs[at[k]] + views[k].second);
            table(m, vs, tuples);
          },
          [=](const Values& a) {
            std::vector<int> t;
            for (std::size_t k = 0; k < at.size(); ++k)
              t.push_back(views[k].first * a[at[k]] + views[k].second);
            return std::find(tuples.begin(), tuples.end(), t) != tuples.end();
          }};
}

}  // namespace

TEST_CASE("reasons of tables are true and smaller than the scope's domains") {
  const Tallies all = explain_random(21, 600, random_table);
  all.print("table");
  for (const char* name : {"table", "binary_table"}) {
    INFO(name);
    CHECK(all.of(name).reasons > test_scale::scaled(300));
    CHECK(smaller(all.of(name)));
  }
}
