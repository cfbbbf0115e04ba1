// The value globals that the mznlib (share/minizinc/libsolve/) declares native, with
// libsolve's propagators (solve/values.hpp, solve/counting.hpp, solve/packing_load.hpp):
// nvalue, bin_packing_load, alldifferent_except(_0), value_precede(_chain), arg_max /
// arg_min (maximum_arg / minimum_arg), member. Each relation is MiniZinc's definition (its
// std/fzn_*.mzn decomposition); it is the fallback where libsolve refuses the call (values
// beyond 32 bits, a chain that lists a value twice).
//
// MiniZinc's arg_max and bin_packing_load depend on an array's index set, which FlatZinc
// flattens to 1..n: the mznlib passes its first index as an extra argument to
// libsolve_maximum_arg_int / libsolve_bin_packing_load and the like; the fzn_ names are also
// taken directly, with the index set 1..n.
#include <climits>
#include <map>
#include <set>

#include <solve/counting.hpp>
#include <solve/error.hpp>
#include <solve/packing_load.hpp>
#include <solve/values.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

/// A constant argument as an int (ModelError beyond 32 bits: the relation takes it).
int to_int(std::int64_t v, const char* what) {
  if (!fits_int(v)) throw solve::ModelError(std::string(what) + " beyond 32 bits");
  return int(v);
}

// ---- nvalue(n, x) ----

CheckFn nvalue(const Call& c, CheckScope& s) {
  const Slot n = s.slot(c.term(0));
  const std::vector<Slot> xs = s.slots(c.terms(1));
  return [n, xs](const Valuation& v) {
    std::set<std::int64_t> seen;
    for (const Slot x : xs) seen.insert(v[x]);
    return std::int64_t(seen.size()) == v[n];
  };
}
void post_nvalue(const Call& c) {
  Context& ctx = c.ctx();
  solve::nvalue(ctx.model(), ctx.vars(c.terms(1)), ctx.var(c.term(0)));
}

// ---- bin_packing_load(load, bin, w[, first index of load]) ----

std::int64_t first_bin(const Call& c) { return c.size() > 3 ? c.integer(3) : 1; }

CheckFn bin_packing_load(const Call& c, CheckScope& s) {
  const std::vector<Slot> load = s.slots(c.terms(0)), bin = s.slots(c.terms(1));
  const std::vector<std::int64_t> w = c.integers(2);
  const std::int64_t base = first_bin(c);
  if (bin.size() != w.size())
    c.fail(fmt::format("{} items but {} weights", bin.size(), w.size()));
  return [load, bin, w, base](const Valuation& v) {
    std::vector<Wide> sum(load.size(), 0);
    for (std::size_t i = 0; i < bin.size(); ++i) {
      const Wide b = Wide(v[bin[i]]) - base;
      if (b < 0 || b >= Wide(load.size())) return false;
      sum[std::size_t(b)] += w[i];
    }
    for (std::size_t b = 0; b < load.size(); ++b)
      if (sum[b] != v[load[b]]) return false;
    return true;
  };
}
void post_bin_packing_load(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> load = c.terms(0), bin = c.terms(1);
  const std::vector<std::int64_t> w = c.integers(2);
  if (bin.size() != w.size()) c.fail(fmt::format("{} items but {} weights", bin.size(), w.size()));
  std::vector<int> weights;
  for (const std::int64_t x : w) weights.push_back(to_int(x, "a weight"));
  // (negative weights, no bins, sums past 2^31: ModelError, the relation takes them)
  solve::bin_packing_load(ctx.model(), ctx.vars(load), ctx.vars(bin), weights,
                          to_int(first_bin(c), "the first bin"));
}

// ---- alldifferent_except(vs, S), alldifferent_except_0(vs) ----

template <bool Zero>
CheckFn except(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const SetTest excepted(Zero ? IntSet{true, 0, 0, {}} : c.set(1));
  return [xs, excepted](const Valuation& v) {
    std::set<std::int64_t> seen;
    for (const Slot x : xs)
      if (!excepted(v[x]) && !seen.insert(v[x]).second) return false;
    return true;
  };
}
template <bool Zero>
void post_except(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> xs = c.terms(0);
  const std::vector<solve::Var> vars = ctx.vars(xs);
  if (Zero) return solve::all_different_except_0(ctx.model(), vars);
  // the values of S that some x can take (S itself may be a huge range)
  const IntSet set = c.set(1);
  std::set<int> values;
  for (const solve::Var x : vars)
    for (const int v : values_in_domain(ctx.model(), x, set)) values.insert(v);
  const std::vector<int> listed(values.begin(), values.end());
  solve::all_different_except(ctx.model(), vars, listed);
}

// ---- value_precede(s, t, x), value_precede_chain(T, X) ----

/// MiniZinc's value_precede: no t before the first s (so with s == t, no s at all).
CheckFn precede(const Call& c, CheckScope& sc) {
  const std::int64_t s = c.integer(0), t = c.integer(1);
  const std::vector<Slot> xs = sc.slots(c.terms(2));
  return [s, t, xs](const Valuation& v) {
    for (const Slot x : xs) {
      if (v[x] == t) return false;
      if (v[x] == s) return true;
    }
    return true;
  };
}
void post_precede(const Call& c) {
  Context& ctx = c.ctx();
  solve::value_precede(ctx.model(), to_int(c.integer(0), "s"), to_int(c.integer(1), "t"),
                       ctx.vars(c.terms(2)));
}

/// MiniZinc's value_precede_chain (fzn_value_precede_chain_int.mzn): each x maps to the sum
/// of the (1-based) positions of T that hold its value, 0 for none, and those numbers must
/// satisfy seq_precede_chain (each at most one above the largest before it). For T without
/// repeats: c_{j+1} only after c_j's first occurrence.
CheckFn precede_chain(const Call& c, CheckScope& s) {
  const std::vector<std::int64_t> chain = c.integers(0);
  const std::vector<Slot> xs = s.slots(c.terms(1));
  std::map<std::int64_t, std::int64_t> position;
  for (std::size_t i = 0; i < chain.size(); ++i) position[chain[i]] += std::int64_t(i) + 1;
  const auto n = std::int64_t(chain.size());
  return [position, xs, n](const Valuation& v) {
    std::int64_t highest = 0;
    for (const Slot x : xs) {
      const auto it = position.find(v[x]);
      const std::int64_t y = it == position.end() ? 0 : it->second;
      if (y > n || y > highest + 1) return false;
      highest = std::max(highest, y);
    }
    return true;
  };
}
void post_precede_chain(const Call& c) {
  Context& ctx = c.ctx();
  std::vector<int> chain;
  for (const std::int64_t v : c.integers(0)) chain.push_back(to_int(v, "a chain value"));
  // a value listed twice: ModelError, the relation takes it
  solve::value_precede_chain(ctx.model(), chain, ctx.vars(c.terms(1)));
}

// ---- maximum_arg / minimum_arg (x, [first index,] z) ----

template <bool Max>
CheckFn arg(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const bool with_base = c.size() > 2;
  const std::int64_t base = with_base ? c.integer(1) : 1;
  const Slot z = s.slot(c.term(with_base ? 2 : 1));
  if (xs.empty()) c.fail("an empty array");
  return [xs, base, z](const Valuation& v) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < xs.size(); ++k)
      if (Max ? v[xs[k]] > v[xs[best]] : v[xs[k]] < v[xs[best]]) best = k;
    return Wide(v[z]) == Wide(base) + Wide(best);
  };
}
template <bool Max>
void post_arg(const Call& c) {
  Context& ctx = c.ctx();
  const bool with_base = c.size() > 2;
  const int base = with_base ? to_int(c.integer(1), "the first index") : 1;
  const std::vector<solve::Var> xs = ctx.vars(c.terms(0));
  const solve::Var z = ctx.var(c.term(with_base ? 2 : 1));
  if (Max) solve::arg_max(ctx.model(), xs, z, base);
  else solve::arg_min(ctx.model(), xs, z, base);
}

// ---- member(x, y) ----

CheckFn member(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const Slot y = s.slot(c.term(1));
  return [xs, y](const Valuation& v) {
    for (const Slot x : xs)
      if (v[x] == v[y]) return true;
    return false;
  };
}
void post_member(const Call& c) {
  Context& ctx = c.ctx();
  const std::vector<Term> xs = c.terms(0);
  if (xs.empty()) return ctx.post_false();
  solve::member(ctx.model(), ctx.vars(xs), ctx.var(c.term(1)));
}

constexpr Builtin table_[] = {
    {"fzn_nvalue", 2, post_nvalue, nullptr, nvalue},
    {"fzn_bin_packing_load", 3, post_bin_packing_load, nullptr, bin_packing_load},
    {"libsolve_bin_packing_load", 4, post_bin_packing_load, nullptr, bin_packing_load},
    {"fzn_alldifferent_except_0", 1, post_except<true>, nullptr, except<true>},
    {"fzn_alldifferent_except", 2, post_except<false>, nullptr, except<false>},
    {"fzn_value_precede_int", 3, post_precede, nullptr, precede},
    {"fzn_value_precede_chain_int", 2, post_precede_chain, nullptr, precede_chain},
    {"fzn_maximum_arg_int", 2, post_arg<true>, nullptr, arg<true>},
    {"fzn_maximum_arg_bool", 2, post_arg<true>, nullptr, arg<true>},
    {"fzn_minimum_arg_int", 2, post_arg<false>, nullptr, arg<false>},
    {"fzn_minimum_arg_bool", 2, post_arg<false>, nullptr, arg<false>},
    {"libsolve_maximum_arg_int", 3, post_arg<true>, nullptr, arg<true>},
    {"libsolve_maximum_arg_bool", 3, post_arg<true>, nullptr, arg<true>},
    {"libsolve_minimum_arg_int", 3, post_arg<false>, nullptr, arg<false>},
    {"libsolve_minimum_arg_bool", 3, post_arg<false>, nullptr, arg<false>},
    {"fzn_member_int", 2, post_member, nullptr, member},
    {"fzn_member_bool", 2, post_member, nullptr, member},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> values_builtins() { return builtins::table_; }
}  // namespace fzn
