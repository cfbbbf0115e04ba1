// The value globals (values.hpp: all_different_except, value_precede_chain, arg_max, arg_min,
// member; counting.hpp: nvalue; packing_load.hpp: bin_packing_load) against brute force:
// on hundreds of small random instances each, every propagation level must find exactly the
// assignments the definition (written here, from MiniZinc's specification) accepts, with one
// thread and with four; the propagator contract (idempotence, no solution lost, the promised
// strength) at the root; check() against the definition; and hand cases with known answers.
#include <catch2/catch.hpp>

#include "propagator_contract.hpp"
#include "random_model.hpp"
#include "test_scale.hpp"

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;
using random_model::Random;
using random_model::Values;

namespace {

/// One random instance: the domains, how to post the global over the variables, what it means.
struct Drawn {
  std::string what;
  std::vector<Values> domains;
  std::function<void(Model&, const std::vector<Var>&)> post;
  std::function<bool(const Values&)> holds;
};

/// Views a * x + c of the variables (drawn per variable), and their values in an assignment.
struct Views {
  std::vector<std::pair<int, int>> ac;
  Views(Random& r, std::size_t n, bool with_views) {
    for (std::size_t i = 0; i < n; ++i) ac.push_back(with_views ? r.view() : std::pair{1, 0});
  }
  std::vector<Var> of(const std::vector<Var>& xs, std::size_t first) const {
    std::vector<Var> out;
    for (std::size_t i = 0; i < ac.size(); ++i) out.push_back(ac[i].first * xs[first + i] + ac[i].second);
    return out;
  }
  std::vector<long> values(const Values& a, std::size_t first) const {
    std::vector<long> out;
    for (std::size_t i = 0; i < ac.size(); ++i)
      out.push_back(long(ac[i].first) * a[first + i] + ac[i].second);
    return out;
  }
  std::string show() const {
    std::string s;
    for (auto [a, c] : ac) s += std::to_string(a) + "x+" + std::to_string(c) + " ";
    return s;
  }
};

std::vector<Values> random_domains(Random& r, std::size_t n, int lo, int hi) {
  std::vector<Values> d;
  for (std::size_t i = 0; i < n; ++i) d.push_back(r.domain(lo, hi));
  return d;
}

std::string show(const std::vector<Values>& ds) { return contract::show(ds); }

// ---- the draws ----

Drawn draw_except(Random& r) {
  const std::size_t n = std::size_t(r.pick(2, 5));
  std::vector<int> except;
  if (r.pick(0, 1)) except = {0};
  else
    for (int k = r.pick(0, 2); k > 0; --k) except.push_back(r.pick(-1, 3));
  std::sort(except.begin(), except.end());
  except.erase(std::unique(except.begin(), except.end()), except.end());
  const Views v(r, n, r.pick(0, 2) == 0);
  std::string what = "all_different_except {";
  for (int e : except) what += std::to_string(e) + " ";
  Drawn d{what + "} " + v.show(), random_domains(r, n, -1, 3), nullptr, nullptr};
  const bool zero = except == std::vector<int>{0} && r.pick(0, 1);
  d.post = [v, except, zero](Model& m, const std::vector<Var>& xs) {
    if (zero) all_different_except_0(m, v.of(xs, 0));
    else all_different_except(m, v.of(xs, 0), except);
  };
  d.holds = [v, except](const Values& a) {
    std::set<long> seen;
    for (long x : v.values(a, 0))
      if (!std::binary_search(except.begin(), except.end(), x) && !seen.insert(x).second)
        return false;
    return true;
  };
  return d;
}

/// value_precede_chain by its definition: each pair (c_i, c_i+1) separately.
bool precedes(const std::vector<long>& xs, long s, long t) {
  for (long x : xs) {
    if (x == s) return true;
    if (x == t) return false;
  }
  return true;
}

Drawn draw_precede(Random& r) {
  const std::size_t n = std::size_t(r.pick(1, 6));
  std::vector<int> chain = {0, 1, 2, 3, 4};
  std::shuffle(chain.begin(), chain.end(), r.rng);
  chain.resize(std::size_t(r.pick(2, 4)));
  const Views v(r, n, r.pick(0, 3) == 0);
  const bool pair = chain.size() == 2 && r.pick(0, 1);
  std::string what = pair ? "value_precede " : "value_precede_chain ";
  for (int c : chain) what += std::to_string(c) + " ";
  Drawn d{what + v.show(), random_domains(r, n, -1, 4), nullptr, nullptr};
  d.post = [v, chain, pair](Model& m, const std::vector<Var>& xs) {
    if (pair) value_precede(m, chain[0], chain[1], v.of(xs, 0));
    else value_precede_chain(m, chain, v.of(xs, 0));
  };
  d.holds = [v, chain](const Values& a) {
    const std::vector<long> xs = v.values(a, 0);
    for (std::size_t i = 0; i + 1 < chain.size(); ++i)
      if (!precedes(xs, chain[i], chain[i + 1])) return false;
    return true;
  };
  return d;
}

Drawn draw_arg(Random& r) {
  const std::size_t n = std::size_t(r.pick(1, 4));
  const bool max = r.pick(0, 1);
  const int base = r.pick(-1, 2);
  const Views v(r, n, r.pick(0, 2) == 0);
  Drawn d{std::string(max ? "arg_max" : "arg_min") + " base " + std::to_string(base) + " " + v.show(),
          random_domains(r, n, -2, 3), nullptr, nullptr};
  d.domains.push_back(r.domain(base - 1, base + int(n)));  // the index
  d.post = [v, n, max, base](Model& m, const std::vector<Var>& xs) {
    if (max) arg_max(m, v.of(xs, 0), xs[n], base);
    else arg_min(m, v.of(xs, 0), xs[n], base);
  };
  d.holds = [v, n, max, base](const Values& a) {
    const std::vector<long> xs = v.values(a, 0);
    std::size_t best = 0;
    for (std::size_t k = 1; k < n; ++k)
      if (max ? xs[k] > xs[best] : xs[k] < xs[best]) best = k;
    return a[n] == base + int(best);
  };
  return d;
}

Drawn draw_member(Random& r) {
  const std::size_t n = std::size_t(r.pick(1, 4));
  const Views v(r, n, r.pick(0, 2) == 0);
  Drawn d{"member " + v.show(), random_domains(r, n + 1, -2, 3), nullptr, nullptr};
  d.post = [v, n](Model& m, const std::vector<Var>& xs) { member(m, v.of(xs, 0), xs[n]); };
  d.holds = [v, n](const Values& a) {
    const std::vector<long> xs = v.values(a, 0);
    return std::find(xs.begin(), xs.end(), long(a[n])) != xs.end();
  };
  return d;
}

Drawn draw_packing(Random& r) {
  const std::size_t bins = std::size_t(r.pick(1, 3)), items = std::size_t(r.pick(1, 4));
  const int base = r.pick(0, 1);
  std::vector<int> w;
  for (std::size_t i = 0; i < items; ++i) w.push_back(r.pick(0, 4));
  std::string what = "bin_packing_load base " + std::to_string(base) + " w ";
  for (int x : w) what += std::to_string(x) + " ";
  Drawn d{what, random_domains(r, bins, 0, 7), nullptr, nullptr};
  for (std::size_t i = 0; i < items; ++i) d.domains.push_back(r.domain(base - 1, base + int(bins)));
  d.post = [=](Model& m, const std::vector<Var>& xs) {
    const std::vector<Var> load(xs.begin(), xs.begin() + std::ptrdiff_t(bins));
    const std::vector<Var> bin(xs.begin() + std::ptrdiff_t(bins), xs.end());
    bin_packing_load(m, load, bin, w, base);
  };
  d.holds = [=](const Values& a) {
    std::vector<long> sum(bins, 0);
    for (std::size_t i = 0; i < items; ++i) {
      const long b = long(a[bins + i]) - base;
      if (b < 0 || b >= long(bins)) return false;
      sum[std::size_t(b)] += w[i];
    }
    for (std::size_t b = 0; b < bins; ++b)
      if (sum[b] != a[b]) return false;
    return true;
  };
  return d;
}

Drawn draw_nvalue(Random& r) {
  const std::size_t n = std::size_t(r.pick(1, 5));
  const Views v(r, n, r.pick(0, 3) == 0);
  Drawn d{"nvalue " + v.show(), random_domains(r, n, 0, 4), nullptr, nullptr};
  d.domains.push_back(r.domain(0, 5));
  d.post = [v, n](Model& m, const std::vector<Var>& xs) { nvalue(m, v.of(xs, 0), xs[n]); };
  d.holds = [v, n](const Values& a) {
    const std::vector<long> xs = v.values(a, 0);
    return long(std::set<long>(xs.begin(), xs.end()).size()) == a[n];
  };
  return d;
}

struct Global {
  const char* name;
  Drawn (*draw)(Random&);
  std::uint32_t seed;
  contract::Strength arc, domain;  // the strength promised at the root
};

const Global globals[] = {
    {"all_different_except", draw_except, 2301, contract::Strength::sound,
     contract::Strength::domain},
    {"value_precede_chain", draw_precede, 2302, contract::Strength::domain,
     contract::Strength::domain},
    {"arg_max / arg_min", draw_arg, 2303, contract::Strength::sound, contract::Strength::sound},
    {"member", draw_member, 2304, contract::Strength::domain, contract::Strength::domain},
    {"bin_packing_load", draw_packing, 2305, contract::Strength::sound, contract::Strength::sound},
    {"nvalue", draw_nvalue, 2306, contract::Strength::sound, contract::Strength::sound},
};

/// Every level with `threads` workers finds exactly the brute-force solutions of d.
void agree(const Drawn& d, int threads, int seed) {
  const std::set<Values> expected = random_model::solutions(d.domains, d.holds);
  Model m;
  d.post(m, random_model::add_vars(m, d.domains));
  for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain}) {
    if (threads > 1 && p < Propagation::arc) continue;  // the threads share the same propagators
    SearchOptions o;
    o.propagation = p;
    o.threads = threads;
    o.val_order = seed % 2 ? ValOrder::random : ValOrder::ascending;
    o.seed = std::uint64_t(seed) + 1;
    Result r;
    std::uint64_t delivered = 0;
    const std::set<Values> got = random_model::search_all(m, o, &r, &delivered);
    INFO(d.what << " over " << show(d.domains) << " level " << int(p) << " threads " << threads);
    REQUIRE(r.complete());
    REQUIRE(got == expected);
    REQUIRE(delivered == expected.size());
  }
}

void differential(const Global& g, int threads) {
  Random r(g.seed);
  int satisfiable = 0, unsatisfiable = 0;
  const int rounds = test_scale::rounds(300);
  for (int round = 0; round < rounds; ++round) {
    const Drawn d = g.draw(r);
    const bool sat = !random_model::solutions(d.domains, d.holds).empty();
    satisfiable += sat;
    unsatisfiable += !sat;
    agree(d, threads, round);
  }
  INFO(g.name);
  CHECK(satisfiable > rounds / 4);  // the draws are neither all failures
  CHECK(unsatisfiable > 0);         // nor all trivially satisfiable
}

}  // namespace

TEST_CASE("value globals against brute force, one thread", "[globals][values]") {
  for (const Global& g : globals) differential(g, 1);
}

TEST_CASE("value globals against brute force, four threads", "[globals][values][threads]") {
  for (const Global& g : globals) differential(g, 4);
}

TEST_CASE("value globals keep the propagator contract at the root", "[globals][values][contract]") {
  for (const Global& g : globals) {
    Random r(g.seed + 100);
    for (int round = 0; round < test_scale::rounds(150); ++round) {
      const Drawn d = g.draw(r);
      const auto outcome = contract::run_contract(d.what, d.domains, d.post, d.holds);
      for (std::size_t l = 0; l < outcome.size(); ++l) {
        const contract::Outcome& o = outcome[l];
        INFO(g.name << ": " << o.what);
        REQUIRE_FALSE(o.lost);
        REQUIRE(o.idempotent);
        if (contract::levels[l] >= Propagation::arc) {
          const auto promised = contract::levels[l] == Propagation::arc ? g.arc : g.domain;
          REQUIRE(int(o.strength) >= int(promised));
        }
      }
    }
  }
}

TEST_CASE("value globals: check() is the definition", "[globals][values]") {
  for (const Global& g : globals) {
    Random r(g.seed + 200);
    for (int round = 0; round < test_scale::rounds(100); ++round) {
      const Drawn d = g.draw(r);
      Model m;
      const std::vector<Var> xs = random_model::add_vars(m, d.domains);
      d.post(m, xs);
      REQUIRE(m.num_constraints() == 1);
      const Constraint& c = *m.constraints()[0];
      random_model::for_each_assignment(d.domains, [&](const Values& a) {
        std::vector<int> scoped;
        for (Var x : c.scope()) scoped.push_back(int(x.apply(a[std::size_t(x.id)])));
        if (c.check(scoped) != d.holds(a))  // (REQUIRE on each would build the message each time)
          FAIL(g.name << ": " << d.what << " at " << contract::show({a}));
      });
    }
  }
}

TEST_CASE("value globals: hand cases", "[globals][values]") {
  SECTION("value_precede_chain 1, 2, 3 over four variables in 1..3: the set partitions") {
    Model m;  // a sequence whose values first appear in order 1, 2, 3 is a partition of 4
    const std::vector<Var> xs = m.add_vars(4, 1, 3);
    value_precede_chain(m, std::vector<int>{1, 2, 3}, xs);
    CHECK(count(m).stats.solutions == 14);  // S(4,1) + S(4,2) + S(4,3) = 1 + 7 + 6
  }
  SECTION("value_precede_chain of 70 values (sets of states beyond a word), every level") {
    Model m;
    const std::vector<Var> xs = m.add_vars(4, 1, 3);
    value_precede_chain(m, random_model::range(1, 70), xs);
    for (auto p : {Propagation::none, Propagation::forward, Propagation::arc, Propagation::domain}) {
      SearchOptions o;
      o.propagation = p;
      CHECK(count(m, o).stats.solutions == 14);
    }
  }
  SECTION("all_different_except_0: 0 repeats, nothing else does") {
    Model m;
    const std::vector<Var> xs = m.add_vars(4, 0, 2);
    all_different_except_0(m, xs);
    // choose which of the 4 take 1 and 2 (each at most once): 1 + 4 + 4 + 12 = 21
    CHECK(count(m).stats.solutions == 21);
  }
  SECTION("all_different_except at the domain level: a value every matching needs") {
    Model m;  // x0, x1 in {1, 2} need both values: x2 (which may be 0) keeps only 0 and 3
    const Var x0 = m.add_var(1, 2), x1 = m.add_var(1, 2), x2 = m.add_var(0, 3);
    all_different_except_0(m, std::vector<Var>{x0, x1, x2});
    const auto d = contract::root_domains(m, Propagation::domain);
    REQUIRE(d);
    CHECK((*d)[2] == Values{0, 3});
  }
  SECTION("all_different_except at the domain level, values spanning more than a word") {
    Model m;  // the same on values 1 and 100: x2 keeps only 0 and 200
    const std::vector<int> pair{1, 100}, wide{0, 1, 100, 200};
    const Var x0 = m.add_var(pair), x1 = m.add_var(pair), x2 = m.add_var(wide);
    all_different_except_0(m, std::vector<Var>{x0, x1, x2});
    const auto d = contract::root_domains(m, Propagation::domain);
    REQUIRE(d);
    CHECK((*d)[2] == Values{0, 200});
    CHECK(count(m).stats.solutions == 4);
  }
  SECTION("bin_packing_load: 5 items into 3 bins of exact loads 6, 6, 5") {
    Model m;
    const Var l0 = m.add_var(6, 6), l1 = m.add_var(6, 6), l2 = m.add_var(5, 5);
    const std::vector<Var> bin = m.add_vars(5, 1, 3);
    bin_packing_load(m, std::vector<Var>{l0, l1, l2}, bin, std::vector<int>{4, 3, 3, 5, 2});
    // bin 3 holds {5} (a 3 with the 2 leaves 4, 3, 5, which make no 6); then {4, 2} and
    // {3, 3} in either order
    CHECK(count(m).stats.solutions == 2);
  }
  SECTION("arg_max picks the first maximum, arg_min the first minimum") {
    Model m;
    const Var a = m.add_var(3, 3), b = m.add_var(5, 5), c = m.add_var(5, 5), d = m.add_var(3, 3);
    const Var i = m.add_var(0, 9), j = m.add_var(0, 9);
    arg_max(m, std::vector<Var>{a, b, c, d}, i, 1);
    arg_min(m, std::vector<Var>{a, b, c, d}, j, 0);
    const auto s = solve_first(m);
    REQUIRE(s);
    CHECK((*s)[i] == 2);
    CHECK((*s)[j] == 0);
  }
  SECTION("member: y keeps the values of the union, a single candidate is tied to y") {
    Model m;
    const Var x0 = m.add_var(1, 2), x1 = m.add_var(5, 6), y = m.add_var(0, 5);
    member(m, std::vector<Var>{x0, x1}, y);
    const auto d = contract::root_domains(m, Propagation::arc);
    REQUIRE(d);
    CHECK((*d)[2] == Values{1, 2, 5});
  }
  SECTION("post-time errors") {
    Model m;
    const std::vector<Var> xs = m.add_vars(3, 0, 3);
    CHECK_THROWS_AS(value_precede_chain(m, std::vector<int>{1, 2, 1}, xs), ModelError);
    CHECK_THROWS_AS(value_precede(m, 2, 2, xs), ModelError);
    CHECK_THROWS_AS(arg_max(m, std::vector<Var>{}, xs[0]), ModelError);
    CHECK_THROWS_AS(member(m, std::vector<Var>{}, xs[0]), ModelError);
    CHECK_THROWS_AS(bin_packing_load(m, xs, xs, std::vector<int>{1, 2}), ModelError);
    CHECK_THROWS_AS(bin_packing_load(m, xs, xs, std::vector<int>{1, -2, 3}), ModelError);
  }
}
