// What a complete search answers must not depend on the number of threads: counts of
// classes under skip_equivalent_states (issue: 35 classes came out as 180 with 2 threads and
// 5 with 4), and the statistics of the tree (nodes, failures, depth) wherever the tree itself
// does not depend on the order of the workers (every variable order but dom_wdeg, which
// learns from failures). And counts over every kind of constraint: on random small models,
// the brute-force count for 1, 2, 3, 4 and 7 threads at every propagation level (the brute
// force evaluates a plain description of each constraint, independently of its propagator).
// (The exact-cover engines have theirs in tests/dlx/thread_invariance_test.cpp.)
#include <catch2/catch.hpp>

#include "random_model.hpp"
#include "test_scale.hpp"

#include <algorithm>
#include <bit>
#include <random>
#include <set>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;

namespace {

constexpr int thread_counts[] = {1, 2, 3, 4, 7};

void sorted_key(std::span<const int> v, std::vector<std::uint32_t>& key) {
  key.assign(v.begin(), v.end());
  std::sort(key.begin(), key.end());
}

/// A model symmetric in its variables: same domain, optionally pairwise different, optionally
/// "between lo and hi of them take a value of S", optionally "the sum is even".
struct Symmetric {
  int n;
  std::vector<int> domain;
  bool distinct;
  std::vector<int> set;  // among (empty: none)
  int lo, hi;
  bool even_sum;

  bool holds(const std::vector<int>& a) const {
    if (distinct && std::set<int>(a.begin(), a.end()).size() != a.size()) return false;
    if (!set.empty()) {
      const auto in = std::count_if(a.begin(), a.end(), [&](int v) {
        return std::find(set.begin(), set.end(), v) != set.end();
      });
      if (in < lo || in > hi) return false;
    }
    int sum = 0;
    for (int v : a) sum += v;
    return !even_sum || sum % 2 == 0;
  }

  /// Solutions up to permutation of the variables, by enumeration.
  std::size_t classes() const {
    std::set<std::vector<int>> out;
    random_model::for_each_assignment(std::vector<std::vector<int>>(std::size_t(n), domain),
                                      [&](const std::vector<int>& a) {
                                        if (!holds(a)) return;
                                        std::vector<int> sorted = a;
                                        std::sort(sorted.begin(), sorted.end());
                                        out.insert(sorted);
                                      });
    return out.size();
  }
};

/// "The sum of xs is even", checked once every variable is assigned (a user constraint).
class EvenSum : public CloneableConstraint<EvenSum> {
 public:
  explicit EvenSum(std::vector<Var> xs) : xs_(std::move(xs)) {}
  std::span<const Var> scope() const override { return xs_; }
  PropStatus propagate(Space& s) override {
    int sum = 0;
    for (Var x : xs_) {
      if (!s.assigned(x)) return PropStatus::fixpoint;
      sum += s.value(x);
    }
    return sum % 2 == 0 ? PropStatus::entailed : PropStatus::failed;
  }

 private:
  std::vector<Var> xs_;
};

Model build(const Symmetric& sp, bool with_states) {
  Model m;
  std::vector<Var> xs;
  for (int i = 0; i < sp.n; ++i) xs.push_back(m.add_var(sp.domain));
  if (sp.distinct) all_different(m, xs);
  if (!sp.set.empty()) among(m, xs, sp.set, sp.lo, sp.hi);
  if (sp.even_sum) m.post(std::make_unique<EvenSum>(xs));
  if (with_states) skip_equivalent_states(m, xs, sorted_key);
  return m;
}

Symmetric random_symmetric(random_model::Random& rng) {
  auto pick = [&](int lo, int hi) { return rng.pick(lo, hi); };
  Symmetric sp;
  sp.n = pick(2, 5);
  for (int v = 0; v < 7; ++v)
    if (pick(0, 3) > 0) sp.domain.push_back(v);
  if (sp.domain.empty()) sp.domain.push_back(pick(0, 6));
  sp.distinct = pick(0, 1) == 1;
  if (pick(0, 1)) {
    for (int v : sp.domain)
      if (pick(0, 1)) sp.set.push_back(v);
    if (sp.set.empty()) sp.set.push_back(sp.domain.front());
    sp.lo = pick(0, sp.n);
    sp.hi = pick(sp.lo, sp.n);
  }
  sp.even_sum = pick(0, 2) == 0;
  return sp;
}

}  // namespace

TEST_CASE("skip_equivalent_states: the same classes for every number of threads",
          "[symmetry][threads]") {
  // 3 identical items on 7 places: C(7, 3) = 35 classes.
  Model m;
  const auto xs = m.add_vars(3, 0, 6);
  all_different(m, xs);
  skip_equivalent_states(m, xs, sorted_key);
  for (auto order : {VarOrder::input, VarOrder::mrv, VarOrder::dom_wdeg})
    for (auto b : {Branching::values, Branching::refutation})
      for (int threads : thread_counts) {
        SearchOptions o;
        o.var_order = order;
        o.branching = b;
        o.threads = threads;
        INFO("order " << int(order) << " branching " << int(b) << " threads " << threads);
        std::set<std::vector<int>> seen;
        const Result r = search(m, o, [&](const Solution& s) {
          auto v = s.values();
          std::sort(v.begin(), v.end());
          CHECK(seen.insert(v).second);  // never the same class twice
          return true;
        });
        CHECK(r.complete());
        CHECK(r.stats.solutions == 35);
        CHECK(seen.size() == 35);
        CHECK(count(m, o).stats.solutions == 35);
      }
}

TEST_CASE("skip_equivalent_states against brute force, every number of threads",
          "[symmetry][threads][differential]") {
  random_model::Random rng(2024);
  int nonempty = 0;
  for (int round = 0; round < test_scale::rounds(80); ++round) {
    const Symmetric sp = random_symmetric(rng);
    const std::size_t expected = sp.classes();
    nonempty += expected > 0;
    const Model m = build(sp, true);
    for (auto p : {Propagation::none, Propagation::forward, Propagation::domain})
      for (int threads : thread_counts) {
        SearchOptions o;
        o.propagation = p;
        o.threads = threads;
        o.var_order = round % 2 ? VarOrder::mrv : VarOrder::dom_wdeg;
        INFO("round " << round << " propagation " << int(p) << " threads " << threads);
        const Result r = count(m, o);
        REQUIRE(r.complete());
        REQUIRE(r.stats.solutions == expected);
      }
  }
  CHECK(nonempty > test_scale::scaled(40));
}

TEST_CASE("complete searches: the same statistics for every number of threads",
          "[search][threads]") {
  random_model::Random rng(77);
  for (int round = 0; round < test_scale::rounds(12); ++round) {
    const Symmetric sp = random_symmetric(rng);
    const Model m = build(sp, false);
    for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain})
      for (auto v : {VarOrder::input, VarOrder::mrv, VarOrder::mrv_degree})
        for (auto b : {Branching::values, Branching::refutation}) {
          SearchOptions o;
          o.propagation = p;
          o.var_order = v;
          o.branching = b;
          const Result one = count(m, o);
          for (int threads : thread_counts) {
            o.threads = threads;
            const Result many = count(m, o);
            INFO("round " << round << " p " << int(p) << " v " << int(v) << " b " << int(b)
                          << " threads " << threads);
            REQUIRE(many.complete());
            REQUIRE(many.stats.solutions == one.stats.solutions);
            REQUIRE(many.stats.nodes == one.stats.nodes);
            REQUIRE(many.stats.failures == one.stats.failures);
            REQUIRE(many.stats.max_depth == one.stats.max_depth);
          }
        }
  }
}

namespace {

constexpr Propagation kLevels[] = {Propagation::none, Propagation::forward, Propagation::arc,
                                   Propagation::domain};

/// A user constraint: the sum of the scope is at most `limit`. Prunes maxima at arc and
/// domain level (from the other minima); the engine checks it at the others.
class SumAtMost final : public CloneableConstraint<SumAtMost> {
 public:
  SumAtMost(std::vector<Var> xs, int limit) : xs_(std::move(xs)), limit_(limit) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "sum_at_most"; }
  PropStatus propagate(Space& s) override {
    int min_sum = 0;
    bool all = true;
    for (Var x : xs_) {
      min_sum += s.min(x);
      all = all && s.assigned(x);
    }
    if (min_sum > limit_) return PropStatus::failed;
    if (all) return PropStatus::entailed;
    for (Var x : xs_)  // lowering maxima leaves the minima: one pass is a fixpoint
      if (s.set_max(x, limit_ - (min_sum - s.min(x))) == Event::failed) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

 private:
  std::vector<Var> xs_;
  int limit_;
};

enum class Kind {
  all_different,
  among,
  global_cardinality,
  lex_less_equal,
  lex_less,
  binary_table,
  table,
  user
};
constexpr int kKinds = 8;

/// One constraint, in a form both the model and the brute force read.
struct Spec {
  Kind kind;
  std::vector<int> xs, ys;               // variables (ys: the second sequence of lex)
  std::vector<int> values;               // among
  int lo = 0, hi = 0;                    // among; user: hi = the sum limit
  std::vector<ValueCount> groups;        // global_cardinality
  std::vector<std::vector<int>> tuples;  // table, binary_table (pairs)
};

struct Instance {
  int n = 0, d = 0;  // n variables with domain 0..d-1
  std::vector<Spec> specs;
};

int count_in(const std::vector<int>& a, const std::vector<int>& xs,
             const std::vector<int>& values) {
  int k = 0;
  for (int x : xs) k += std::find(values.begin(), values.end(), a[std::size_t(x)]) != values.end();
  return k;
}

bool holds(const Spec& c, const std::vector<int>& a) {
  auto v = [&](int x) { return a[std::size_t(x)]; };
  switch (c.kind) {
    case Kind::all_different: {
      std::set<int> seen;
      for (int x : c.xs)
        if (!seen.insert(v(x)).second) return false;
      return true;
    }
    case Kind::among: {
      const int k = count_in(a, c.xs, c.values);
      return c.lo <= k && k <= c.hi;
    }
    case Kind::global_cardinality:
      return std::all_of(c.groups.begin(), c.groups.end(), [&](const ValueCount& g) {
        const int k = count_in(a, c.xs, g.values);
        return g.lo <= k && k <= g.hi;
      });
    case Kind::lex_less_equal:
    case Kind::lex_less: {
      std::vector<int> x, y;
      for (int i : c.xs) x.push_back(v(i));
      for (int i : c.ys) y.push_back(v(i));
      return c.kind == Kind::lex_less ? x < y : x <= y;
    }
    case Kind::binary_table:
    case Kind::table: {
      std::vector<int> t;
      for (int x : c.xs) t.push_back(v(x));
      return std::find(c.tuples.begin(), c.tuples.end(), t) != c.tuples.end();
    }
    case Kind::user: {
      int sum = 0;
      for (int x : c.xs) sum += v(x);
      return sum <= c.hi;
    }
  }
  return false;
}

std::uint64_t brute_force(const Instance& in) {
  std::uint64_t found = 0;
  const std::vector<std::vector<int>> domains(std::size_t(in.n), random_model::range(0, in.d - 1));
  random_model::for_each_assignment(domains, [&](const std::vector<int>& a) {
    found +=
        std::all_of(in.specs.begin(), in.specs.end(), [&](const Spec& c) { return holds(c, a); });
  });
  return found;
}

Spec random_spec(random_model::Random& rng, Kind kind, int n, int d) {
  auto pick = [&](int lo, int hi) { return rng.pick(lo, hi); };
  std::vector<int> all(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) all[std::size_t(i)] = i;
  std::shuffle(all.begin(), all.end(), rng.rng);
  auto some = [&](int lo, int hi) {
    return std::vector<int>(all.begin(), all.begin() + pick(std::min(lo, n), std::min(hi, n)));
  };
  auto random_values = [&](int k) {
    std::vector<int> v;
    for (int x = 0; x < d; ++x) v.push_back(x);
    std::shuffle(v.begin(), v.end(), rng.rng);
    v.resize(std::size_t(std::min(k, d)));
    return v;
  };
  Spec c{kind, {}, {}, {}, 0, 0, {}, {}};
  switch (kind) {
    case Kind::all_different: c.xs = some(2, std::min(n, d)); break;
    case Kind::among:
      c.xs = some(2, n);
      c.values = random_values(pick(1, 2));
      c.lo = pick(0, 2);
      c.hi = c.lo + pick(0, 2);
      break;
    case Kind::global_cardinality: {
      c.xs = some(2, n);
      std::vector<int> v = random_values(d);
      for (std::size_t at = 0; at < v.size();) {  // disjoint groups of 1 or 2 values
        const std::size_t len = std::min(v.size() - at, std::size_t(pick(1, 2)));
        ValueCount g{std::vector<int>(v.begin() + long(at), v.begin() + long(at + len)), pick(0, 1),
                     0};
        g.hi = g.lo + pick(0, 2);
        c.groups.push_back(g);
        at += len + std::size_t(pick(0, 1));  // some values in no group
      }
      break;
    }
    case Kind::lex_less_equal:
    case Kind::lex_less: {
      const int len = pick(1, n / 2);
      c.xs.assign(all.begin(), all.begin() + len);
      c.ys.assign(all.begin() + len, all.begin() + 2 * len);
      break;
    }
    case Kind::binary_table:
    case Kind::table: {
      c.xs = kind == Kind::binary_table ? some(2, 2) : some(2, 3);
      const int tuples = pick(1, 8);
      for (int t = 0; t < tuples; ++t) {
        std::vector<int> tuple;
        for (std::size_t k = 0; k < c.xs.size(); ++k) tuple.push_back(pick(0, d - 1));
        c.tuples.push_back(tuple);
      }
      break;
    }
    case Kind::user:
      c.xs = some(2, n);
      c.hi = pick(0, int(c.xs.size()) * (d - 1));
      break;
  }
  return c;
}

Model build(const Instance& in) {
  Model m;
  const std::vector<Var> x = m.add_vars(in.n, 0, in.d - 1);
  auto vars = [&](const std::vector<int>& ids) {
    std::vector<Var> out;
    for (int i : ids) out.push_back(x[std::size_t(i)]);
    return out;
  };
  for (const Spec& c : in.specs) {
    switch (c.kind) {
      case Kind::all_different: all_different(m, vars(c.xs)); break;
      case Kind::among: among(m, vars(c.xs), c.values, c.lo, c.hi); break;
      case Kind::global_cardinality: global_cardinality(m, vars(c.xs), c.groups); break;
      case Kind::lex_less_equal: lex_less_equal(m, vars(c.xs), vars(c.ys)); break;
      case Kind::lex_less: lex_less(m, vars(c.xs), vars(c.ys)); break;
      case Kind::binary_table: {
        std::vector<std::pair<int, int>> pairs;
        for (const auto& t : c.tuples) pairs.emplace_back(t[0], t[1]);
        binary_table(m, x[std::size_t(c.xs[0])], x[std::size_t(c.xs[1])], pairs);
        break;
      }
      case Kind::table: table(m, vars(c.xs), c.tuples); break;
      case Kind::user: m.post(std::make_unique<SumAtMost>(vars(c.xs), c.hi)); break;
    }
  }
  return m;
}

}  // namespace

TEST_CASE("every constraint kind counts the same on 1, 2, 3, 4 and 7 threads",
          "[threads][differential]") {
  random_model::Random rng(2024);
  int with_solutions = 0;
  std::vector<int> rounds_of(kKinds, 0);
  for (int round = 0; round < test_scale::rounds(8 * kKinds); ++round) {
    Instance in;
    in.n = rng.pick(4, 6);
    in.d = rng.pick(2, 4);
    const auto focus = Kind(round % kKinds);  // every kind in every eighth instance at least
    ++rounds_of[std::size_t(focus)];
    in.specs.push_back(random_spec(rng, focus, in.n, in.d));
    for (int extra = rng.pick(0, 2); extra > 0; --extra)
      in.specs.push_back(random_spec(rng, Kind(rng.pick(0, kKinds - 1)), in.n, in.d));
    const std::uint64_t expected = brute_force(in);
    with_solutions += expected > 0;
    const Model m = build(in);
    for (Propagation level : kLevels)
      for (int threads : thread_counts) {
        SearchOptions o;
        o.propagation = level;
        o.branching = round % 2 ? Branching::values : Branching::refutation;
        o.threads = threads;
        const Result r = count(m, o);
        INFO("round " << round << " focus " << int(focus) << " level " << int(level) << " threads "
                      << threads);
        REQUIRE(r.complete());
        REQUIRE(r.stats.solutions == expected);
      }
  }
  CHECK(with_solutions > test_scale::scaled(4 * kKinds));
}

// skip_equivalent_states counts classes: with the values of interchangeable variables as the
// state key, one solution per multiset of values. The variables are interchangeable here
// (all_different and among over all of them), so the count is the number of value sets with
// the right number of odd values, whatever the number of threads.
namespace {

struct SymmetricCase {
  Model model;
  std::uint64_t classes = 0;  // by brute force
  int n = 0, d = 0;
};

SymmetricCase symmetric_case(random_model::Random& rng) {
  SymmetricCase c;
  c.n = rng.pick(3, 5);
  c.d = rng.pick(c.n, c.n + 3);
  const std::vector<Var> x = c.model.add_vars(c.n, 0, c.d - 1);
  all_different(c.model, x);
  const std::vector<int> odd{1, 3, 5, 7};
  const int lo = rng.pick(0, 2);
  among(c.model, x, odd, lo, lo + 1);
  skip_equivalent_states(c.model, x,
                         [](std::span<const int> prefix, std::vector<std::uint32_t>& key) {
                           key.assign(prefix.begin(), prefix.end());
                           std::sort(key.begin(), key.end());
                         });
  for (unsigned set = 0; set < (1u << c.d); ++set) {
    if (std::popcount(set) != c.n) continue;
    int odds = 0;
    for (int v : odd) odds += v < c.d && (set >> v & 1u);
    c.classes += lo <= odds && odds <= lo + 1;
  }
  return c;
}

void check_symmetric_cases(std::span<const int> threads_to_try) {
  random_model::Random rng(99);
  for (int round = 0; round < test_scale::rounds(30); ++round) {
    const SymmetricCase c = symmetric_case(rng);
    for (Propagation level : kLevels)
      for (int threads : threads_to_try) {
        SearchOptions o;
        o.propagation = level;
        o.var_order = VarOrder::input;
        o.threads = threads;
        const Result r = count(c.model, o);
        INFO("round " << round << " n " << c.n << " d " << c.d << " level " << int(level)
                      << " threads " << threads);
        REQUIRE(r.complete());
        REQUIRE(r.stats.solutions == c.classes);
      }
  }
}

}  // namespace

TEST_CASE("skip_equivalent_states counts classes on one thread", "[symmetry]") {
  const int one[] = {1};
  check_symmetric_cases(one);
}

// Issue 7 item 3: each work item got a fresh copy of the constraint's memory (e.g. 237
// classes instead of 15 on 2 threads); the search's shared state store fixed it.
TEST_CASE("skip_equivalent_states counts the same on 2, 3, 4 and 7 threads",
          "[threads][symmetry]") {
  const int many[] = {2, 3, 4, 7};
  check_symmetric_cases(many);
}
