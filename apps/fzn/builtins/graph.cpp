// Graph globals that the mznlib (share/minizinc/libsolve/) declares native, with libsolve's
// propagators (solve/graph.hpp): libsolve_circuit(x, base), libsolve_subcircuit(x, base) and
// libsolve_inverse(f, invf, base_f, base_invf). FlatZinc arrays start at 1, so the mznlib
// passes each array's first index (the node that x[1] stands for). Not reifiable: MiniZinc's
// own circuit_reif and subcircuit_reif abort, and inverse_reif keeps its decomposition.
#include <set>

#include <solve/graph.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

/// The argument k, a constant that fits an int (a base beyond int leaves no node in range).
int base_of(const Call& c, std::size_t k) {
  const std::int64_t b = c.integer(k);
  if (!fits_int(b)) c.fail_arg(k, "index base beyond 32 bits");
  return int(b);
}

/// True when a variable appears twice among the terms (they then cannot differ: the
/// successors of two nodes, or two entries of an inverse, never may be equal).
bool repeats(const std::vector<solve::Var>& vars) {
  std::vector<std::int32_t> ids;
  for (const solve::Var x : vars) ids.push_back(x.id);
  std::sort(ids.begin(), ids.end());
  return std::adjacent_find(ids.begin(), ids.end()) != ids.end();
}

// ---- circuit and subcircuit ----

/// x[i] == base + j: node j follows node i; one cycle through every node (Sub: through the
/// nodes with x[i] != base + i, or none).
template <bool Sub>
CheckFn circuit(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const std::int64_t base = c.integer(1);
  return [xs, base](const Valuation& v) {
    const std::int64_t n = std::int64_t(xs.size());
    std::int64_t in = 0, start = -1;
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t j = v[xs[std::size_t(i)]] - base;
      if (j < 0 || j >= n) return false;
      if (j != i && start < 0) start = i;
      in += j != i;
    }
    if (in == 0) return Sub || n <= 1;  // no node (nothing to visit) or one with x[0] = base
    if (!Sub && in != n) return false;
    std::int64_t at = start;
    for (std::int64_t step = 1; step <= in; ++step) {
      at = v[xs[std::size_t(at)]] - base;
      if (at == start) return step == in;
      if (v[xs[std::size_t(at)]] - base == at) return false;  // a node that is out
    }
    return false;
  };
}
template <bool Sub>
void post_circuit(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<solve::Var> xs = ctx.vars(c.terms(0));
  const int base = base_of(c, 1);
  if (repeats(xs)) return ctx.post_false();
  if (Sub) solve::subcircuit(ctx.model(), xs, base);
  else solve::circuit(ctx.model(), xs, base);
}

// ---- inverse ----

/// f[i] == base_g + j <=> g[j] == base_f + i, every value within the other's index set.
CheckFn inverse(const Call& c, CheckScope& s) {
  const std::vector<Slot> f = s.slots(c.terms(0)), g = s.slots(c.terms(1));
  const std::int64_t base_f = c.integer(2), base_g = c.integer(3);
  return [f, g, base_f, base_g](const Valuation& v) {
    for (std::size_t i = 0; i < f.size(); ++i) {
      const std::int64_t j = v[f[i]] - base_g;
      if (j < 0 || j >= std::int64_t(g.size()) || v[g[std::size_t(j)]] - base_f != std::int64_t(i))
        return false;
    }
    for (std::size_t j = 0; j < g.size(); ++j) {
      const std::int64_t i = v[g[j]] - base_f;
      if (i < 0 || i >= std::int64_t(f.size()) || v[f[std::size_t(i)]] - base_g != std::int64_t(j))
        return false;
    }
    return true;
  };
}
void post_inverse(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<solve::Var> f = ctx.vars(c.terms(0)), g = ctx.vars(c.terms(1));
  const int base_f = base_of(c, 2), base_g = base_of(c, 3);
  if (repeats(f) || repeats(g)) return ctx.post_false();
  solve::inverse(ctx.model(), f, g, base_f, base_g);
}

constexpr Builtin table_[] = {
    {"libsolve_circuit", 2, post_circuit<false>, nullptr, circuit<false>},
    {"libsolve_subcircuit", 2, post_circuit<true>, nullptr, circuit<true>},
    {"libsolve_inverse", 4, post_inverse, nullptr, inverse},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> graph_builtins() { return builtins::table_; }
}  // namespace fzn
