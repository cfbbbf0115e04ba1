// The automaton family, native in the mznlib (share/minizinc/libsolve/fzn_regular*.mzn,
// fzn_cost_regular.mzn): regular over the symbols 1..S (fzn_regular) or a set S
// (fzn_regular_set), the nondeterministic form given as transition triples
// (libsolve_regular_nfa, which the mznlib builds from regular_nfa's table of state sets), and
// cost_regular. Posted with solve::regular / solve::cost_regular; each one's test runs the
// automaton on the values (the fallback when a number does not fit libsolve's 32 bits).
#include <set>

#include <solve/automaton.hpp>
#include <solve/error.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

/// A deterministic automaton as FlatZinc gives it: Q states, symbols (ascending) and the
/// Q x |symbols| table of next states (0: none), q0, the final states; and for cost_regular
/// the table of costs.
struct Dfa {
  std::int64_t states = 0, start = 0;
  std::vector<std::int64_t> symbols, next, costs;
  IntSet finals;

  /// The column of a value, or -1.
  std::int64_t column(std::int64_t v) const {
    const auto it = std::lower_bound(symbols.begin(), symbols.end(), v);
    return it != symbols.end() && *it == v ? it - symbols.begin() : -1;
  }
  /// Whether the word is accepted; *cost gets the sum of the costs on its path.
  template <class Word>
  bool run(const Word& word, std::size_t n, Wide* cost = nullptr) const {
    std::int64_t q = start;
    Wide sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::int64_t j = column(word(i));
      if (j < 0 || q < 1 || q > states) return false;
      const std::size_t at = std::size_t(q - 1) * symbols.size() + std::size_t(j);
      if (!costs.empty()) sum += costs[at];
      q = next[at];
      if (q == 0) return false;
    }
    if (cost) *cost = sum;
    return finals.contains(q);
  }
  /// The libsolve automaton (ModelError when a number does not fit an int); *costs, when
  /// given, gets the cost of each of its transitions.
  solve::Automaton automaton(std::vector<std::int64_t>* transition_costs = nullptr) const {
    for (const std::int64_t v : {states, start})
      if (!fits_int(v)) throw solve::ModelError(fmt::format("{} does not fit 32 bits", v));
    solve::Automaton a;
    a.states = int(states);
    a.start = int(start);
    for (const std::int64_t f : finals.values())  // (finals outside 1..Q: never reached)
      if (f >= 1 && f <= states) a.finals.push_back(int(f));
    for (std::int64_t q = 1; q <= states; ++q)
      for (std::size_t j = 0; j < symbols.size(); ++j) {
        const std::size_t at = std::size_t(q - 1) * symbols.size() + j;
        if (next[at] == 0) continue;
        if (!fits_int(symbols[j]) || next[at] < 0 || next[at] > states)
          throw solve::ModelError(fmt::format("the transition to {} on {}", next[at], symbols[j]));
        a.transitions.push_back({int(q), int(symbols[j]), int(next[at])});
        if (transition_costs) transition_costs->push_back(costs[at]);
      }
    return a;
  }
};

/// fzn_regular(x, Q, S, d, q0, F) (SetSymbols: S a set, fzn_regular_set), and with Costs
/// fzn_cost_regular(x, Q, S, d, q0, F, c, C).
template <bool SetSymbols, bool Costs = false>
Dfa read_dfa(const Call& c) {
  Dfa a;
  a.states = c.integer(1);
  if (SetSymbols) {
    a.symbols = c.set(2).values();
  } else {
    const std::int64_t s = c.integer(2);
    if (s < 0 || s > 1'000'000) c.fail_arg(2, fmt::format("{} symbols", s));
    for (std::int64_t v = 1; v <= s; ++v) a.symbols.push_back(v);
  }
  if (a.states < 1 || a.states > 100'000'000) c.fail_arg(1, fmt::format("{} states", a.states));
  a.next = c.integers(3);
  if (a.next.size() != std::size_t(a.states) * a.symbols.size())
    c.fail_arg(3, fmt::format("{} transitions for {} states and {} symbols", a.next.size(),
                              a.states, a.symbols.size()));
  a.start = c.integer(4);
  a.finals = c.set(5);
  if (Costs) {
    a.costs = c.integers(6);
    if (a.costs.size() != a.next.size())
      c.fail_arg(6, fmt::format("{} costs for {} transitions", a.costs.size(), a.next.size()));
  }
  return a;
}

template <bool SetSymbols>
CheckFn regular(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const Dfa a = read_dfa<SetSymbols>(c);
  return [xs, a](const Valuation& v) {
    return a.run([&](std::size_t i) { return v[xs[i]]; }, xs.size());
  };
}
template <bool SetSymbols>
void post_regular(const Call& c) {
  Context& ctx = c.ctx();
  const solve::Automaton a = read_dfa<SetSymbols>(c).automaton();
  solve::regular(ctx.model(), ctx.vars(c.terms(0)), a);
}

CheckFn cost_regular(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const Slot total = s.slot(c.term(7));
  const Dfa a = read_dfa<false, true>(c);
  return [xs, total, a](const Valuation& v) {
    Wide sum = 0;
    return a.run([&](std::size_t i) { return v[xs[i]]; }, xs.size(), &sum) && sum == v[total];
  };
}
void post_cost_regular(const Call& c) {
  Context& ctx = c.ctx();
  std::vector<std::int64_t> costs;
  const solve::Automaton a = read_dfa<false, true>(c).automaton(&costs);
  solve::cost_regular(ctx.model(), ctx.vars(c.terms(0)), a, costs, ctx.var(c.term(7)));
}

/// libsolve_regular_nfa(x, Q, t, q0, F): t lists the transitions as triples (from, symbol,
/// to), the mznlib's rewriting of regular_nfa's table of state sets.
struct Nfa {
  std::int64_t states = 0, start = 0;
  std::vector<std::int64_t> triples;
  IntSet finals;
};
Nfa read_nfa(const Call& c) {
  Nfa a{c.integer(1), c.integer(3), c.integers(2), c.set(4)};
  if (a.triples.size() % 3 != 0) c.fail_arg(2, fmt::format("{} entries, not triples", a.triples.size()));
  return a;
}
CheckFn regular_nfa(const Call& c, CheckScope& s) {
  const std::vector<Slot> xs = s.slots(c.terms(0));
  const Nfa a = read_nfa(c);
  return [xs, a](const Valuation& v) {
    std::set<std::int64_t> now{a.start}, next;
    for (const Slot x : xs) {
      next.clear();
      for (std::size_t t = 0; t < a.triples.size(); t += 3)
        if (a.triples[t + 1] == v[x] && now.count(a.triples[t])) next.insert(a.triples[t + 2]);
      now.swap(next);
    }
    for (const std::int64_t q : now)
      if (a.finals.contains(q)) return true;
    return false;
  };
}
void post_regular_nfa(const Call& c) {
  Context& ctx = c.ctx();
  const Nfa n = read_nfa(c);
  solve::Automaton a;
  if (!fits_int(n.states) || !fits_int(n.start)) throw solve::ModelError("a state beyond 32 bits");
  a.states = int(n.states);
  a.start = int(n.start);
  for (const std::int64_t f : n.finals.values())
    if (f >= 1 && f <= n.states) a.finals.push_back(int(f));
  std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t>> seen;  // (repeats are harmless)
  for (std::size_t t = 0; t < n.triples.size(); t += 3) {
    const std::int64_t from = n.triples[t], symbol = n.triples[t + 1], to = n.triples[t + 2];
    if (!fits_int(from) || !fits_int(symbol) || !fits_int(to))
      throw solve::ModelError("a transition beyond 32 bits");
    if (seen.insert({from, symbol, to}).second) a.transitions.push_back({int(from), int(symbol), int(to)});
  }
  solve::regular(ctx.model(), ctx.vars(c.terms(0)), a);
}

constexpr Builtin table_[] = {
    {"fzn_regular", 6, post_regular<false>, nullptr, regular<false>},
    {"fzn_regular_set", 6, post_regular<true>, nullptr, regular<true>},
    {"libsolve_regular_nfa", 5, post_regular_nfa, nullptr, regular_nfa},
    {"fzn_cost_regular", 8, post_cost_regular, nullptr, cost_regular},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> automaton_builtins() { return builtins::table_; }
}  // namespace fzn
