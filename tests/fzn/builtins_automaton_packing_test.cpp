// FlatZinc builtins against brute force, the automaton and packing globals of the mznlib:
// fzn_regular, fzn_regular_set, libsolve_regular_nfa, fzn_cost_regular, fzn_diffn,
// fzn_diffn_nonstrict, libsolve_diffn_k, libsolve_diffn_nonstrict_k (random small instances
// written as FlatZinc, counted at every propagation level; the meaning written out here from
// MiniZinc's decompositions). Also the fallback: a call libsolve cannot take (a size beyond
// 32 bits) goes through the builtin's test.
#include "builtins.hpp"

namespace {

using namespace fzn_builtins;

/// A random transition table: Q rows of S entries in 0..Q (0: none).
std::vector<long long> random_table(Gen& g, int q, int s, std::string& text) {
  std::vector<long long> d;
  for (int k = 0; k < q * s; ++k) d.push_back(g.uniform(0, 3) ? g.uniform(1, q) : 0);
  text = fmt::format("[{}]", fmt::join(d, ", "));
  return d;
}

/// A set of states of 1..q as a FlatZinc set literal.
std::vector<int> random_states(Gen& g, int q, std::string& text) {
  std::vector<int> f;
  for (int s = 1; s <= q; ++s)
    if (g.coin()) f.push_back(s);
  text = fmt::format("{{{}}}", fmt::join(f, ", "));
  return f;
}

/// n new variables over the symbols lo..hi (each over a part of it, sometimes a value
/// beyond), written as an array literal.
std::vector<Arg> word(Gen& g, Instance& in, std::string& text, int n, int lo, int hi) {
  std::vector<Arg> out;
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) {
    const int a = g.uniform(lo - 1, hi);
    in.domains.emplace_back(a, std::min(a + g.uniform(0, 2), hi + (g.uniform(0, 3) == 0)));
    in.is_bool.push_back(false);
    names.push_back(fmt::format("x{}", in.domains.size() - 1));
    out.push_back(Arg{int(in.domains.size() - 1), 0});
  }
  text = fmt::format("[{}]", fmt::join(names, ", "));
  return out;
}

bool member(const std::vector<int>& set, long long v) {
  return std::find(set.begin(), set.end(), v) != set.end();
}

std::vector<Case> cases() {
  std::vector<Case> cs;
  for (const bool as_set : {false, true}) {
    cs.push_back({as_set ? "fzn_regular_set" : "fzn_regular", [as_set](Gen& g) {
                    Instance in;
                    std::string txs, td, tf;
                    const int q = g.uniform(1, 4), s = g.uniform(1, 3);
                    const int first = as_set ? g.uniform(-2, 1) : 1;  // the symbols first..first+s-1
                    const std::vector<Arg> xs = word(g, in, txs, g.uniform(1, 4), first, first + s - 1);
                    const std::vector<long long> d = random_table(g, q, s, td);
                    const int q0 = g.uniform(1, q);
                    const std::vector<int> f = random_states(g, q, tf);
                    const std::string symbols =
                        as_set ? fmt::format("{}..{}", first, first + s - 1) : fmt::format("{}", s);
                    in.constraint = fmt::format("{}({}, {}, {}, {}, {}, {})",
                                                as_set ? "fzn_regular_set" : "fzn_regular", txs, q,
                                                symbols, td, q0, tf);
                    in.holds = [=](const Values& v) {
                      long long state = q0;
                      for (const Arg& x : xs) {
                        const long long col = x(v) - first;
                        if (col < 0 || col >= s) return false;
                        state = d[std::size_t((state - 1) * s + col)];
                        if (state == 0) return false;
                      }
                      return member(f, state);
                    };
                    return in;
                  }});
  }
  cs.push_back({"libsolve_regular_nfa", [](Gen& g) {
                  Instance in;
                  std::string txs, tf;
                  const int q = g.uniform(1, 3);
                  const std::vector<Arg> xs = word(g, in, txs, g.uniform(1, 4), 0, 2);
                  std::vector<long long> t;  // (from, symbol, to) triples, symbols in 0..2
                  for (int k = g.uniform(0, 9); k > 0; --k)
                    for (const long long e : {g.uniform(1, q), g.uniform(0, 2), g.uniform(1, q)})
                      t.push_back(e);
                  const int q0 = g.uniform(1, q);
                  const std::vector<int> f = random_states(g, q, tf);
                  in.constraint = fmt::format("libsolve_regular_nfa({}, {}, [{}], {}, {})", txs, q,
                                              fmt::join(t, ", "), q0, tf);
                  in.holds = [=](const Values& v) {
                    std::set<long long> now{q0};
                    for (const Arg& x : xs) {
                      std::set<long long> next;
                      for (std::size_t k = 0; k < t.size(); k += 3)
                        if (now.count(t[k]) && t[k + 1] == x(v)) next.insert(t[k + 2]);
                      now = next;
                    }
                    for (const long long s : now)
                      if (member(f, s)) return true;
                    return false;
                  };
                  return in;
                }});
  cs.push_back({"fzn_cost_regular", [](Gen& g) {
                  Instance in;
                  std::string txs, td, tf, tc, ttotal;
                  const int q = g.uniform(1, 3), s = g.uniform(1, 3);
                  const std::vector<Arg> xs = word(g, in, txs, g.uniform(0, 3), 1, s);
                  const std::vector<long long> d = random_table(g, q, s, td);
                  const std::vector<long long> c = constants(g, q * s, -2, 3, tc);
                  const int q0 = g.uniform(1, q);
                  const std::vector<int> f = random_states(g, q, tf);
                  Arg total = int_arg(g, in, ttotal);
                  if (total.var >= 0) in.domains.back() = {-3, 6};  // where the sums lie
                  in.constraint = fmt::format("fzn_cost_regular({}, {}, {}, {}, {}, {}, {}, {})",
                                              txs, q, s, td, q0, tf, tc, ttotal);
                  in.holds = [=](const Values& v) {
                    long long state = q0, sum = 0;
                    for (const Arg& x : xs) {
                      if (x(v) < 1 || x(v) > s) return false;
                      const std::size_t at = std::size_t((state - 1) * s + x(v) - 1);
                      sum += c[at];
                      state = d[at];
                      if (state == 0) return false;
                    }
                    return member(f, state) && sum == total(v);
                  };
                  return in;
                }});
  for (const bool strict : {true, false}) {
    cs.push_back({strict ? "fzn_diffn" : "fzn_diffn_nonstrict", [strict](Gen& g) {
                    Instance in;
                    std::string tx, ty, tdx, tdy;
                    const int n = g.uniform(0, 3);
                    const std::vector<Arg> x = int_args(g, in, tx, n), y = int_args(g, in, ty, n),
                                           dx = int_args(g, in, tdx, n), dy = int_args(g, in, tdy, n);
                    in.constraint = fmt::format("{}({}, {}, {}, {})",
                                                strict ? "fzn_diffn" : "fzn_diffn_nonstrict", tx,
                                                ty, tdx, tdy);
                    in.holds = [=](const Values& v) {
                      for (int i = 0; i < n; ++i)
                        for (int j = i + 1; j < n; ++j) {
                          const auto a = std::size_t(i), b = std::size_t(j);
                          if (!strict && (dx[a](v) == 0 || dy[a](v) == 0 || dx[b](v) == 0 ||
                                          dy[b](v) == 0))
                            continue;
                          if (!(x[a](v) + dx[a](v) <= x[b](v) || x[b](v) + dx[b](v) <= x[a](v) ||
                                y[a](v) + dy[a](v) <= y[b](v) || y[b](v) + dy[b](v) <= y[a](v)))
                            return false;
                        }
                      return true;
                    };
                    return in;
                  }});
  }
  for (const bool strict : {true, false}) {
    const std::string name = strict ? "libsolve_diffn_k" : "libsolve_diffn_nonstrict_k";
    cs.push_back({name, [strict, name](Gen& g) {
                    Instance in;
                    std::string tp, ts;
                    // (3 dimensions: tests/csp/globals_packing_test.cpp; here brute force
                    // over 8 variables at most)
                    const int k = g.uniform(1, 2), n = g.uniform(0, 4 / k);
                    const std::vector<Arg> p = int_args(g, in, tp, n * k), d = int_args(g, in, ts, n * k);
                    in.constraint = fmt::format("{}({}, {}, {})", name, tp, ts, k);
                    in.holds = [=](const Values& v) {
                      for (int i = 0; i < n; ++i)
                        for (int j = i + 1; j < n; ++j) {
                          bool apart = false;
                          for (int a = 0; a < k; ++a) {
                            const auto ia = std::size_t(i * k + a), ja = std::size_t(j * k + a);
                            apart = apart || p[ia](v) + d[ia](v) <= p[ja](v) ||
                                    p[ja](v) + d[ja](v) <= p[ia](v) ||
                                    (!strict && (d[ia](v) == 0 || d[ja](v) == 0));
                          }
                          if (!apart) return false;
                        }
                      return true;
                    };
                    return in;
                  }});
  }
  return cs;
}

}  // namespace

TEST_CASE("automaton and packing globals count as many solutions as brute force",
          "[fzn][builtins]") {
  const solve::Propagation levels[] = {solve::Propagation::none, solve::Propagation::forward,
                                       solve::Propagation::arc, solve::Propagation::domain};
  std::uint64_t seed = 230000;
  for (const Case& c : cases()) {
    int with = 0;
    for (int k = 0; k < 60; ++k) {
      Gen g(seed++);
      const Instance in = c.make(g);
      const std::string text = fzn_text(in);
      const std::uint64_t expected = brute_force(in);
      with += expected > 0;
      for (const solve::Propagation level : levels) {
        INFO(c.name << " at level " << int(level) << ":\n" << text);
        REQUIRE(libsolve_count(text, level) == expected);
      }
    }
    INFO(c.name);
    CHECK(with >= 8);  // the draws must not be all unsatisfiable
  }
}

TEST_CASE("automaton and packing globals beyond 32 bits go through their test",
          "[fzn][builtins]") {
  // the second rectangle is 10^10 wide: libsolve cannot take it, the decomposition's test can
  CHECK(libsolve_count("var 0..3: x;\nvar 0..1: y;\n"
                       "constraint fzn_diffn([x, -5], [y, 0], [1, 9999999999], [1, 1]);\n"
                       "solve satisfy;\n",
                       solve::Propagation::domain) == 4);  // y = 1 only: 4 values of x
  // a cost beyond 2^40 (libsolve's bound on costs): only the word 1 1 costs at most 10
  CHECK(libsolve_count("var 1..2: a;\nvar 1..2: b;\nvar 0..10: c;\n"
                       "constraint fzn_cost_regular([a, b], 1, 2, [1, 1], 1, {1}, "
                       "[1, 4000000000000], c);\nsolve satisfy;\n",
                       solve::Propagation::domain) == 1);
}
