// The reasons of the global constraints (tables, scheduling, counting) are true reasons,
// checked against brute force by explanation_check.hpp on random small instances, and those
// with a reason of their own name fewer literals than the domains of their scope.
#include "explanation_check.hpp"

#include <set>

using namespace explanation_check;

namespace {

/// Under `percent` % of the literals of the scope's domains (the default reason's).
bool smaller(const Tally& t, std::size_t percent = 60) {
  return t.literals * 100 < t.scope_literals * percent;
}

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

/// A domain within [lo, hi] of one value (most often) or a few.
Values small_domain(Random& r, int lo, int hi) {
  if (r.pick(0, 2) > 0) return {r.pick(lo, hi)};
  return r.domain(lo, hi);
}

/// n tasks: starts over [0, 4], then durations (over [1, 3], sometimes from 0), usages (when
/// `usages`, over [1, 2], sometimes from 0) and a capacity over [1, 3]; the variables in that
/// order.
catalogue::Instance tasks(Random& r, std::size_t n, bool usages) {
  catalogue::Instance in;
  for (std::size_t i = 0; i < n; ++i) in.domains.push_back(r.domain(0, 4));
  for (std::size_t i = 0; i < n; ++i)
    in.domains.push_back(small_domain(r, r.pick(0, 5) ? 1 : 0, 3));
  if (usages) {
    for (std::size_t i = 0; i < n; ++i)
      in.domains.push_back(small_domain(r, r.pick(0, 5) ? 1 : 0, 2));
    in.domains.push_back(small_domain(r, 1, 3));
  }
  return in;
}

/// cumulative over the n tasks of tasks(): starts, durations, usages, capacity.
catalogue::Spec cumulative_spec(std::size_t n) {
  return {"cumulative",
                      [=](Model& m, const std::vector<Var>& xs) {
                        const auto at = [&](std::size_t k) {
                          return std::span<const Var>(xs).subspan(k * n, n);
                        };
                        cumulative(m, at(0), at(1), at(2), xs[3 * n]);
                      },
                      [=](const Values& a) {  // the load at every time fits the capacity
                        const int cap = a[3 * n];
                        if (cap < 0) return false;
                        for (std::size_t i = 0; i < n; ++i)
                          if (a[n + i] < 0 || a[2 * n + i] < 0) return false;
                        for (int t = -10; t <= 20; ++t) {
                          int load = 0;
                          for (std::size_t i = 0; i < n; ++i)
                            if (a[i] <= t && t < a[i] + a[n + i]) load += a[2 * n + i];
                          if (load > cap) return false;
                        }
                        return true;
                      }};
}

/// cumulative over 2 to 5 tasks.
catalogue::Instance random_cumulative(Random& r) {
  const std::size_t n = std::size_t(r.pick(2, 5));
  catalogue::Instance in = tasks(r, n, true);
  in.specs.push_back(cumulative_spec(n));
  return in;
}

/// cumulative over 3 or 4 tasks on a longer horizon: starts within [0, 9] (often a short
/// interval, so that compulsory parts form), fixed durations up to 5 and usages up to 2, a
/// capacity of 1 to 3. A short task is pushed over a long stretch of the profile here, which
/// its reason explains by a chain of several time points.
catalogue::Instance random_long_cumulative(Random& r) {
  const std::size_t n = std::size_t(r.pick(3, 4));
  catalogue::Instance in;
  for (std::size_t i = 0; i < n; ++i) {
    if (r.pick(0, 2) == 0) {
      in.domains.push_back(r.domain(0, 9));
      continue;
    }
    const int a = r.pick(0, 8), b = std::min(9, a + r.pick(0, 3));
    Values d;
    for (int v = a; v <= b; ++v) d.push_back(v);
    in.domains.push_back(d);
  }
  for (std::size_t i = 0; i < n; ++i) in.domains.push_back({r.pick(1, 5)});
  for (std::size_t i = 0; i < n; ++i) in.domains.push_back({r.pick(1, 2)});
  in.domains.push_back(small_domain(r, 1, 3));
  in.specs.push_back(cumulative_spec(n));
  return in;
}

/// disjunctive over 2 to 6 tasks, strict or free about durations of 0.
catalogue::Instance random_disjunctive(Random& r) {
  const std::size_t n = std::size_t(r.pick(2, 6));
  const ZeroDuration zero = r.pick(0, 1) ? ZeroDuration::strict : ZeroDuration::free;
  catalogue::Instance in = tasks(r, n, false);
  in.specs.push_back(
      {zero == ZeroDuration::strict ? "disjunctive strict" : "disjunctive free",
       [=](Model& m, const std::vector<Var>& xs) {
         const std::span<const Var> all(xs);
         disjunctive(m, all.first(n), all.subspan(n, n), zero);
       },
       [=](const Values& a) {  // no two tasks overlap (under free, one of duration 0 anywhere)
         for (std::size_t i = 0; i < n; ++i) {
           if (a[n + i] < 0) return false;
           for (std::size_t j = 0; j < i; ++j) {
             if (zero == ZeroDuration::free && (a[n + i] == 0 || a[n + j] == 0)) continue;
             const bool apart = a[i] + a[n + i] <= a[j] || a[j] + a[n + j] <= a[i];
             if (!apart) return false;
           }
         }
         return true;
       }});
  return in;
}

/// all_different over 3 to 5 of the five variables (views sometimes), with 2 to 4 values
/// each over [0, 4] (Hall sets form often).
catalogue::Instance random_all_different(Random& r) {
  catalogue::Instance in;
  for (int i = 0; i < 5; ++i) {
    Values d;
    for (int k = r.pick(2, 4); k > 0; --k) d.push_back(r.pick(0, 4));
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
    in.domains.push_back(d);
  }
  std::vector<std::pair<int, int>> views;
  const std::size_t n = std::size_t(r.pick(3, 5));
  for (std::size_t i = 0; i < n; ++i) views.push_back(r.pick(0, 4) ? std::pair{1, 0} : r.view());
  in.specs.push_back({"all_different",
                      [=](Model& m, const std::vector<Var>& xs) {
                        std::vector<Var> vs;
                        for (std::size_t i = 0; i < n; ++i)
                          vs.push_back(views[i].first * xs[i] + views[i].second);
                        all_different(m, vs);
                      },
                      [=](const Values& a) {
                        std::set<int> seen;
                        for (std::size_t i = 0; i < n; ++i)
                          seen.insert(views[i].first * a[i] + views[i].second);
                        return seen.size() == n;
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of all_different are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(24, 1000, random_all_different);
  all.print("all_different");
  CHECK(all.of("all_different").reasons > test_scale::scaled(300));
  CHECK(smaller(all.of("all_different")));  // 42 % in a full run
}

TEST_CASE("all_different's kept matching answers only for the domains it was made of") {
  // one constraint object asked about many stores in turn (at one address, as the stack
  // reuses it): a matching kept from an earlier store would give reasons the checker rejects
  Random r(25);
  for (int model = 0; model < test_scale::rounds(40); ++model) {
    const catalogue::Instance in = random_all_different(r);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, in.domains);
    for (const catalogue::Spec& spec : in.specs) spec.post(m, xs);
    Tallies tally;
    for (int round = 0; round < 25; ++round) explain_all(m, r, tally, catalogue::describe(in));
  }
}

TEST_CASE("reasons of disjunctive are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(23, 1000, random_disjunctive);
  all.print("disjunctive");
  CHECK(all.of("disjunctive").reasons > test_scale::scaled(300));
  // 66 % in a full run: a fifth of the prunings come from the mirror pass after the forward
  // pass moved bounds past holes, and on these small instances their chained reasons are
  // about as large as the starts' domains
  CHECK(smaller(all.of("disjunctive"), 75));
}

TEST_CASE("reasons of cumulative are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(22, 1000, random_cumulative);
  all.print("cumulative");
  CHECK(all.of("cumulative").reasons > test_scale::scaled(300));
  CHECK(smaller(all.of("cumulative"), 60));  // 48 % in a full run
}

TEST_CASE("reasons of cumulative chained over several time points are true") {
  const Tallies all = explain_instances(26, 1000, random_long_cumulative);
  all.print("long cumulative");
  CHECK(all.of("cumulative").reasons > test_scale::scaled(300));
  CHECK(smaller(all.of("cumulative"), 60));
}

TEST_CASE("reasons of tables are true and smaller than the scope's domains") {
  const Tallies all = explain_random(21, 600, random_table);
  all.print("table");
  for (const char* name : {"table", "binary_table"}) {
    INFO(name);
    CHECK(all.of(name).reasons > test_scale::scaled(300));
    CHECK(smaller(all.of(name)));  // 35 % (table) and 40 % (binary_table) in a full run
  }
}
