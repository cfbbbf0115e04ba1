// The constraint catalogue (linear, arithmetic, element, counting, Booleans, reification)
// against brute force: random small instances, every propagation level, several variable
// orders and both branchings must find exactly the assignments a plain evaluation accepts.
// Each constraint comes as a pair: how to post it, and what it means (written here from the
// definition, independently of the propagators).
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "csp/kernel.hpp"
#include "solve/solve.hpp"

using namespace solve;

namespace {

using Values = std::vector<int>;

struct Spec {
  std::string what;
  std::function<void(Model&, const std::vector<Var>&)> post;
  std::function<bool(const Values&)> holds;
};

struct Instance {
  std::vector<Values> domains;
  std::vector<Spec> specs;
};

std::set<Values> brute_force(const Instance& in) {
  std::set<Values> out;
  Values a(in.domains.size());
  std::vector<std::size_t> idx(in.domains.size(), 0);
  for (;;) {
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = in.domains[i][idx[i]];
    if (std::all_of(in.specs.begin(), in.specs.end(), [&](const Spec& s) { return s.holds(a); })) out.insert(a);
    std::size_t i = 0;
    while (i < idx.size() && ++idx[i] == in.domains[i].size()) idx[i++] = 0;
    if (i == idx.size()) return out;
  }
}

std::string describe(const Instance& in) {
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
void agree(const Instance& in, int seed) {
  const auto expected = brute_force(in);
  Model m;
  std::vector<Var> xs;
  for (const auto& d : in.domains) xs.push_back(m.add_var(d));
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
          std::set<Values> got;
          const Result r = search(m, o, [&](const Solution& s) {
            Values a;
            for (Var x : xs) a.push_back(s[x]);
            got.insert(a);
            return true;
          });
          INFO(describe(in) << " propagation " << int(p) << " var " << int(v) << " val " << int(val)
                            << " branching " << int(b));
          REQUIRE(r.complete());
          REQUIRE(got == expected);
          REQUIRE(r.stats.solutions == expected.size());
        }
}

struct Random {
  std::mt19937 rng;
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
  Values domain(int lo, int hi) {
    Values d;
    for (int v = lo; v <= hi; ++v)
      if (pick(0, 3) > 0) d.push_back(v);
    if (d.empty()) d.push_back(pick(lo, hi));
    return d;
  }
  std::size_t var(std::size_t n) { return std::size_t(pick(0, int(n) - 1)); }
  /// A view of variable i: usually the variable, sometimes a * x + c.
  std::pair<int, int> view() {
    if (pick(0, 3) > 0) return {1, 0};
    const int a[] = {-2, -1, 1, 2};
    return {a[pick(0, 3)], pick(-2, 2)};
  }
  Rel rel() { return static_cast<Rel>(pick(0, 5)); }
};

bool compare_holds(std::int64_t l, Rel rel, std::int64_t r) {
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

const char* rel_name(Rel r) {
  const char* names[] = {"==", "!=", "<=", "<", ">=", ">"};
  return names[int(r)];
}

// ---- linear ----

Spec random_linear(Random& r, std::size_t n) {
  const int k = r.pick(1, 4);
  std::vector<std::size_t> at;
  std::vector<std::pair<int, int>> views;
  std::vector<int> coefs;
  for (int t = 0; t < k; ++t) {
    at.push_back(r.var(n));  // repeats allowed: the post function merges them
    views.push_back(r.view());
    coefs.push_back(r.pick(-3, 3));
  }
  const Rel rel = r.rel();
  const int c = r.pick(-6, 6);
  const bool var_rhs = r.pick(0, 3) == 0;
  const std::size_t rhs = r.var(n);
  std::string what = "linear " + std::string(rel_name(rel));
  return {what,
          [=](Model& m, const std::vector<Var>& xs) {
            std::vector<Var> vs;
            for (std::size_t t = 0; t < at.size(); ++t) vs.push_back(views[t].first * xs[at[t]] + views[t].second);
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

std::optional<std::int64_t> arith(int op, std::int64_t x, std::int64_t y) {
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

Spec random_arith(Random& r, std::size_t n) {
  const int op = r.pick(0, 8);
  const std::size_t x = r.var(n), y = r.var(n), z = r.var(n);
  const char* names[] = {"times", "divide", "modulo", "power", "abs", "min", "max", "minimum", "maximum"};
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

Spec random_element_or_count(Random& r, std::size_t n) {
  const int kind = r.pick(0, 5);
  std::vector<std::size_t> vars;
  for (int k = r.pick(1, 4); k > 0; --k) vars.push_back(r.var(n));
  std::vector<int> consts;
  for (int k = r.pick(1, 5); k > 0; --k) consts.push_back(r.pick(-3, 5));
  const std::size_t index = r.var(n), result = r.var(n);
  const std::pair<int, int> iv = r.view();
  const char* names[] = {"element const", "element var", "among var", "occurrences int", "occurrences var", "nvalue"};
  return {names[kind],
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
              case 0: return i >= 0 && std::size_t(i) < consts.size() && consts[std::size_t(i)] == a[result];
              case 1: return i >= 0 && std::size_t(i) < vars.size() && a[vars[std::size_t(i)]] == a[result];
              case 2: {
                int c = 0;
                for (std::size_t v : vars) c += std::find(consts.begin(), consts.end(), a[v]) != consts.end();
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

Spec random_boolean(Random& r, const std::vector<std::size_t>& bools) {
  const int kind = r.pick(0, 5);
  auto one = [&] { return bools[std::size_t(r.pick(0, int(bools.size()) - 1))]; };
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

Spec reified(const Spec& inner, std::size_t b, Reification how) {
  const bool eq = how == Reification::equivalent;
  return {std::string(eq ? "<=> " : "=> ") + inner.what,
          [=](Model& m, const std::vector<Var>& xs) {
            reify(m, xs[b], [&](Model& sub) { inner.post(sub, xs); }, how);
          },
          [=](const Values& a) {
            if (a[b] != 0 && a[b] != 1) return false;
            const bool h = inner.holds(a);
            return eq ? h == (a[b] == 1) : a[b] == 0 || h;
          }};
}

Spec random_basic(Random& r, std::size_t n) {
  const int kind = r.pick(0, 4);
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
Instance base_instance(Random& r, int n, int bools, int lo, int hi) {
  Instance in;
  for (int i = 0; i < n; ++i) in.domains.push_back(i < bools ? Values{0, 1} : r.domain(lo, hi));
  return in;
}

}  // namespace

TEST_CASE("linear against brute force", "[catalogue][linear]") {
  Random r{std::mt19937(101)};
  int sat = 0;
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    Instance in = base_instance(r, r.pick(2, 4), 0, -3, 4);
    for (int k = r.pick(1, 2); k > 0; --k) in.specs.push_back(random_linear(r, in.domains.size()));
    sat += !brute_force(in).empty();
    agree(in, round);
  }
  CHECK(sat > test_scale::scaled(30));
}

TEST_CASE("arithmetic against brute force", "[catalogue][arithmetic]") {
  Random r{std::mt19937(202)};
  int sat = 0;
  for (int round = 0; round < test_scale::rounds(200); ++round) {
    Instance in = base_instance(r, r.pick(2, 4), 0, -3, 4);
    for (int k = r.pick(1, 2); k > 0; --k) in.specs.push_back(random_arith(r, in.domains.size()));
    sat += !brute_force(in).empty();
    agree(in, round);
  }
  CHECK(sat > test_scale::scaled(40));
}

TEST_CASE("arithmetic on large domains uses bounds and stays exact", "[catalogue][arithmetic]") {
  // 201 x 101 value pairs: above the pair limit, so the bounds path runs first
  for (int op = 0; op < 4; ++op) {
    Instance in;
    Values wide, mid, small;
    for (int v = -100; v <= 100; ++v) wide.push_back(v);
    for (int v = -50; v <= 50; ++v) mid.push_back(v);
    for (int v = -6; v <= 9; ++v) small.push_back(v);
    in.domains = {wide, mid, small};
    Spec s{"", [op](Model& m, const std::vector<Var>& xs) {
             if (op == 0) times(m, xs[0], xs[1], xs[2]);
             if (op == 1) divide(m, xs[0], xs[1], xs[2]);
             if (op == 2) modulo(m, xs[0], xs[1], xs[2]);
             if (op == 3) power(m, xs[1], xs[2], xs[0]);
           },
           [op](const Values& a) {
             const auto v = op == 3 ? arith(3, a[1], a[2]) : arith(op, a[0], a[1]);
             return v && *v == (op == 3 ? a[0] : a[2]);
           }};
    in.specs.push_back(s);
    const auto expected = brute_force(in);
    Model m;
    std::vector<Var> xs;
    for (const auto& d : in.domains) xs.push_back(m.add_var(d));
    s.post(m, xs);
    for (auto p : {Propagation::forward, Propagation::domain}) {
      SearchOptions o;
      o.propagation = p;
      INFO("op " << op << " propagation " << int(p));
      CHECK(count(m, o).stats.solutions == expected.size());
    }
  }
}

TEST_CASE("element and counting against brute force", "[catalogue][element][counting]") {
  Random r{std::mt19937(303)};
  int sat = 0;
  for (int round = 0; round < test_scale::rounds(200); ++round) {
    Instance in = base_instance(r, r.pick(2, 4), 0, -2, 4);
    for (int k = r.pick(1, 2); k > 0; --k) in.specs.push_back(random_element_or_count(r, in.domains.size()));
    sat += !brute_force(in).empty();
    agree(in, round);
  }
  CHECK(sat > test_scale::scaled(40));
}

TEST_CASE("Boolean constraints against brute force", "[catalogue][boolean]") {
  Random r{std::mt19937(404)};
  int sat = 0;
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    Instance in = base_instance(r, r.pick(2, 5), 5, 0, 1);
    std::vector<std::size_t> bools;
    for (std::size_t i = 0; i < in.domains.size(); ++i) bools.push_back(i);
    for (int k = r.pick(1, 3); k > 0; --k) in.specs.push_back(random_boolean(r, bools));
    sat += !brute_force(in).empty();
    agree(in, round);
  }
  CHECK(sat > test_scale::scaled(30));
}

TEST_CASE("reification of every kind of constraint against brute force", "[catalogue][reify]") {
  Random r{std::mt19937(505)};
  int sat = 0;
  for (int round = 0; round < test_scale::rounds(250); ++round) {
    const int n = r.pick(2, 4);
    Instance in = base_instance(r, n + 1, 0, -2, 3);
    in.domains[std::size_t(n)] = Values{0, 1};  // the last variable is the Boolean
    const std::size_t b = std::size_t(n);
    Spec inner;
    switch (r.pick(0, 3)) {
      case 0: inner = random_linear(r, std::size_t(n)); break;
      case 1: inner = random_basic(r, std::size_t(n)); break;
      case 2: inner = random_arith(r, std::size_t(n)); break;
      default: inner = random_element_or_count(r, std::size_t(n));
    }
    const Reification how = r.pick(0, 2) ? Reification::equivalent : Reification::implies;
    in.specs.push_back(reified(inner, b, how));
    if (r.pick(0, 1)) in.specs.push_back(random_basic(r, std::size_t(n)));
    sat += !brute_force(in).empty();
    agree(in, round);
  }
  CHECK(sat > test_scale::scaled(80));
}

TEST_CASE("reification of Boolean constraints against brute force (a clause's own reified forms)",
          "[catalogue][reify][boolean]") {
  Random r{std::mt19937(606)};
  int sat = 0;
  for (int round = 0; round < test_scale::rounds(200); ++round) {
    Instance in = base_instance(r, r.pick(3, 5), 5, 0, 1);
    std::vector<std::size_t> bools;
    for (std::size_t i = 0; i < in.domains.size(); ++i) bools.push_back(i);
    const std::size_t b = bools.back();  // may also appear inside the constraint
    const Reification how = r.pick(0, 2) ? Reification::equivalent : Reification::implies;
    in.specs.push_back(reified(random_boolean(r, bools), b, how));
    if (r.pick(0, 1)) in.specs.push_back(random_boolean(r, bools));
    sat += !brute_force(in).empty();
    agree(in, round);
  }
  CHECK(sat > test_scale::scaled(60));
}

TEST_CASE("reification nests, and a Boolean view is a negated literal", "[catalogue][reify]") {
  Random r{std::mt19937(606)};
  for (int round = 0; round < test_scale::rounds(60); ++round) {
    Instance in = base_instance(r, 4, 0, -2, 3);
    in.domains[2] = in.domains[3] = Values{0, 1};
    const Spec inner = random_basic(r, 2);
    const Spec once = reified(inner, 2, Reification::equivalent);
    in.specs.push_back(
        {"<=> (" + once.what + ")",
         [=](Model& m, const std::vector<Var>& xs) {
           reify(m, negation(xs[3]), [&](Model& sub) { once.post(sub, xs); });
         },
         [=](const Values& a) { return once.holds(a) == (a[3] == 0); }});
    agree(in, round);
  }
}

TEST_CASE("linear rejects what could overflow 64 bits, and sizes that differ", "[catalogue][linear]") {
  Model m;
  const Var x = m.add_var(-(1 << 24), 1 << 24);
  const std::vector<Var> xs(200, x);  // merged: 200 * 2e9 * 2^24 > 2^62
  const std::vector<int> big(200, 2'000'000'000);
  CHECK_THROWS_AS(linear(m, big, xs, Rel::le, 0), ModelError);
  const std::vector<int> two{1, 2};
  CHECK_THROWS_AS(linear(m, two, xs, Rel::le, 0), ModelError);
  // a constant of -2^63 has no magnitude in 64 bits (issue 22: its negation was UB)
  const std::vector<int> unit{1};
  const std::vector<Var> just_x{x};
  CHECK_THROWS_AS(linear(m, unit, just_x, Rel::eq, INT64_MIN), ModelError);
  CHECK_THROWS_AS(compare(m, x, Rel::lt, INT64_MIN), ModelError);
  // large but safe: 2e9 * 2^24 < 2^62
  const std::vector<int> one_big{2'000'000'000};
  Model one;
  const Var z = one.add_var(-(1 << 24), 1 << 24);
  const std::vector<Var> just_z{z};
  CHECK_NOTHROW(linear(one, one_big, just_z, Rel::ge, 1));
  const auto s = solve_first(one);
  REQUIRE(s);
  CHECK((*s)[z] == 1);
}

namespace {
/// The domains after propagation at the root with the given level (empty: failed).
std::vector<Values> root(const Model& m, Propagation p = Propagation::domain) {
  detail::csp::PropagationKernel e(m, p);
  if (!e.propagate_root()) return {};
  std::vector<Values> out;
  for (int i = 0; i < m.num_vars(); ++i) {
    out.emplace_back();
    e.space().for_each_value(Var{i}, [&](int v) { out.back().push_back(v); });
  }
  return out;
}
Values range(int lo, int hi) {
  Values v;
  for (int x = lo; x <= hi; ++x) v.push_back(x);
  return v;
}
}  // namespace

TEST_CASE("the catalogue prunes as documented at the root", "[catalogue]") {
  {  // linear: bounds consistency
    Model m;
    const Var x = m.add_var(0, 10), y = m.add_var(0, 10);
    const std::vector<int> a{2, 3};
    linear(m, a, std::vector<Var>{x, y}, Rel::le, 12);
    CHECK(root(m) == std::vector<Values>{range(0, 6), range(0, 4)});
    linear(m, a, std::vector<Var>{x, y}, Rel::ge, 12);  // now 2x + 3y == 12 by two constraints
    compare(m, x, Rel::ge, 2);
    CHECK(root(m)[1] == range(0, 2));
  }
  {  // times: domain-consistent on small domains
    Model m;
    const Var x = m.add_var(1, 12), y = m.add_var(1, 12), z = m.add_var(12, 12);
    times(m, x, y, z);
    CHECK(root(m)[0] == Values{1, 2, 3, 4, 6, 12});
  }
  {  // element over constants
    Model m;
    const Var i = m.add_var(-1, 5), r = m.add_var(0, 4);
    element(m, std::vector<int>{7, 3, 4, 3, 9}, i, r);
    CHECK(root(m) == std::vector<Values>{{1, 2, 3}, {3, 4}});
  }
  {  // reification decided by bounds; a clause with one open literal
    Model m;
    const Var x = m.add_var(5, 9), b = m.add_bool(), c = m.add_bool(), d = m.add_bool();
    reify(m, b, [&](Model& s) { compare(s, x, Rel::le, 3); });
    clause(m, std::vector<Var>{b, c}, std::vector<Var>{});
    CHECK(root(m) == std::vector<Values>{range(5, 9), {0}, {1}, {0, 1}});
    (void)d;
  }
  {  // nvalue: at most one value, one variable already fixed
    Model m;
    const Var x = m.add_var(1, 3), y = m.add_var(1, 3), n = m.add_var(1, 1);
    fix(m, x, 2);
    nvalue(m, std::vector<Var>{x, y}, n);
    CHECK(root(m)[1] == Values{2});
  }
}
