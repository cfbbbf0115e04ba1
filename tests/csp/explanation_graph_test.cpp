// The reasons of the counting, automaton, graph and packing globals are true reasons, checked
// against brute force by explanation_check.hpp on random small instances, and those with a
// reason of their own name fewer literals than the domains of their scope.
#include "explanation_check.hpp"
#include "random_automaton.hpp"
#include "random_boxes.hpp"
#include "random_graph.hpp"

using namespace explanation_check;

namespace {

/// The reasons of constraint `name` on `rounds` instances make(r) are true (checked in
/// explain_instances), many, and under `percent` % of the literals of the scope's domains
/// (the default reason's).
template <class Make>
void check_own_reasons(const char* name, std::uint32_t seed, int rounds, Make&& make,
                       std::size_t percent = 60) {
  const Tallies all = explain_instances(seed, rounds, make);
  all.print(name);
  INFO(name);
  const Tally& t = all.of(name);
  CHECK(t.reasons > test_scale::scaled(300));
  CHECK(t.literals * 100 < t.scope_literals * percent);
}

/// global_cardinality over 3 to 6 variables on [-2, 3] (views sometimes), 1 to 3 disjoint
/// groups of 1 or 2 values, each with a count range within [0, 3].
catalogue::Instance random_global_cardinality(Random& r) {
  catalogue::Instance in;
  const std::size_t n = std::size_t(r.pick(3, 6));
  for (std::size_t i = 0; i < n; ++i) in.domains.push_back(r.domain(-2, 3));
  std::vector<std::pair<int, int>> views;
  for (std::size_t i = 0; i < n; ++i) views.push_back(r.pick(0, 5) ? std::pair{1, 0} : r.view());
  std::vector<int> free_values = {-2, -1, 0, 1, 2, 3};
  std::vector<ValueCount> groups;
  for (int g = r.pick(1, 3); g > 0; --g) {
    ValueCount c;
    for (int k = r.pick(1, 2); k > 0 && !free_values.empty(); --k) {
      const std::size_t at = std::size_t(r.pick(0, int(free_values.size()) - 1));
      c.values.push_back(free_values[at]);
      free_values.erase(free_values.begin() + std::ptrdiff_t(at));
    }
    if (c.values.empty()) break;
    c.lo = r.pick(0, 2);
    c.hi = c.lo + r.pick(0, 2);
    groups.push_back(c);
  }
  in.specs.push_back({"global_cardinality",
                      [=](Model& m, const std::vector<Var>& xs) {
                        std::vector<Var> vs;
                        for (std::size_t i = 0; i < n; ++i)
                          vs.push_back(views[i].first * xs[i] + views[i].second);
                        global_cardinality(m, vs, groups);
                      },
                      [=](const Values& a) {
                        for (const ValueCount& g : groups) {
                          int c = 0;
                          for (std::size_t i = 0; i < n; ++i) {
                            const int v = views[i].first * a[i] + views[i].second;
                            c += std::find(g.values.begin(), g.values.end(), v) != g.values.end();
                          }
                          if (c < g.lo || c > g.hi) return false;
                        }
                        return true;
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of global_cardinality are true and smaller than the scope's domains") {
  check_own_reasons("global_cardinality", 31, 700, random_global_cardinality);
}

TEST_CASE("reasons of nvalue are true and smaller than the scope's domains") {
  check_own_reasons("nvalue", 32, 1500, [](Random& r) {
    catalogue::Instance in = catalogue::base_instance(r, 5, 2, -2, 3);
    in.specs.push_back(catalogue::random_element_or_count(r, 5, 5));
    return in;
  });
}

namespace {

/// regular over a random automaton (nondeterministic sometimes) and a word of 1 to 5 of 1 to
/// 4 variables on [-2, 3] (views and repeats), or cost_regular (deterministic, costs -3..5)
/// with a total on [-6, 12] last.
catalogue::Instance random_automaton_instance(Random& r, bool costs) {
  using namespace automata;
  const Automaton a = random_automaton(r, costs);
  std::vector<std::int64_t> cost;
  if (costs)
    for (std::size_t k = 0; k < a.transitions.size(); ++k) cost.push_back(r.pick(-3, 5));
  catalogue::Instance in;
  const std::size_t nvars = std::size_t(r.pick(1, 4));
  for (std::size_t i = 0; i < nvars; ++i) in.domains.push_back(r.domain(-2, 3));
  const Word w = random_word(r, nvars, r.pick(costs ? 0 : 1, 5));
  if (costs) in.domains.push_back(r.domain(-6, 12));
  in.specs.push_back({describe(a) + describe(w),
                      [=](Model& m, const std::vector<Var>& xs) {
                        if (costs) cost_regular(m, w.vars(xs), a, cost, xs.back());
                        else regular(m, w.vars(xs), a);
                      },
                      [=](const Values& v) {
                        const auto sums = path_costs(a, cost, w.values(v));
                        return costs ? sums.count(v.back()) > 0 : !sums.empty();
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of regular are true and smaller than the scope's domains") {
  check_own_reasons("regular", 33, 1500,
                    [](Random& r) { return random_automaton_instance(r, false); });
}

TEST_CASE("reasons of cost_regular are true and smaller than the scope's domains") {
  check_own_reasons("cost_regular", 34, 1500,
                    [](Random& r) { return random_automaton_instance(r, true); });
}

namespace {

/// circuit (or subcircuit, self loops in the domains often) over 1 to 6 successor variables,
/// offset views and a node seen through another's variable now and then (random_graph.hpp).
catalogue::Instance random_successors(Random& r, bool sub) {
  const graphs::Successors s(r, r.pick(1, 6), sub);
  catalogue::Instance in;
  in.domains = s.domains;
  in.specs.push_back({sub ? "subcircuit" : "circuit",
                      [=](Model& m, const std::vector<Var>& xs) {
                        if (sub) subcircuit(m, s.vars(xs), s.base);
                        else circuit(m, s.vars(xs), s.base);
                      },
                      [=](const Values& a) {
                        return sub ? graphs::is_subcircuit(s.seen(a), s.base)
                                   : graphs::is_circuit(s.seen(a), s.base);
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of circuit and subcircuit are true and smaller than the scope's domains") {
  check_own_reasons("circuit", 35, 500, [](Random& r) { return random_successors(r, false); });
  check_own_reasons("subcircuit", 36, 500, [](Random& r) { return random_successors(r, true); });
}

namespace {

/// inverse(f, g) over 1 to 3 f and g variables (g the same size as f mostly), domains one
/// past the index sets at each end; or inverse(f, f) now and then.
catalogue::Instance random_inverse(Random& r) {
  const std::size_t nf = std::size_t(r.pick(1, 3));
  const bool same = r.pick(0, 5) == 0;
  const std::size_t ng = same ? 0 : r.pick(0, 7) == 0 ? std::size_t(r.pick(0, 3)) : nf;
  const int base_f = r.pick(-1, 1), base_g = same ? base_f : r.pick(-1, 1);
  catalogue::Instance in;
  for (std::size_t i = 0; i < nf; ++i)
    in.domains.push_back(r.domain(base_g - 1, base_g + int(same ? nf : ng)));
  for (std::size_t j = 0; j < ng; ++j) in.domains.push_back(r.domain(base_f - 1, base_f + int(nf)));
  in.specs.push_back({"inverse",
                      [=](Model& m, const std::vector<Var>& xs) {
                        const std::span<const Var> all(xs);
                        if (same) inverse(m, all, all, base_f, base_g);
                        else inverse(m, all.first(nf), all.subspan(nf), base_f, base_g);
                      },
                      [=](const Values& a) {
                        Values v = a;
                        if (same) v.insert(v.end(), a.begin(), a.end());
                        return graphs::is_inverse(v, nf, base_f, base_g);
                      }});
  return in;
}

/// bin_packing_load: 1 to 3 loads over [0, 6], then 1 to 4 items of weights 0 to 4 whose
/// bins lie one past the bins at each end.
catalogue::Instance random_bin_packing(Random& r) {
  const std::size_t bins = std::size_t(r.pick(1, 3)), items = std::size_t(r.pick(1, 4));
  const int base = r.pick(0, 1);
  std::vector<int> w;
  for (std::size_t i = 0; i < items; ++i) w.push_back(r.pick(0, 4));
  catalogue::Instance in;
  for (std::size_t b = 0; b < bins; ++b) in.domains.push_back(r.domain(0, 6));
  for (std::size_t i = 0; i < items; ++i) in.domains.push_back(r.domain(base - 1, base + int(bins)));
  in.specs.push_back({"bin_packing_load",
                      [=](Model& m, const std::vector<Var>& xs) {
                        const std::span<const Var> all(xs);
                        bin_packing_load(m, all.first(bins), all.subspan(bins), w, base);
                      },
                      [=](const Values& a) {
                        std::vector<int> sum(bins, 0);
                        for (std::size_t i = 0; i < items; ++i) {
                          const int b = a[bins + i] - base;
                          if (b < 0 || b >= int(bins)) return false;
                          sum[std::size_t(b)] += w[i];
                        }
                        for (std::size_t b = 0; b < bins; ++b)
                          if (sum[b] != a[b]) return false;
                        return true;
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of inverse are true and smaller than the scope's domains") {
  check_own_reasons("inverse", 37, 1000, random_inverse);
}

TEST_CASE("reasons of bin_packing_load are true and smaller than the scope's domains") {
  check_own_reasons("bin_packing_load", 38, 600, random_bin_packing);
}

namespace {

/// diffn or diffn_nonstrict over 2 or 3 rectangles (random_boxes.hpp), or diffn_k in one
/// dimension over 2 to 4 boxes on [0, 5] with sides of one or two values from -1..4.
catalogue::Instance random_diffn(Random& r) {
  const bool strict = r.pick(0, 2) > 0;
  catalogue::Instance in;
  if (r.pick(0, 2) > 0) {
    const int n = r.pick(2, 3);
    in.domains = boxes::random_rectangles(r, n);
    in.specs.push_back({strict ? "diffn" : "diffn_nonstrict",
                        [=](Model& m, const std::vector<Var>& xs) {
                          const std::span<const Var> all(xs);
                          const std::size_t k = std::size_t(n);
                          if (strict)
                            diffn(m, all.first(k), all.subspan(k, k), all.subspan(2 * k, k),
                                  all.subspan(3 * k, k));
                          else
                            diffn_nonstrict(m, all.first(k), all.subspan(k, k),
                                            all.subspan(2 * k, k), all.subspan(3 * k, k));
                        },
                        [=](const Values& a) { return boxes::apart(a, strict); }});
    return in;
  }
  const std::size_t n = std::size_t(r.pick(2, 4));
  for (std::size_t i = 0; i < n; ++i) in.domains.push_back(r.domain(0, 5));
  for (std::size_t i = 0; i < n; ++i) {
    const int lo = r.pick(0, 9) ? r.pick(0, 3) : -1;
    in.domains.push_back(r.pick(0, 1) ? Values{lo} : Values{lo, lo + 1});
  }
  in.specs.push_back({strict ? "diffn_k" : "diffn_nonstrict_k",
                      [=](Model& m, const std::vector<Var>& xs) {
                        std::vector<std::vector<Var>> origins, sizes;
                        for (std::size_t i = 0; i < n; ++i) {
                          origins.push_back({xs[i]});
                          sizes.push_back({xs[n + i]});
                        }
                        if (strict) diffn_k(m, origins, sizes);
                        else diffn_nonstrict_k(m, origins, sizes);
                      },
                      [=](const Values& a) { return boxes::apart_k(a, n, 1, strict); }});
  return in;
}

}  // namespace

TEST_CASE("reasons of diffn are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(39, 1500, random_diffn);
  all.print("diffn");
  Tally t = all.of("diffn");
  t.add(all.of("diffn_nonstrict"));
  CHECK(t.reasons > test_scale::scaled(300));
  // 74 % in a full run: with two or three boxes a pair's reason (three bounds for each
  // relation ruled out, two for the one enforced) is about as long as their domains
  CHECK(t.literals * 100 < t.scope_literals * 80);
}
