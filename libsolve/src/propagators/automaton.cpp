// The Automaton type (solve/automaton.hpp): MiniZinc's transition table read into a list of
// transitions, the acceptance test, and the grouped form the propagators walk.
#include <algorithm>
#include <string>
#include <tuple>

#include "layered_graph.hpp"
#include "solve/error.hpp"

namespace solve {

Automaton Automaton::dfa(int states, std::span<const int> symbols, std::span<const int> table,
                         int start, std::span<const int> finals) {
  if (states < 1)
    throw ModelError("automaton: " + std::to_string(states) + " states (needs 1 or more)");
  if (table.size() != std::size_t(states) * symbols.size())
    throw ModelError("automaton: a table of " + std::to_string(table.size()) + " entries for " +
                     std::to_string(states) + " states and " + std::to_string(symbols.size()) +
                     " symbols");
  Automaton a;
  a.states = states;
  a.start = start;
  a.finals.assign(finals.begin(), finals.end());
  for (int q = 1; q <= states; ++q)
    for (std::size_t j = 0; j < symbols.size(); ++j) {
      const int to = table[std::size_t(q - 1) * symbols.size() + j];
      if (to < 0 || to > states)
        throw ModelError("automaton: the transition from state " + std::to_string(q) +
                         " on symbol " + std::to_string(symbols[j]) + " goes to state " +
                         std::to_string(to) + ", outside 0.." + std::to_string(states));
      if (to != 0) a.transitions.push_back({q, symbols[j], to});
    }
  return a;
}

bool Automaton::deterministic() const {
  std::vector<std::pair<int, int>> keys;
  keys.reserve(transitions.size());
  for (const Transition& t : transitions) keys.emplace_back(t.from, t.symbol);
  std::sort(keys.begin(), keys.end());
  return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
}

bool Automaton::accepts(std::span<const int> word) const {
  if (start < 1 || start > states) return false;
  std::vector<char> now(std::size_t(states) + 1, 0), next(now.size());
  now[std::size_t(start)] = 1;
  for (const int v : word) {
    std::fill(next.begin(), next.end(), 0);
    bool any = false;
    for (const Transition& t : transitions)
      if (t.symbol == v && t.from >= 1 && t.from <= states && now[std::size_t(t.from)] &&
          t.to >= 1 && t.to <= states) {
        next[std::size_t(t.to)] = 1;
        any = true;
      }
    if (!any) return false;
    now.swap(next);
  }
  for (const int f : finals)
    if (f >= 1 && f <= states && now[std::size_t(f)]) return true;
  return false;
}

namespace detail {

LayeredAutomaton layered(const Automaton& a, const char* who) {
  const std::string name = who;
  if (a.states < 1)
    throw ModelError(name + ": the automaton has " + std::to_string(a.states) + " states");
  auto state = [&](int q, const char* what) {
    if (q < 1 || q > a.states)
      throw ModelError(name + ": " + what + " " + std::to_string(q) + " is not a state (1.." +
                       std::to_string(a.states) + ")");
  };
  state(a.start, "the start state");
  LayeredAutomaton g;
  g.states = a.states;
  g.start = a.start;
  g.final.assign(std::size_t(a.states) + 1, 0);
  for (const int f : a.finals) {
    state(f, "the final state");
    g.final[std::size_t(f)] = 1;
  }
  for (const Automaton::Transition& t : a.transitions) {
    state(t.from, "a transition's source");
    state(t.to, "a transition's target");
    g.symbols.push_back(t.symbol);
  }
  std::sort(g.symbols.begin(), g.symbols.end());
  g.symbols.erase(std::unique(g.symbols.begin(), g.symbols.end()), g.symbols.end());
  g.contiguous = g.symbols.empty() ||
                 (long long)g.symbols.back() - g.symbols.front() + 1 == (long long)g.symbols.size();
  // arcs sorted by (source, symbol, target): grouped by source
  std::vector<std::tuple<int, int, int, int>> arcs;
  for (std::size_t k = 0; k < a.transitions.size(); ++k) {
    const Automaton::Transition& t = a.transitions[k];
    arcs.emplace_back(t.from, g.symbol_index(t.symbol), t.to, int(k));
  }
  std::sort(arcs.begin(), arcs.end());
  for (std::size_t k = 1; k < arcs.size(); ++k)
    if (std::get<0>(arcs[k]) == std::get<0>(arcs[k - 1]) &&
        std::get<1>(arcs[k]) == std::get<1>(arcs[k - 1]) &&
        std::get<2>(arcs[k]) == std::get<2>(arcs[k - 1]))
      throw ModelError(name + ": the transition from state " +
                       std::to_string(std::get<0>(arcs[k])) + " on symbol " +
                       std::to_string(g.symbols[std::size_t(std::get<1>(arcs[k]))]) + " to state " +
                       std::to_string(std::get<2>(arcs[k])) + " is given twice");
  g.begin.assign(std::size_t(a.states) + 2, 0);
  for (const auto& [from, sym, to, k] : arcs) {
    ++g.begin[std::size_t(from) + 1];
    g.symbol.push_back(sym);
    g.to.push_back(to);
    g.original.push_back(k);
  }
  for (std::size_t q = 1; q < g.begin.size(); ++q) g.begin[q] += g.begin[q - 1];
  // edges: the arcs of one source to one target merged (arcs are sorted by source, then
  // symbol; a map from target to edge per source keeps the merge linear)
  const std::size_t words = g.symbol_words();
  g.edge_begin.assign(std::size_t(a.states) + 2, 0);
  std::vector<int> edge_of(std::size_t(a.states) + 1, -1);
  for (int q = 1; q <= a.states; ++q) {
    g.edge_begin[std::size_t(q)] = int(g.edge_to.size());
    const int first = int(g.edge_to.size());
    for (int arc = g.begin[std::size_t(q)]; arc < g.begin[std::size_t(q) + 1]; ++arc) {
      const int to = g.to[std::size_t(arc)];
      int& e = edge_of[std::size_t(to)];
      if (e < first) {
        e = int(g.edge_to.size());
        g.edge_from.push_back(q);
        g.edge_to.push_back(to);
        g.edge_mask.resize(g.edge_mask.size() + words, 0);
      }
      const int sym = g.symbol[std::size_t(arc)];
      g.edge_mask[std::size_t(e) * words + std::size_t(sym) / 64] |= std::uint64_t{1} << (sym % 64);
    }
  }
  g.edge_begin[std::size_t(a.states) + 1] = int(g.edge_to.size());
  g.into_begin.assign(std::size_t(a.states) + 2, 0);
  for (const int to : g.edge_to) ++g.into_begin[std::size_t(to) + 1];
  for (std::size_t q = 1; q < g.into_begin.size(); ++q) g.into_begin[q] += g.into_begin[q - 1];
  g.into.resize(g.edge_to.size());
  {
    std::vector<int> at(g.into_begin.begin(), g.into_begin.end() - 1);
    for (int e = 0; e < int(g.edge_to.size()); ++e)
      g.into[std::size_t(at[std::size_t(g.edge_to[std::size_t(e)])]++)] = e;
  }
  // a deterministic automaton's table, for check() (not when it would be huge)
  const std::size_t cells = (std::size_t(a.states) + 1) * g.symbols.size();
  if (a.deterministic() && cells <= (std::size_t{1} << 24)) {
    g.dense.assign(cells, 0);
    for (int q = 1; q <= a.states; ++q)
      for (int arc = g.begin[std::size_t(q)]; arc < g.begin[std::size_t(q) + 1]; ++arc)
        g.dense[std::size_t(q) * g.symbols.size() + std::size_t(g.symbol[std::size_t(arc)])] =
            g.to[std::size_t(arc)];
  }
  return g;
}

}  // namespace detail
}  // namespace solve
