#pragma once
// The tests' one source of small random CSP models: a seeded picker (values, domains with
// holes, views, relations, variable indices), the models' variables from a list of domains,
// and brute-force enumeration of every assignment (the reference the differential tests
// compare the search with). The tests keep their own descriptions of what a constraint means;
// what they share is how instances are drawn and enumerated, so that a change to either is
// made once.
#include <cstddef>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include <solve/model.hpp>
#include <solve/search.hpp>
#include <solve/types.hpp>

namespace random_model {

using Values = std::vector<int>;

/// Draws the parts of an instance from one seeded generator (the same seed, the same
/// instances, on every platform that has std::mt19937's and uniform_int_distribution's
/// sequences: the libstdc++ the tests run with).
struct Random {
  std::mt19937 rng;
  /// When true, var() hands out 0, 1, 2, ... (each variable once) instead of a random index:
  /// for instances whose scope must not name a variable twice. `used` counts them.
  bool fresh = false;
  int used = 0;

  explicit Random(std::uint32_t seed) : rng(seed) {}

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
  /// A domain within [lo, hi], each value kept with probability 3/4, never empty.
  Values domain(int lo, int hi) {
    Values d;
    for (int v = lo; v <= hi; ++v)
      if (pick(0, 3) > 0) d.push_back(v);
    if (d.empty()) d.push_back(pick(lo, hi));
    return d;
  }
  /// A variable index below n (or the next fresh one, see `fresh`).
  std::size_t var(std::size_t n) {
    return fresh ? std::size_t(used++) : std::size_t(pick(0, int(n) - 1));
  }
  /// A view (a, c) of a variable, a * x + c: usually the variable itself (1, 0).
  std::pair<int, int> view() {
    if (pick(0, 3) > 0) return {1, 0};
    const int a[] = {-2, -1, 1, 2};
    return {a[pick(0, 3)], pick(-2, 2)};
  }
  solve::Rel rel() { return static_cast<solve::Rel>(pick(0, 5)); }
};

/// {lo, ..., hi}.
inline Values range(int lo, int hi) {
  Values v;
  for (int x = lo; x <= hi; ++x) v.push_back(x);
  return v;
}

/// Calls f(assignment) for every assignment of the domains (the first variable fastest).
template <class F>
void for_each_assignment(const std::vector<Values>& domains, F&& f) {
  Values a(domains.size());
  std::vector<std::size_t> idx(domains.size(), 0);
  for (const Values& d : domains)
    if (d.empty()) return;
  for (;;) {
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = domains[i][idx[i]];
    f(static_cast<const Values&>(a));
    std::size_t i = 0;
    while (i < idx.size() && ++idx[i] == domains[i].size()) idx[i++] = 0;
    if (i == idx.size()) return;
  }
}

/// The assignments of the domains that `holds` accepts: the brute-force solutions.
template <class Holds>
std::set<Values> solutions(const std::vector<Values>& domains, Holds&& holds) {
  std::set<Values> out;
  for_each_assignment(domains, [&](const Values& a) {
    if (holds(a)) out.insert(a);
  });
  return out;
}

/// One variable of m per domain, in order.
inline std::vector<solve::Var> add_vars(solve::Model& m, const std::vector<Values>& domains) {
  std::vector<solve::Var> xs;
  for (const Values& d : domains) xs.push_back(m.add_var(d));
  return xs;
}

/// Scope entries over a model's variables: entry k is views[k].first * x[at[k]] +
/// views[k].second (positions may repeat), for the model (vars) and for brute force (values).
struct ViewedScope {
  std::vector<std::size_t> at;
  std::vector<std::pair<int, int>> views;
  std::vector<solve::Var> vars(const std::vector<solve::Var>& xs) const {
    std::vector<solve::Var> out;
    for (std::size_t k = 0; k < at.size(); ++k)
      out.push_back(views[k].first * xs[at[k]] + views[k].second);
    return out;
  }
  Values values(const Values& a) const {
    Values out;
    for (std::size_t k = 0; k < at.size(); ++k)
      out.push_back(views[k].first * a[at[k]] + views[k].second);
    return out;
  }
};

/// The solutions a search of m delivers (the values of every variable), as a set to compare
/// with solutions(); `delivered` (when given) counts them as delivered, repeats included.
inline std::set<Values> search_all(const solve::Model& m, const solve::SearchOptions& o,
                                   solve::Result* result = nullptr,
                                   std::uint64_t* delivered = nullptr) {
  std::set<Values> got;
  std::uint64_t n = 0;
  const solve::Result r = solve::search(m, o, [&](const solve::Solution& s) {
    got.insert(s.values());
    ++n;
    return true;
  });
  if (result) *result = r;
  if (delivered) *delivered = n;
  return got;
}

}  // namespace random_model
