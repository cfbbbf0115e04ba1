#pragma once
// The FlatZinc builtins as data, for the tests that count them against brute force
// (builtins_*_test.cpp): random small instances (a few variables with small domains, random
// constants, sometimes a constant where a variable may stand), written as FlatZinc text,
// translated and counted by libsolve at every propagation level, and counted again by
// enumerating every assignment with the builtin's meaning written out here independently of
// the translator. One function per family of builtins.
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <solve/search.hpp>

#include "parser.hpp"
#include "translate.hpp"

namespace fzn_builtins {

using Values = std::vector<int>;

/// One random instance: variables x0, x1, ... and one constraint over them.
struct Instance {
  std::vector<std::pair<int, int>> domains;
  std::vector<bool> is_bool;
  std::string constraint;
  std::function<bool(const Values&)> holds;
};

class Gen {
 public:
  explicit Gen(std::uint64_t seed) : rng_(seed) {}
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin() { return uniform(0, 1) == 1; }

  /// A new integer variable over a small random range; its name.
  std::string int_var(Instance& in) {
    const int lo = uniform(-3, 2);
    in.domains.emplace_back(lo, lo + uniform(0, 4));
    in.is_bool.push_back(false);
    return fmt::format("x{}", in.domains.size() - 1);
  }
  std::string bool_var(Instance& in) {
    in.domains.emplace_back(0, 1);
    in.is_bool.push_back(true);
    return fmt::format("x{}", in.domains.size() - 1);
  }

 private:
  std::mt19937_64 rng_;
};

/// An argument: a variable (index into the values) or a constant.
struct Arg {
  int var = -1;
  long long value = 0;
  long long operator()(const Values& v) const { return var >= 0 ? v[std::size_t(var)] : value; }
};

/// An integer argument: usually a new variable, sometimes a constant.
inline Arg int_arg(Gen& g, Instance& in, std::string& text, bool may_be_constant = true) {
  if (may_be_constant && g.uniform(0, 4) == 0) {
    const int c = g.uniform(-3, 5);
    text = fmt::format("{}", c);
    return Arg{-1, c};
  }
  text = g.int_var(in);
  return Arg{int(in.domains.size() - 1), 0};
}
inline Arg bool_arg(Gen& g, Instance& in, std::string& text) {
  if (g.uniform(0, 5) == 0) {
    const bool c = g.coin();
    text = c ? "true" : "false";
    return Arg{-1, c};
  }
  text = g.bool_var(in);
  return Arg{int(in.domains.size() - 1), 0};
}
/// n arguments made by `one` (int_arg or bool_arg), written as an array literal.
template <class One>
inline std::vector<Arg> arg_array(Gen& g, Instance& in, std::string& text, int n, One one) {
  std::vector<Arg> out;
  std::vector<std::string> parts;
  for (int i = 0; i < n; ++i) {
    std::string t;
    out.push_back(one(g, in, t));
    parts.push_back(t);
  }
  text = fmt::format("[{}]", fmt::join(parts, ", "));
  return out;
}
inline std::vector<Arg> int_args(Gen& g, Instance& in, std::string& text, int n) {
  return arg_array(g, in, text, n,
                   [](Gen& g2, Instance& in2, std::string& t) { return int_arg(g2, in2, t); });
}
inline std::vector<Arg> bool_args(Gen& g, Instance& in, std::string& text, int n) {
  return arg_array(g, in, text, n, bool_arg);
}
inline std::vector<long long> constants(Gen& g, int n, int lo, int hi, std::string& text) {
  std::vector<long long> out;
  for (int i = 0; i < n; ++i) out.push_back(g.uniform(lo, hi));
  text = fmt::format("[{}]", fmt::join(out, ", "));
  return out;
}

/// x div y and x mod y as MiniZinc defines them (truncating), written from the definition.
inline long long trunc_div(long long x, long long y) {
  const long long q = (x < 0 ? -x : x) / (y < 0 ? -y : y);
  return (x < 0) != (y < 0) ? -q : q;
}

using Relation = std::function<bool(const Values&)>;

/// The builtins of the catalogue; each makes one random instance.
struct Case {
  std::string name;
  std::function<Instance(Gen&)> make;
};

/// A binary comparison R(a, b), and its _reif / _imp forms.
inline Case comparison(const std::string& name, bool booleans,
                       std::function<bool(long long, long long)> r,
                       const std::string& suffix = "") {
  return {name + suffix, [=](Gen& g) {
            Instance in;
            std::string ta, tb, tr;
            const Arg a = booleans ? bool_arg(g, in, ta) : int_arg(g, in, ta);
            const Arg b = booleans ? bool_arg(g, in, tb) : int_arg(g, in, tb);
            if (suffix.empty()) {
              in.constraint = fmt::format("{}({}, {})", name, ta, tb);
              in.holds = [=](const Values& v) { return r(a(v), b(v)); };
            } else {
              const Arg f = bool_arg(g, in, tr);
              in.constraint = fmt::format("{}{}({}, {}, {})", name, suffix, ta, tb, tr);
              const bool imp = suffix == "_imp";
              in.holds = [=](const Values& v) {
                return imp ? (!f(v) || r(a(v), b(v))) : (f(v) != 0) == r(a(v), b(v));
              };
            }
            return in;
          }};
}

/// A functional constraint r = op(a, b) (or r = op(a) with one operand).
inline Case function(const std::string& name, int operands,
                     std::function<bool(long long, long long, long long)> r) {
  return {name, [=](Gen& g) {
            Instance in;
            std::string ta, tb, tr;
            const Arg a = int_arg(g, in, ta);
            const Arg b = operands == 2 ? int_arg(g, in, tb) : Arg{};
            const Arg res = int_arg(g, in, tr);
            in.constraint = operands == 2 ? fmt::format("{}({}, {}, {})", name, ta, tb, tr)
                                          : fmt::format("{}({}, {})", name, ta, tr);
            in.holds = [=](const Values& v) { return r(a(v), b(v), res(v)); };
            return in;
          }};
}

/// sum(as[i] * xs[i]) cmp c, and the _reif / _imp forms.
inline Case linear(const std::string& name, std::function<bool(long long, long long)> cmp,
                   const std::string& suffix = "") {
  return {name + suffix, [=](Gen& g) {
            Instance in;
            const int n = g.uniform(1, 4);
            std::string tas, txs, tf;
            const std::vector<long long> as = constants(g, n, -3, 3, tas);
            const bool booleans = name.starts_with("bool");
            const std::vector<Arg> xs =
                booleans ? bool_args(g, in, txs, n) : int_args(g, in, txs, n);
            const long long c = g.uniform(-6, 6);
            std::string tc = fmt::format("{}", c);
            Arg rhs{-1, c};
            if (name == "bool_lin_eq" && g.coin()) rhs = int_arg(g, in, tc, false);
            auto sum_holds = [=](const Values& v) {
              long long s = 0;
              for (std::size_t i = 0; i < xs.size(); ++i) s += as[i] * xs[i](v);
              return cmp(s, rhs(v));
            };
            if (suffix.empty()) {
              in.constraint = fmt::format("{}({}, {}, {})", name, tas, txs, tc);
              in.holds = sum_holds;
            } else {
              const Arg f = bool_arg(g, in, tf);
              in.constraint = fmt::format("{}{}({}, {}, {}, {})", name, suffix, tas, txs, tc, tf);
              const bool imp = suffix == "_imp";
              in.holds = [=](const Values& v) {
                return imp ? (!f(v) || sum_holds(v)) : (f(v) != 0) == sum_holds(v);
              };
            }
            return in;
          }};
}

/// r <-> op(a, b) over Booleans (bool_and, bool_or, bool_xor and their _imp).
inline Case bool_function(const std::string& name, std::function<bool(bool, bool)> op) {
  return {name, [=](Gen& g) {
            Instance in;
            std::string ta, tb, tr;
            const Arg a = bool_arg(g, in, ta), b = bool_arg(g, in, tb), r = bool_arg(g, in, tr);
            in.constraint = fmt::format("{}({}, {}, {})", name, ta, tb, tr);
            const bool imp = name.ends_with("_imp");
            in.holds = [=](const Values& v) {
              const bool x = op(a(v) != 0, b(v) != 0);
              return imp ? (!r(v) || x) : (r(v) != 0) == x;
            };
            return in;
          }};
}

/// r <-> and/or of an array (and _imp).
inline Case bool_array(const std::string& name, bool conjunction) {
  return {name, [=](Gen& g) {
            Instance in;
            std::string tas, tr;
            const std::vector<Arg> as = bool_args(g, in, tas, g.uniform(0, 4));
            const Arg r = bool_arg(g, in, tr);
            in.constraint = fmt::format("{}({}, {})", name, tas, tr);
            const bool imp = name.ends_with("_imp");
            in.holds = [=](const Values& v) {
              int count = 0;
              for (const Arg& a : as) count += a(v) != 0;
              const bool x = conjunction ? count == int(as.size()) : count > 0;
              return imp ? (!r(v) || x) : (r(v) != 0) == x;
            };
            return in;
          }};
}

/// A set constant (a range or a list) and its meaning.
inline std::pair<std::string, std::set<long long>> random_set(Gen& g) {
  std::set<long long> s;
  if (g.coin()) {
    const int lo = g.uniform(-3, 3), hi = lo + g.uniform(-1, 4);
    for (int v = lo; v <= hi; ++v) s.insert(v);
    return {fmt::format("{}..{}", lo, hi), s};
  }
  const int n = g.uniform(0, 4);
  std::vector<int> listed;
  for (int i = 0; i < n; ++i) {
    listed.push_back(g.uniform(-3, 5));
    s.insert(listed.back());
  }
  return {fmt::format("{{{}}}", fmt::join(listed, ", ")), s};
}

inline Case set_in(const std::string& suffix) {
  return {"set_in" + suffix, [=](Gen& g) {
            Instance in;
            std::string tx, tf;
            const Arg x = int_arg(g, in, tx, false);
            const auto [text, s] = random_set(g);
            const bool reified = !suffix.empty();
            const Arg f = reified ? bool_arg(g, in, tf) : Arg{};
            in.constraint = reified ? fmt::format("set_in{}({}, {}, {})", suffix, tx, text, tf)
                                    : fmt::format("set_in({}, {})", tx, text);
            const bool imp = suffix == "_imp";
            in.holds = [=, s = s](const Values& v) {
              const bool member = s.count(x(v)) > 0;
              if (!reified) return member;
              return imp ? (!f(v) || member) : (f(v) != 0) == member;
            };
            return in;
          }};
}

/// How many of xs take a value of s.
inline long long occurrences(const std::vector<Arg>& xs, const Values& v,
                             const std::set<long long>& s) {
  long long n = 0;
  for (const Arg& x : xs) n += s.count(x(v));
  return n;
}

/// int_eq .. int_le and bool_eq .. bool_lt (plain, _reif, _imp), bool_not, bool_xor, bool2int.
inline std::vector<Case> comparison_builtins() {
  std::vector<Case> cs;
  const std::vector<std::pair<std::string, std::function<bool(long long, long long)>>> int_cmp = {
      {"int_eq", std::equal_to<long long>()},
      {"int_ne", std::not_equal_to<long long>()},
      {"int_lt", std::less<long long>()},
      {"int_le", std::less_equal<long long>()}};
  for (const auto& [name, r] : int_cmp)
    for (const char* suffix : {"", "_reif", "_imp"})
      cs.push_back(comparison(name, false, r, suffix));
  const std::vector<std::pair<std::string, std::function<bool(long long, long long)>>> bool_cmp = {
      {"bool_eq", [](long long a, long long b) { return a == b; }},
      {"bool_le", [](long long a, long long b) { return a <= b; }},
      {"bool_lt", [](long long a, long long b) { return a < b; }}};
  for (const auto& [name, r] : bool_cmp)
    for (const char* suffix : {"", "_reif", "_imp"})
      cs.push_back(comparison(name, true, r, suffix));
  cs.push_back(comparison("bool_not", true, [](long long a, long long b) { return a != b; }));
  cs.push_back(comparison("bool_xor", true, [](long long a, long long b) { return a != b; }));
  cs.push_back({"bool2int", [](Gen& g) {
                  Instance in;
                  std::string tb, ti;
                  const Arg b = bool_arg(g, in, tb), i = int_arg(g, in, ti);
                  in.constraint = fmt::format("bool2int({}, {})", tb, ti);
                  in.holds = [=](const Values& v) { return b(v) == i(v); };
                  return in;
                }});
  return cs;
}

/// int_plus, int_times, int_div, int_mod, int_min, int_max, int_abs, int_pow.
inline std::vector<Case> arithmetic_builtins() {
  std::vector<Case> cs;
  cs.push_back(
      function("int_plus", 2, [](long long a, long long b, long long r) { return a + b == r; }));
  cs.push_back(
      function("int_times", 2, [](long long a, long long b, long long r) { return a * b == r; }));
  cs.push_back(function("int_div", 2, [](long long a, long long b, long long r) {
    return b != 0 && trunc_div(a, b) == r;
  }));
  cs.push_back(function("int_mod", 2, [](long long a, long long b, long long r) {
    return b != 0 && a - b * trunc_div(a, b) == r;
  }));
  cs.push_back(function(
      "int_min", 2, [](long long a, long long b, long long r) { return (a < b ? a : b) == r; }));
  cs.push_back(function(
      "int_max", 2, [](long long a, long long b, long long r) { return (a > b ? a : b) == r; }));
  cs.push_back(function("int_abs", 1,
                        [](long long a, long long, long long r) { return (a < 0 ? -a : a) == r; }));
  cs.push_back(function("int_pow", 2, [](long long a, long long b, long long r) {
    if (b < 0) {  // 1 div a^-b
      if (a == 0) return false;
      long long p = 1;
      for (long long k = 0; k < -b; ++k) p *= a;
      return trunc_div(1, p) == r;
    }
    long long p = 1;
    for (long long k = 0; k < b; ++k) p *= a;
    return p == r;
  }));
  return cs;
}

/// int_lin_eq, int_lin_le, int_lin_ne (plain, _reif, _imp), bool_lin_eq, bool_lin_le.
inline std::vector<Case> linear_builtins() {
  std::vector<Case> cs;
  const std::vector<std::pair<std::string, std::function<bool(long long, long long)>>> lin = {
      {"int_lin_eq", std::equal_to<long long>()},
      {"int_lin_le", std::less_equal<long long>()},
      {"int_lin_ne", std::not_equal_to<long long>()}};
  for (const auto& [name, r] : lin)
    for (const char* suffix : {"", "_reif", "_imp"}) cs.push_back(linear(name, r, suffix));
  cs.push_back(linear("bool_lin_eq", std::equal_to<long long>()));
  cs.push_back(linear("bool_lin_le", std::less_equal<long long>()));
  return cs;
}

/// bool_and, bool_or, bool_xor (and _imp), array_bool_and/or/xor, bool_clause (plain, _reif, _imp).
inline std::vector<Case> boolean_builtins() {
  std::vector<Case> cs;
  cs.push_back(bool_function("bool_and", [](bool a, bool b) { return a && b; }));
  cs.push_back(bool_function("bool_and_imp", [](bool a, bool b) { return a && b; }));
  cs.push_back(bool_function("bool_or", [](bool a, bool b) { return a || b; }));
  cs.push_back(bool_function("bool_or_imp", [](bool a, bool b) { return a || b; }));
  cs.push_back(bool_function("bool_xor", [](bool a, bool b) { return a != b; }));
  cs.push_back(bool_function("bool_xor_imp", [](bool a, bool b) { return a != b; }));
  for (const char* name : {"array_bool_and", "array_bool_and_imp"})
    cs.push_back(bool_array(name, true));
  for (const char* name : {"array_bool_or", "array_bool_or_imp"})
    cs.push_back(bool_array(name, false));
  cs.push_back({"array_bool_xor", [](Gen& g) {
                  Instance in;
                  std::string tas;
                  const std::vector<Arg> as = bool_args(g, in, tas, g.uniform(1, 4));
                  in.constraint = fmt::format("array_bool_xor({})", tas);
                  in.holds = [=](const Values& v) {
                    int n = 0;
                    for (const Arg& a : as) n += a(v) != 0;
                    return n % 2 == 1;
                  };
                  return in;
                }});
  for (const char* suffix : {"", "_reif", "_imp"}) {
    cs.push_back({std::string("bool_clause") + suffix, [suffix = std::string(suffix)](Gen& g) {
                    Instance in;
                    std::string tas, tbs, tf;
                    const std::vector<Arg> as = bool_args(g, in, tas, g.uniform(0, 3));
                    const std::vector<Arg> bs = bool_args(g, in, tbs, g.uniform(0, 3));
                    auto clause = [=](const Values& v) {
                      for (const Arg& a : as)
                        if (a(v)) return true;
                      for (const Arg& b : bs)
                        if (!b(v)) return true;
                      return false;
                    };
                    if (suffix.empty()) {
                      in.constraint = fmt::format("bool_clause({}, {})", tas, tbs);
                      in.holds = clause;
                    } else {
                      const Arg f = bool_arg(g, in, tf);
                      in.constraint =
                          fmt::format("bool_clause{}({}, {}, {})", suffix, tas, tbs, tf);
                      const bool imp = suffix == "_imp";
                      in.holds = [=](const Values& v) {
                        return imp ? (!f(v) || clause(v)) : (f(v) != 0) == clause(v);
                      };
                    }
                    return in;
                  }});
  }
  return cs;
}

/// set_in (plain, _reif, _imp), array_int_element, array_var_int_element, array_int_maximum/minimum.
inline std::vector<Case> element_builtins() {
  std::vector<Case> cs;
  for (const char* suffix : {"", "_reif", "_imp"}) cs.push_back(set_in(suffix));

  cs.push_back({"array_int_element", [](Gen& g) {
                  Instance in;
                  std::string ti, tas, tr;
                  const Arg i = int_arg(g, in, ti);
                  const std::vector<long long> as = constants(g, g.uniform(1, 5), -3, 4, tas);
                  const Arg r = int_arg(g, in, tr);
                  in.constraint = fmt::format("array_int_element({}, {}, {})", ti, tas, tr);
                  in.holds = [=](const Values& v) {
                    const long long k = i(v);
                    return k >= 1 && k <= (long long)as.size() && as[std::size_t(k - 1)] == r(v);
                  };
                  return in;
                }});
  cs.push_back({"array_var_int_element", [](Gen& g) {
                  Instance in;
                  std::string ti, txs, tr;
                  const Arg i = int_arg(g, in, ti);
                  const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(1, 3));
                  const Arg r = int_arg(g, in, tr);
                  in.constraint = fmt::format("array_var_int_element({}, {}, {})", ti, txs, tr);
                  in.holds = [=](const Values& v) {
                    const long long k = i(v);
                    return k >= 1 && k <= (long long)xs.size() && xs[std::size_t(k - 1)](v) == r(v);
                  };
                  return in;
                }});
  for (const bool max : {true, false}) {
    cs.push_back({max ? "array_int_maximum" : "array_int_minimum", [max](Gen& g) {
                    Instance in;
                    std::string tm, txs;
                    const Arg m = int_arg(g, in, tm);
                    const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(1, 3));
                    in.constraint =
                        fmt::format("array_int_{}({}, {})", max ? "maximum" : "minimum", tm, txs);
                    in.holds = [=](const Values& v) {
                      long long best = xs[0](v);
                      for (const Arg& x : xs)
                        best = max ? std::max(best, x(v)) : std::min(best, x(v));
                      return best == m(v);
                    };
                    return in;
                  }});
  }
  return cs;
}

/// the globals of the mznlib: all_different, table, global_cardinality, among, count, lex_less(eq).
inline std::vector<Case> global_builtins() {
  std::vector<Case> cs;
  // ---- globals of the mznlib ----
  cs.push_back({"fzn_all_different_int", [](Gen& g) {
                  Instance in;
                  std::string txs;
                  const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(0, 4));
                  in.constraint = fmt::format("fzn_all_different_int({})", txs);
                  in.holds = [=](const Values& v) {
                    std::set<long long> seen;
                    for (const Arg& x : xs)
                      if (!seen.insert(x(v)).second) return false;
                    return true;
                  };
                  return in;
                }});
  cs.push_back({"fzn_table_int", [](Gen& g) {
                  Instance in;
                  std::string txs, tt;
                  const int n = g.uniform(1, 3), rows = g.uniform(0, 6);
                  const std::vector<Arg> xs = int_args(g, in, txs, n);
                  const std::vector<long long> flat = constants(g, n * rows, -3, 4, tt);
                  if (rows == 0) tt = "[]";
                  in.constraint = fmt::format("fzn_table_int({}, {})", txs, tt);
                  in.holds = [=](const Values& v) {
                    for (int t = 0; t < rows; ++t) {
                      bool all = true;
                      for (int i = 0; i < n; ++i)
                        all = all && flat[std::size_t(t * n + i)] == xs[std::size_t(i)](v);
                      if (all) return true;
                    }
                    return false;
                  };
                  return in;
                }});
  for (const bool closed : {false, true}) {
    for (const bool low_up : {false, true}) {
      const std::string name = std::string("fzn_global_cardinality") + (low_up ? "_low_up" : "") +
                               (closed ? "_closed" : "");
      cs.push_back({name, [=](Gen& g) {
                      Instance in;
                      std::string txs, tcover, tc, tlo, thi;
                      const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(1, 4));
                      const int k = g.uniform(1, 3);
                      std::vector<long long> cover;
                      std::set<long long> used;
                      while (int(cover.size()) < k) {
                        const long long c = g.uniform(-3, 4);
                        if (used.insert(c).second) cover.push_back(c);
                      }
                      tcover = fmt::format("[{}]", fmt::join(cover, ", "));
                      std::vector<Arg> counts, lo_args, hi_args;
                      std::vector<long long> lo, hi;
                      if (low_up) {
                        for (int i = 0; i < k; ++i) {
                          lo.push_back(g.uniform(0, 2));
                          hi.push_back(lo.back() + g.uniform(0, 2));
                        }
                        tlo = fmt::format("[{}]", fmt::join(lo, ", "));
                        thi = fmt::format("[{}]", fmt::join(hi, ", "));
                        in.constraint =
                            fmt::format("{}({}, {}, {}, {})", name, txs, tcover, tlo, thi);
                      } else {
                        counts = int_args(g, in, tc, k);
                        in.constraint = fmt::format("{}({}, {}, {})", name, txs, tcover, tc);
                      }
                      in.holds = [=](const Values& v) {
                        for (int i = 0; i < k; ++i) {
                          const long long n = occurrences(xs, v, {cover[std::size_t(i)]});
                          if (low_up ? (n < lo[std::size_t(i)] || n > hi[std::size_t(i)])
                                     : n != counts[std::size_t(i)](v))
                            return false;
                        }
                        return !closed || occurrences(xs, v, used) == (long long)xs.size();
                      };
                      return in;
                    }});
    }
  }
  cs.push_back({"fzn_among", [](Gen& g) {
                  Instance in;
                  std::string tn, txs;
                  const Arg n = int_arg(g, in, tn);
                  const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(0, 4));
                  const auto [text, s] = random_set(g);
                  in.constraint = fmt::format("fzn_among({}, {}, {})", tn, txs, text);
                  in.holds = [=, s = s](const Values& v) { return occurrences(xs, v, s) == n(v); };
                  return in;
                }});
  for (const bool par : {false, true}) {
    cs.push_back({par ? "fzn_count_eq_par" : "fzn_count_eq", [par](Gen& g) {
                    Instance in;
                    std::string txs, ty, tc;
                    const std::vector<Arg> xs = int_args(g, in, txs, g.uniform(0, 4));
                    Arg y, c;
                    if (par) {
                      y = Arg{-1, g.uniform(-2, 3)};
                      c = Arg{-1, g.uniform(0, 3)};
                      ty = fmt::format("{}", y.value);
                      tc = fmt::format("{}", c.value);
                    } else {
                      y = int_arg(g, in, ty);
                      c = int_arg(g, in, tc);
                    }
                    in.constraint = fmt::format(
                        "{}({}, {}, {})", par ? "fzn_count_eq_par" : "fzn_count_eq", txs, ty, tc);
                    in.holds = [=](const Values& v) {
                      long long n = 0;
                      for (const Arg& x : xs) n += x(v) == y(v);
                      return n == c(v);
                    };
                    return in;
                  }});
  }
  for (const bool strict : {false, true}) {
    for (const bool booleans : {false, true}) {
      const std::string name =
          fmt::format("fzn_lex_{}_{}", strict ? "less" : "lesseq", booleans ? "bool" : "int");
      cs.push_back({name, [=](Gen& g) {
                      Instance in;
                      std::string txs, tys;
                      const int nx = g.uniform(0, 3), ny = g.coin() ? nx : g.uniform(0, 3);
                      const std::vector<Arg> xs =
                          booleans ? bool_args(g, in, txs, nx) : int_args(g, in, txs, nx);
                      const std::vector<Arg> ys =
                          booleans ? bool_args(g, in, tys, ny) : int_args(g, in, tys, ny);
                      in.constraint = fmt::format("{}({}, {})", name, txs, tys);
                      in.holds = [=](const Values& v) {
                        std::vector<long long> a, b;
                        for (const Arg& x : xs) a.push_back(x(v));
                        for (const Arg& y : ys) b.push_back(y(v));
                        return strict ? a < b : a <= b;
                      };
                      return in;
                    }});
    }
  }
  return cs;
}

/// the scheduling globals of the mznlib: cumulative, disjunctive, disjunctive_strict, each
/// over up to 3 tasks, at most two durations or usages variable (the others constants 0..3).
inline std::vector<Case> scheduling_builtins() {
  // a duration or usage: a variable (possibly negative, which the relation refuses) while
  // `open` lasts, else a constant
  const auto amount = [](Gen& g, Instance& in, std::string& text, int& open) {
    if (open > 0 && g.coin()) {
      --open;
      return int_arg(g, in, text, false);
    }
    const int c = g.uniform(0, 3);
    text = fmt::format("{}", c);
    return Arg{-1, c};
  };
  const auto amounts = [amount](Gen& g, Instance& in, std::string& text, int n, int& open) {
    std::vector<Arg> out;
    std::vector<std::string> parts;
    for (int i = 0; i < n; ++i) {
      std::string t;
      out.push_back(amount(g, in, t, open));
      parts.push_back(t);
    }
    text = fmt::format("[{}]", fmt::join(parts, ", "));
    return out;
  };
  std::vector<Case> cs;
  cs.push_back({"fzn_cumulative", [amounts](Gen& g) {
                  Instance in;
                  std::string ts, td, tr, tb;
                  int open = 2;
                  const int n = g.uniform(0, 3);
                  const std::vector<Arg> s = int_args(g, in, ts, n);
                  const std::vector<Arg> d = amounts(g, in, td, n, open);
                  const std::vector<Arg> r = amounts(g, in, tr, n, open);
                  const Arg b = int_arg(g, in, tb);
                  in.constraint = fmt::format("fzn_cumulative({}, {}, {}, {})", ts, td, tr, tb);
                  in.holds = [=](const Values& v) {
                    if (n == 0) return true;  // no task: nothing asked of b
                    for (int i = 0; i < n; ++i)
                      if (d[std::size_t(i)](v) < 0 || r[std::size_t(i)](v) < 0) return false;
                    for (int t = -8; t <= 16; ++t) {
                      long long load = 0;
                      for (std::size_t i = 0; i < std::size_t(n); ++i)
                        if (s[i](v) <= t && t < s[i](v) + d[i](v)) load += r[i](v);
                      if (load > b(v)) return false;
                    }
                    return true;
                  };
                  return in;
                }});
  for (const bool strict : {false, true}) {
    const std::string name = strict ? "fzn_disjunctive_strict" : "fzn_disjunctive";
    cs.push_back({name, [=](Gen& g) {
                    Instance in;
                    std::string ts, td;
                    int open = 2;
                    const int n = g.uniform(0, 3);
                    const std::vector<Arg> s = int_args(g, in, ts, n);
                    const std::vector<Arg> d = amounts(g, in, td, n, open);
                    in.constraint = fmt::format("{}({}, {})", name, ts, td);
                    in.holds = [=](const Values& v) {
                      for (std::size_t i = 0; i < std::size_t(n); ++i) {
                        if (d[i](v) < 0) return false;
                        for (std::size_t j = i + 1; j < std::size_t(n); ++j) {
                          if (!strict && (d[i](v) == 0 || d[j](v) == 0)) continue;
                          if (s[i](v) + d[i](v) > s[j](v) && s[j](v) + d[j](v) > s[i](v))
                            return false;
                        }
                      }
                      return true;
                    };
                    return in;
                  }});
  }
  return cs;
}

/// Every family, in this order (the seeds of check_family follow it).
inline std::vector<std::vector<Case>> families() {
  return {comparison_builtins(), arithmetic_builtins(), linear_builtins(),
          boolean_builtins(),    element_builtins(),    global_builtins(),
          scheduling_builtins()};
}

/// Every builtin of every family.
inline std::vector<Case> catalogue() {
  std::vector<Case> cs;
  for (std::vector<Case>& f : families())
    for (Case& c : f) cs.push_back(std::move(c));
  return cs;
}

inline std::string fzn_text(const Instance& in) {
  std::string text;
  for (std::size_t i = 0; i < in.domains.size(); ++i) {
    if (in.is_bool[i]) text += fmt::format("var bool: x{};\n", i);
    else text += fmt::format("var {}..{}: x{};\n", in.domains[i].first, in.domains[i].second, i);
  }
  text += fmt::format("constraint {};\nsolve satisfy;\n", in.constraint);
  return text;
}

inline std::uint64_t brute_force(const Instance& in) {
  Values v(in.domains.size());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = in.domains[i].first;
  std::uint64_t n = 0;
  for (;;) {
    n += in.holds(v);
    std::size_t i = 0;
    for (; i < v.size(); ++i) {
      if (v[i] < in.domains[i].second) {
        ++v[i];
        break;
      }
      v[i] = in.domains[i].first;
    }
    if (i == v.size()) return n;
  }
}

inline std::uint64_t libsolve_count(const std::string& text, solve::Propagation level) {
  const fzn::Program p = fzn::translate(fzn::parse(text, "instance.fzn"), "instance.fzn");
  if (p.unsatisfiable) return 0;
  solve::SearchOptions o;
  o.propagation = level;
  return solve::count(p.model, o).stats.solutions;
}

/// 40 random instances of each builtin of the family `f` (an index into families()) counted
/// at every propagation level against brute force; instance k of the whole catalogue is drawn
/// from seed k + 1.
inline void check_family(std::size_t f) {
  const solve::Propagation levels[] = {solve::Propagation::none, solve::Propagation::forward,
                                       solve::Propagation::arc, solve::Propagation::domain};
  constexpr int per_builtin = 40;
  const std::vector<std::vector<Case>> all = families();
  std::uint64_t seed = 1;
  for (std::size_t k = 0; k < f; ++k) seed += per_builtin * all[k].size();
  for (const Case& c : all[f]) {
    for (int k = 0; k < per_builtin; ++k) {
      Gen g(seed++);
      const Instance in = c.make(g);
      const std::string text = fzn_text(in);
      const std::uint64_t expected = brute_force(in);
      for (const solve::Propagation level : levels) {
        INFO(c.name << " at level " << int(level) << ":\n" << text);
        REQUIRE(libsolve_count(text, level) == expected);
      }
    }
  }
}

}  // namespace fzn_builtins
