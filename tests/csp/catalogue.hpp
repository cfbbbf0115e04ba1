#pragma once
// The constraint catalogue as data, for the tests that check it against brute force
// (catalogue_*_test.cpp) and the propagator contract (propagator_contract_test.cpp): each
// constraint comes as a pair, how to post it and what it means (written here from the
// definition, independently of the propagators), drawn at random by family. The random
// draws are tests/common/random_model.hpp's.
#include <catch2/catch.hpp>

#include "random_model.hpp"
#include "test_scale.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <solve/solve.hpp>

namespace catalogue {

using namespace solve;
using random_model::Random;
using random_model::Values;

struct Spec {
  std::string what;
  std::function<void(Model&, const std::vector<Var>&)> post;
  std::function<bool(const Values&)> holds;
};

struct Instance {
  std::vector<Values> domains;
  std::vector<Spec> specs;
};

inline std::set<Values> brute_force(const Instance& in) {
  return random_model::solutions(in.domains, [&](const Values& a) {
    return std::all_of(in.specs.begin(), in.specs.end(), [&](const Spec& s) { return s.holds(a); });
  });
}

inline std::string describe(const Instance& in) {
  std::string s;
  for (const auto& d : in.domains) {
    s += "{";
    for (int v : d) s += std::to_string(v) + " ";
    s += "} ";
  }
  for (const Spec& c : in.specs) s += "| " + c.what + " ";
  return s;
}

/// Solves the instance with many settings; every one must give the brute-force set.
inline void agree(const Instance& in, int seed) {
  const auto expected = brute_force(in);
  Model m;
  const std::vector<Var> xs = random_model::add_vars(m, in.domains);
  for (const Spec& c : in.specs) c.post(m, xs);
  for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
    for (auto v : {VarOrder::input, VarOrder::dom_wdeg})
      for (auto val : {ValOrder::ascending, ValOrder::random})
        for (auto b : {Branching::values, Branching::refutation}) {
          SearchOptions o;
          o.propagation = p;
          o.var_order = v;
          o.val_order = val;
          o.branching = b;
          o.seed = std::uint64_t(seed) + 1;
          Result r;
          const std::set<Values> got = random_model::search_all(m, o, &r);
          INFO(describe(in) << " propagation " << int(p) << " var " << int(v) << " val " << int(val)
                            << " branching " << int(b));
          REQUIRE(r.complete());
          REQUIRE(got == expected);
          REQUIRE(r.stats.solutions == expected.size());
        }
}

inline bool compare_holds(std::int64_t l, Rel rel, std::int64_t r) {
  switch (rel) {
    case Rel::eq: return l == r;
    case Rel::ne: return l != r;
    case Rel::le: return l <= r;
    case Rel::lt: return l < r;
    case Rel::ge: return l >= r;
    case Rel::gt: return l > r;
  }
  return false;
}

inline const char* rel_name(Rel r) {
  const char* names[] = {"==", "!=", "<=", "<", ">=", ">"};
  return names[int(r)];
}

// ---- linear ----

inline Spec random_linear(Random& r, std::size_t n, bool unit = false) {
  const int k = r.pick(1, 4);
  std::vector<std::size_t> at;
  std::vector<std::pair<int, int>> views;
  std::vector<int> coefs;
  for (int t = 0; t < k; ++t) {
    at.push_back(r.var(n));  // repeats allowed: the post function merges them
    views.push_back(unit ? std::pair{1, r.pick(-2, 2)} : r.view());
    coefs.push_back(unit ? (r.pick(0, 1) ? 1 : -1) : r.pick(-3, 3));
  }
  const Rel rel = r.rel();
  const int c = r.pick(-6, 6);
  const bool var_rhs = r.pick(0, 3) == 0;
  const std::size_t rhs = r.var(n);
  std::string what = "linear " + std::string(rel_name(rel));
  return {what,
          [=](Model& m, const std::vector<Var>& xs) {
            std::vector<Var> vs;
            for (std::size_t t = 0; t < at.size(); ++t)
              vs.push_back(views[t].first * xs[at[t]] + views[t].second);
            if (var_rhs) linear(m, coefs, vs, rel, xs[rhs]);
            else linear(m, coefs, vs, rel, c);
          },
          [=](const Values& a) {
            std::int64_t sum = 0;
            for (std::size_t t = 0; t < at.size(); ++t)
              sum += std::int64_t(coefs[t]) * (views[t].first * a[at[t]] + views[t].second);
            return compare_holds(sum, rel, var_rhs ? a[rhs] : c);
          }};
}

// ---- arithmetic ----

inline std::optional<std::int64_t> arith(int op, std::int64_t x, std::int64_t y) {
  switch (op) {
    case 0: return x * y;
    case 1: return y == 0 ? std::nullopt : std::optional(x / y);
    case 2: return y == 0 ? std::nullopt : std::optional(x % y);
    default: {
      if (y < 0) {
        if (x == 0) return std::nullopt;
        if (x == 1) return 1;
        if (x == -1) return y % 2 == 0 ? 1 : -1;
        return 0;
      }
      std::int64_t p = 1;
      for (int i = 0; i < y; ++i) p *= x;
      return p;
    }
  }
}

inline Spec random_arith(Random& r, std::size_t n, int op = -1) {
  if (op < 0) op = r.pick(0, 8);
  const std::size_t x = r.var(n), y = r.var(n), z = r.var(n);
  const char* names[] = {"times", "divide", "modulo",  "power",  "abs",
                         "min",   "max",    "minimum", "maximum"};
  std::vector<std::size_t> many;
  for (int k = r.pick(1, 3); k > 0; --k) many.push_back(r.var(n));
  return {names[op],
          [=](Model& m, const std::vector<Var>& xs) {
            switch (op) {
              case 0: times(m, xs[x], xs[y], xs[z]); break;
              case 1: divide(m, xs[x], xs[y], xs[z]); break;
              case 2: modulo(m, xs[x], xs[y], xs[z]); break;
              case 3: power(m, xs[x], xs[y], xs[z]); break;
              case 4: abs(m, xs[x], xs[z]); break;
              case 5: min(m, xs[x], xs[y], xs[z]); break;
              case 6: max(m, xs[x], xs[y], xs[z]); break;
              default: {
                std::vector<Var> vs;
                for (std::size_t i : many) vs.push_back(xs[i]);
                if (op == 7) minimum(m, vs, xs[z]);
                else maximum(m, vs, xs[z]);
              }
            }
          },
          [=](const Values& a) {
            if (op <= 3) {
              const auto v = arith(op, a[x], a[y]);
              return v && *v == a[z];
            }
            if (op == 4) return std::abs(a[x]) == a[z];
            if (op == 5) return std::min(a[x], a[y]) == a[z];
            if (op == 6) return std::max(a[x], a[y]) == a[z];
            int best = a[many[0]];
            for (std::size_t i : many) best = op == 7 ? std::min(best, a[i]) : std::max(best, a[i]);
            return best == a[z];
          }};
}

// ---- element and counting ----

inline Spec random_element_or_count(Random& r, std::size_t n, int kind = -1) {
  if (kind < 0) kind = r.pick(0, 5);
  std::vector<std::size_t> vars;
  for (int k = r.pick(1, 4); k > 0; --k) vars.push_back(r.var(n));
  std::vector<int> consts;
  for (int k = r.pick(1, 5); k > 0; --k) consts.push_back(r.pick(-3, 5));
  const std::size_t index = r.var(n), result = r.var(n);
  const std::pair<int, int> iv = r.view();
  const char* names[] = {"element const",   "element var",     "among var",
                         "occurrences int", "occurrences var", "nvalue"};
  return {
      names[kind],
      [=](Model& m, const std::vector<Var>& xs) {
        std::vector<Var> vs;
        for (std::size_t i : vars) vs.push_back(xs[i]);
        const Var idx = iv.first * xs[index] + iv.second;
        switch (kind) {
          case 0: element(m, consts, idx, xs[result]); break;
          case 1: element(m, vs, idx, xs[result]); break;
          case 2: among(m, vs, consts, xs[result]); break;
          case 3: occurrences(m, vs, consts[0], xs[result]); break;
          case 4: occurrences(m, vs, xs[index], xs[result]); break;
          default: nvalue(m, vs, xs[result]);
        }
      },
      [=](const Values& a) {
        const int i = iv.first * a[index] + iv.second;
        switch (kind) {
          case 0:
            return i >= 0 && std::size_t(i) < consts.size() && consts[std::size_t(i)] == a[result];
          case 1:
            return i >= 0 && std::size_t(i) < vars.size() && a[vars[std::size_t(i)]] == a[result];
          case 2: {
            int c = 0;
            for (std::size_t v : vars)
              c += std::find(consts.begin(), consts.end(), a[v]) != consts.end();
            return c == a[result];
          }
          case 3:
          case 4: {
            const int value = kind == 3 ? consts[0] : a[index];
            int c = 0;
            for (std::size_t v : vars) c += a[v] == value;
            return c == a[result];
          }
          default: {
            std::set<int> d;
            for (std::size_t v : vars) d.insert(a[v]);
            return int(d.size()) == a[result];
          }
        }
      }};
}

// ---- Booleans (variables whose domains lie in {0, 1}) ----

inline Spec random_boolean(Random& r, const std::vector<std::size_t>& bools, int kind = -1) {
  if (kind < 0) kind = r.pick(0, 5);
  auto one = [&] {
    return r.fresh ? r.var(0) : bools[std::size_t(r.pick(0, int(bools.size()) - 1))];
  };
  std::vector<std::size_t> xs, ys;
  for (int k = r.pick(1, 3); k > 0; --k) xs.push_back(one());
  for (int k = r.pick(0, 2); k > 0; --k) ys.push_back(one());
  const std::size_t out = one();
  const bool odd = r.pick(0, 1);
  const char* names[] = {"clause", "bool_or", "bool_and", "bool_xor", "parity", "bool_not"};
  return {names[kind],
          [=](Model& m, const std::vector<Var>& v) {
            std::vector<Var> a, b;
            for (std::size_t i : xs) a.push_back(v[i]);
            for (std::size_t i : ys) b.push_back(v[i]);
            switch (kind) {
              case 0: clause(m, a, b); break;
              case 1: bool_or(m, a, v[out]); break;
              case 2: bool_and(m, a, v[out]); break;
              case 3: bool_xor(m, a, v[out]); break;
              case 4: parity(m, a, odd); break;
              default: bool_not(m, v[xs[0]], v[out]);
            }
          },
          [=](const Values& a) {
            int ones = 0;
            for (std::size_t i : xs) ones += a[i];
            const bool r_true = a[out] == 1;
            switch (kind) {
              case 0: {
                bool any = ones > 0;
                for (std::size_t i : ys) any = any || a[i] == 0;
                return any;
              }
              case 1: return (ones > 0) == r_true;
              case 2: return (ones == int(xs.size())) == r_true;
              case 3: return (ones % 2 == 1) == r_true;
              case 4: return (ones % 2 == 1) == odd;
              default: return a[out] == 1 - a[xs[0]];
            }
          }};
}

// ---- reification: any spec, tied to a Boolean ----

inline Spec reified(const Spec& inner, std::size_t b, Reification how) {
  const bool eq = how == Reification::equivalent;
  return {std::string(eq ? "<=> " : "=> ") + inner.what,
          [=](Model& m, const std::vector<Var>& xs) {
            reify(
                m, xs[b], [&](Model& sub) { inner.post(sub, xs); }, how);
          },
          [=](const Values& a) {
            if (a[b] != 0 && a[b] != 1) return false;
            const bool h = inner.holds(a);
            return eq ? h == (a[b] == 1) : a[b] == 0 || h;
          }};
}

inline Spec random_basic(Random& r, std::size_t n, int kind = -1) {
  if (kind < 0) kind = r.pick(0, 4);
  const std::size_t x = r.var(n), y = r.var(n);
  const Rel rel = r.rel();
  const int c = r.pick(-3, 4);
  Values set;
  for (int k = r.pick(1, 3); k > 0; --k) set.push_back(r.pick(-3, 4));
  std::vector<std::size_t> all;
  for (int k = r.pick(2, 3); k > 0; --k) all.push_back(r.var(n));
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  const char* names[] = {"compare var", "compare const", "fix", "in_set", "all_different + x < y"};
  return {names[kind],
          [=](Model& m, const std::vector<Var>& xs) {
            switch (kind) {
              case 0: compare(m, xs[x], rel, xs[y]); break;
              case 1: compare(m, xs[x], rel, c); break;
              case 2: fix(m, xs[x], c); break;
              case 3: in_set(m, xs[x], set); break;
              default: {
                std::vector<Var> vs;
                for (std::size_t i : all) vs.push_back(xs[i]);
                all_different(m, vs);
                if (x != y) less(m, xs[x], xs[y]);  // a conjunction of two constraints
              }
            }
          },
          [=](const Values& a) {
            switch (kind) {
              case 0: return compare_holds(a[x], rel, a[y]);
              case 1: return compare_holds(a[x], rel, c);
              case 2: return a[x] == c;
              case 3: return std::find(set.begin(), set.end(), a[x]) != set.end();
              default: {
                std::set<int> d;
                for (std::size_t i : all) d.insert(a[i]);
                return d.size() == all.size() && (x == y || a[x] < a[y]);
              }
            }
          }};
}

/// n variables over small ranges, the first `bools` of them Booleans.
inline Instance base_instance(Random& r, int n, int bools, int lo, int hi) {
  Instance in;
  for (int i = 0; i < n; ++i) in.domains.push_back(i < bools ? Values{0, 1} : r.domain(lo, hi));
  return in;
}

/// `rounds` instances drawn by draw(r) from the seed (a share of them under SOLVE_TEST_SCALE),
/// each checked by agree(); more than `satisfiable` of them (scaled alike) must have a
/// solution, or the test proves little.
template <class Draw>
void agree_on_random(std::uint32_t seed, int rounds, int satisfiable, Draw&& draw) {
  Random r(seed);
  int sat = 0;
  for (int round = 0; round < test_scale::rounds(rounds); ++round) {
    const Instance in = draw(r);
    sat += !brute_force(in).empty();
    agree(in, round);
  }
  CHECK(sat > test_scale::scaled(satisfiable));
}

}  // namespace catalogue
