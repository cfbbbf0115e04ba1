#pragma once
// Random automata and words for the automaton tests (globals_automaton_test.cpp against
// brute force, explanation_graph_test.cpp for the reasons), and the costs of the paths that
// accept a word, found by following the transitions as listed (code of its own, not the
// library's).
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <solve/solve.hpp>

#include "random_model.hpp"

namespace automata {

using namespace solve;
using random_model::Random;
using random_model::Values;

/// A random automaton over some of the symbols -1..3: Q states, a DFA table with holes,
/// sometimes extra transitions (nondeterminism).
inline Automaton random_automaton(Random& r, bool deterministic) {
  const int q = r.pick(1, 4);
  std::vector<int> symbols;
  for (int v = -1; v <= 3; ++v)
    if (r.pick(0, 2) > 0) symbols.push_back(v);
  if (symbols.empty()) symbols.push_back(r.pick(-1, 3));
  std::vector<int> table;
  for (int k = 0; k < q * int(symbols.size()); ++k)
    table.push_back(r.pick(0, 3) ? r.pick(1, q) : 0);
  std::vector<int> finals;
  for (int s = 1; s <= q; ++s)
    if (r.pick(0, 2) == 0) finals.push_back(s);
  if (finals.empty() && r.pick(0, 5)) finals.push_back(r.pick(1, q));
  Automaton a = Automaton::dfa(q, symbols, table, r.pick(1, q), finals);
  if (!deterministic && r.pick(0, 1)) {
    for (int extra = r.pick(1, 4); extra > 0; --extra) {
      const Automaton::Transition t{
          r.pick(1, q), symbols[std::size_t(r.pick(0, int(symbols.size()) - 1))], r.pick(1, q)};
      const bool repeated = std::any_of(a.transitions.begin(), a.transitions.end(), [&](auto u) {
        return u.from == t.from && u.symbol == t.symbol && u.to == t.to;
      });
      if (!repeated) a.transitions.push_back(t);
    }
  }
  return a;
}

/// The costs of the paths that accept the word (empty when none): every path followed, the
/// transitions looked up in the list as given.
inline std::set<std::int64_t> path_costs(const Automaton& a, const std::vector<std::int64_t>& costs,
                                  const Values& word) {
  std::set<std::pair<int, std::int64_t>> now{{a.start, 0}};
  for (const int v : word) {
    std::set<std::pair<int, std::int64_t>> next;
    for (const auto& [state, sum] : now)
      for (std::size_t k = 0; k < a.transitions.size(); ++k)
        if (a.transitions[k].from == state && a.transitions[k].symbol == v)
          next.insert({a.transitions[k].to, sum + (costs.empty() ? 0 : costs[k])});
    now.swap(next);
  }
  std::set<std::int64_t> out;
  for (const auto& [state, sum] : now)
    if (std::count(a.finals.begin(), a.finals.end(), state)) out.insert(sum);
  return out;
}

inline std::string describe(const Automaton& a) {
  std::string s = "Q=" + std::to_string(a.states) + " start=" + std::to_string(a.start) + " F={";
  for (int f : a.finals) s += std::to_string(f) + " ";
  s += "} ";
  for (const auto& t : a.transitions)
    s +=
        std::to_string(t.from) + "-" + std::to_string(t.symbol) + "->" + std::to_string(t.to) + " ";
  return s;
}

/// A word over the model's variables: positions (repeats allowed unless fresh) and views.
using Word = random_model::ViewedScope;

inline Word random_word(Random& r, std::size_t nvars, int length) {
  Word w;
  for (int k = 0; k < length; ++k) {
    w.at.push_back(r.var(nvars));
    // views sometimes: a * x + c that lands on the symbols now and then
    w.views.push_back(r.pick(0, 5) ? std::pair{1, 0}
                                   : std::pair{r.pick(0, 1) ? -1 : 2, r.pick(-1, 1)});
  }
  return w;
}

inline std::string describe(const Word& w) {
  std::string s = "word";
  for (std::size_t k = 0; k < w.at.size(); ++k)
    s += " " + std::to_string(w.views[k].first) + "*x" + std::to_string(w.at[k]) + "+" +
         std::to_string(w.views[k].second);
  return s + " ";
}

}  // namespace automata
