// FlatZinc builtins against brute force, the value globals (builtins/values.cpp): nvalue,
// bin_packing_load, alldifferent_except(_0), value_precede(_chain), maximum_arg /
// minimum_arg (with and without the first index), member. Each instance is counted at every
// propagation level; the meanings below follow MiniZinc's std/fzn_*.mzn decompositions, also
// where libsolve refuses the call and the builtin's relation takes it (a chain listing a
// value twice, value_precede(s, s, x)).
#include "builtins.hpp"

#include <algorithm>
#include <map>

namespace {

using namespace fzn_builtins;

std::string ints(const std::vector<long long>& v) { return fmt::format("[{}]", fmt::join(v, ", ")); }

std::vector<Case> value_builtins() {
  std::vector<Case> cs;
  cs.push_back({"fzn_nvalue", [](Gen& g) {
                  Instance in;
                  std::string tn, txs;
                  const Arg n = int_arg(g, in, tn);
                  const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(0, 4));
                  in.constraint = fmt::format("fzn_nvalue({}, {})", tn, txs);
                  in.holds = [=](const Values& v) {
                    std::set<long long> seen;
                    for (const Arg& x : xs) seen.insert(x(v));
                    return (long long)(seen.size()) == n(v);
                  };
                  return in;
                }});
  for (const bool with_base : {false, true})
    cs.push_back({with_base ? "libsolve_bin_packing_load" : "fzn_bin_packing_load", [=](Gen& g) {
                    Instance in;
                    std::string tload, tbin, tw;
                    const int bins = g.uniform(1, 3), items = g.uniform(0, 4);
                    const long long base = with_base ? g.uniform(-1, 2) : 1;
                    // domains near the answer (int_args' would make most instances fail)
                    const auto vars = [&](int n, int lo, int hi, std::string& text) {
                      std::vector<Arg> out;
                      std::vector<std::string> names;
                      for (int i = 0; i < n; ++i) {
                        in.domains.emplace_back(lo, hi - g.uniform(0, 1));
                        in.is_bool.push_back(false);
                        out.push_back(Arg{int(in.domains.size() - 1), 0});
                        names.push_back(fmt::format("x{}", in.domains.size() - 1));
                      }
                      text = fmt::format("[{}]", fmt::join(names, ", "));
                      return out;
                    };
                    const std::vector<Arg> load = vars(bins, 0, 6, tload);
                    const std::vector<Arg> bin = vars(items, int(base) - 1, int(base) + bins, tbin);
                    const std::vector<long long> w = constants(g, items, 0, 3, tw);
                    if (items == 0) tw = "[]";
                    in.constraint =
                        with_base ? fmt::format("libsolve_bin_packing_load({}, {}, {}, {})", tload,
                                                tbin, tw, base)
                                  : fmt::format("fzn_bin_packing_load({}, {}, {})", tload, tbin, tw);
                    in.holds = [=](const Values& v) {
                      std::vector<long long> sum(std::size_t(bins), 0);
                      for (std::size_t i = 0; i < bin.size(); ++i) {
                        const long long b = bin[i](v) - base;
                        if (b < 0 || b >= bins) return false;
                        sum[std::size_t(b)] += w[i];
                      }
                      for (std::size_t b = 0; b < load.size(); ++b)
                        if (sum[b] != load[b](v)) return false;
                      return true;
                    };
                    return in;
                  }});
  for (const bool zero : {true, false})
    cs.push_back({zero ? "fzn_alldifferent_except_0" : "fzn_alldifferent_except", [=](Gen& g) {
                    Instance in;
                    std::string txs, ts;
                    const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(0, 4));
                    std::set<long long> except{0};
                    if (!zero) {
                      except.clear();
                      const int lo = g.uniform(-2, 3), hi = lo + g.uniform(-1, 2);
                      for (int v = lo; v <= hi; ++v) except.insert(v);
                      ts = fmt::format("{}..{}", lo, hi);
                    }
                    in.constraint = zero ? fmt::format("fzn_alldifferent_except_0({})", txs)
                                         : fmt::format("fzn_alldifferent_except({}, {})", txs, ts);
                    in.holds = [=](const Values& v) {
                      std::set<long long> seen;
                      for (const Arg& x : xs)
                        if (!except.count(x(v)) && !seen.insert(x(v)).second) return false;
                      return true;
                    };
                    return in;
                  }});
  cs.push_back({"fzn_value_precede_int", [](Gen& g) {
                  Instance in;
                  std::string txs;
                  const long long s = g.uniform(-1, 2), t = g.uniform(-1, 2);  // s == t at times
                  const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(0, 4));
                  in.constraint = fmt::format("fzn_value_precede_int({}, {}, {})", s, t, txs);
                  in.holds = [=](const Values& v) {  // the decomposition's Booleans b[i]
                    bool seen_s = false;
                    for (const Arg& x : xs) {
                      if (!seen_s && x(v) == t) return false;
                      seen_s = seen_s || x(v) == s;
                    }
                    return true;
                  };
                  return in;
                }});
  cs.push_back({"fzn_value_precede_chain_int", [](Gen& g) {
                  Instance in;
                  std::string tc, txs;
                  // usually distinct values; a repeat now and then (the relation takes it)
                  std::vector<long long> chain = constants(g, g.uniform(0, 4), -2, 3, tc);
                  if (g.uniform(0, 2) > 0) {
                    std::sort(chain.begin(), chain.end());
                    chain.erase(std::unique(chain.begin(), chain.end()), chain.end());
                    std::shuffle(chain.begin(), chain.end(), std::mt19937(unsigned(g.uniform(0, 99))));
                    tc = ints(chain);
                  }
                  if (chain.empty()) tc = "[]";
                  const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(0, 4));
                  in.constraint = fmt::format("fzn_value_precede_chain_int({}, {})", tc, txs);
                  in.holds = [=](const Values& v) {  // fzn_value_precede_chain_int.mzn
                    std::map<long long, long long> p;
                    for (std::size_t i = 0; i < chain.size(); ++i) p[chain[i]] += (long long)(i) + 1;
                    long long h = 0;
                    for (const Arg& x : xs) {
                      const long long y = p.count(x(v)) ? p[x(v)] : 0;
                      if (y > (long long)(chain.size()) || y > h + 1) return false;
                      h = std::max(h, y);
                    }
                    return true;
                  };
                  return in;
                }});
  for (const bool max : {true, false})
    for (const bool boolean : {false, true})
      for (const bool with_base : {false, true}) {
        const std::string name = std::string(with_base ? "libsolve_" : "fzn_") +
                                 (max ? "maximum" : "minimum") + "_arg_" +
                                 (boolean ? "bool" : "int");
        cs.push_back({name, [=](Gen& g) {
                        Instance in;
                        std::string txs, tz;
                        const std::vector<Arg> xs = boolean ? bool_args(g, in, txs, g.uniform(1, 4))
                                                            : int_args(g, in, txs, g.uniform(1, 4));
                        const long long base = with_base ? g.uniform(-1, 2) : 1;
                        const Arg z = int_arg(g, in, tz);
                        in.constraint = with_base ? fmt::format("{}({}, {}, {})", name, txs, base, tz)
                                                  : fmt::format("{}({}, {})", name, txs, tz);
                        in.holds = [=](const Values& v) {
                          std::size_t best = 0;
                          for (std::size_t k = 1; k < xs.size(); ++k)
                            if (max ? xs[k](v) > xs[best](v) : xs[k](v) < xs[best](v)) best = k;
                          return z(v) == base + (long long)(best);
                        };
                        return in;
                      }});
      }
  for (const bool boolean : {false, true})
    cs.push_back({boolean ? "fzn_member_bool" : "fzn_member_int", [=](Gen& g) {
                    Instance in;
                    std::string txs, ty;
                    const std::vector<Arg> xs = boolean ? bool_args(g, in, txs, g.uniform(0, 4))
                                                        : int_args(g, in, txs, g.uniform(0, 4));
                    const Arg y = boolean ? bool_arg(g, in, ty) : int_arg(g, in, ty);
                    in.constraint =
                        fmt::format("{}({}, {})", boolean ? "fzn_member_bool" : "fzn_member_int", txs, ty);
                    in.holds = [=](const Values& v) {
                      for (const Arg& x : xs)
                        if (x(v) == y(v)) return true;
                      return false;
                    };
                    return in;
                  }});
  return cs;
}

}  // namespace

TEST_CASE("value globals count as many solutions as brute force, at every propagation level",
          "[fzn][builtins]") {
  const solve::Propagation levels[] = {solve::Propagation::none, solve::Propagation::forward,
                                       solve::Propagation::arc, solve::Propagation::domain};
  std::uint64_t seed = 2300;
  for (const Case& c : value_builtins()) {
    int satisfiable = 0;
    for (int k = 0; k < 60; ++k) {
      Gen g(seed++);
      const Instance in = c.make(g);
      const std::string text = fzn_text(in);
      const std::uint64_t expected = brute_force(in);
      satisfiable += expected > 0;
      for (const solve::Propagation level : levels) {
        INFO(c.name << " at level " << int(level) << ":\n" << text);
        REQUIRE(libsolve_count(text, level) == expected);
      }
    }
    INFO(c.name);
    CHECK(satisfiable > 10);
  }
}
