// FlatZinc builtins against brute force, the graph globals of the mznlib (builtins/graph.cpp):
// libsolve_circuit, libsolve_subcircuit, libsolve_inverse, with their index bases, a constant
// now and then where a variable may stand, and a variable named twice, counted at every
// propagation level.
#include "builtins.hpp"

#include <set>

namespace {

using fzn_builtins::Arg;
using fzn_builtins::Case;
using fzn_builtins::Gen;
using fzn_builtins::Instance;
using fzn_builtins::Values;

/// The successors s (node i is base + i) form one cycle through every node (sub: through the
/// nodes with s[i] != base + i, or none).
bool cycle(const std::vector<long long>& s, long long base, bool sub) {
  const long long n = (long long)s.size();
  std::vector<long long> in;
  for (long long i = 0; i < n; ++i) {
    if (s[std::size_t(i)] < base || s[std::size_t(i)] >= base + n) return false;
    if (s[std::size_t(i)] - base != i) in.push_back(i);
  }
  if (!sub && n == 1) return true;
  if (!sub && (long long)in.size() != n) return false;
  if (in.empty()) return true;
  std::set<long long> seen;
  long long at = in[0];
  for (std::size_t k = 0; k < in.size(); ++k) {
    if (!seen.insert(at).second) return false;
    at = s[std::size_t(at)] - base;
  }
  return at == in[0];
}

/// n successor arguments, written as an array; now and then the first variable twice.
std::string successors(Gen& g, Instance& in, std::vector<Arg>& xs, int n) {
  std::vector<std::string> parts;
  for (int i = 0; i < n; ++i) {
    if (i == 1 && xs[0].var >= 0 && g.uniform(0, 6) == 0) {
      xs.push_back(xs[0]);
      parts.push_back(parts[0]);
      continue;
    }
    std::string t;
    xs.push_back(fzn_builtins::int_arg(g, in, t));
    parts.push_back(t);
  }
  return fmt::format("[{}]", fmt::join(parts, ", "));
}

std::vector<Case> graph_builtins() {
  std::vector<Case> cs;
  for (const bool sub : {false, true}) {
    cs.push_back({sub ? "libsolve_subcircuit" : "libsolve_circuit", [sub](Gen& g) {
                    Instance in;
                    std::vector<Arg> xs;
                    const std::string txs = successors(g, in, xs, g.uniform(1, 4));
                    const long long base = g.uniform(-2, 1);
                    in.constraint = fmt::format(
                        "{}({}, {})", sub ? "libsolve_subcircuit" : "libsolve_circuit", txs, base);
                    in.holds = [=](const Values& v) {
                      std::vector<long long> s;
                      for (const Arg& x : xs) s.push_back(x(v));
                      return cycle(s, base, sub);
                    };
                    return in;
                  }});
  }
  cs.push_back({"libsolve_inverse", [](Gen& g) {
                  Instance in;
                  std::string tf, tg;
                  const int nf = g.uniform(1, 3), ng = g.uniform(0, 5) == 0 ? g.uniform(1, 3) : nf;
                  const std::vector<Arg> f = fzn_builtins::int_args(g, in, tf, nf);
                  const std::vector<Arg> gs = fzn_builtins::int_args(g, in, tg, ng);
                  const long long bf = g.uniform(-1, 1), bg = g.uniform(-1, 1);
                  in.constraint = fmt::format("libsolve_inverse({}, {}, {}, {})", tf, tg, bf, bg);
                  in.holds = [=](const Values& v) {
                    for (int i = 0; i < nf; ++i)
                      if (f[std::size_t(i)](v) < bg || f[std::size_t(i)](v) >= bg + ng)
                        return false;
                    for (int j = 0; j < ng; ++j)
                      if (gs[std::size_t(j)](v) < bf || gs[std::size_t(j)](v) >= bf + nf)
                        return false;
                    for (int i = 0; i < nf; ++i)
                      for (int j = 0; j < ng; ++j)
                        if ((f[std::size_t(i)](v) == bg + j) != (gs[std::size_t(j)](v) == bf + i))
                          return false;
                    return true;
                  };
                  return in;
                }});
  return cs;
}

}  // namespace

TEST_CASE("graph globals count as many solutions as brute force, at every propagation level",
          "[fzn][builtins]") {
  const solve::Propagation levels[] = {solve::Propagation::none, solve::Propagation::forward,
                                       solve::Propagation::arc, solve::Propagation::domain};
  std::uint64_t seed = 2300;
  int with_solutions = 0;
  for (const Case& c : graph_builtins()) {
    for (int k = 0; k < 120; ++k) {
      Gen g(seed++);
      const Instance in = c.make(g);
      const std::string text = fzn_builtins::fzn_text(in);
      const std::uint64_t expected = fzn_builtins::brute_force(in);
      with_solutions += expected > 0;
      for (const solve::Propagation level : levels) {
        INFO(c.name << " at level " << int(level) << ":\n" << text);
        REQUIRE(fzn_builtins::libsolve_count(text, level) == expected);
      }
    }
  }
  CHECK(with_solutions >= 40);
}
