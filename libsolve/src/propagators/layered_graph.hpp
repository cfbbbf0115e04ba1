#pragma once
// An Automaton (solve/automaton.hpp) in the form the regular and cost_regular propagators
// walk: symbols numbered 0..k-1 in ascending order, the transitions grouped by their source
// state (one contiguous run per state), validated once at post time.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "solve/automaton.hpp"
#include "solve/space.hpp"

namespace solve::detail {

struct LayeredAutomaton {
  int states = 0;  // Q: states 1..Q (index 0 unused)
  int start = 1;
  std::vector<char> final;    // per state 0..Q
  std::vector<int> symbols;   // distinct, ascending
  std::vector<int> begin;     // arcs of state q: begin[q] .. begin[q + 1] - 1
  std::vector<int> symbol;    // per arc: index into symbols
  std::vector<int> to;        // per arc: target state
  std::vector<int> original;  // per arc: its index in Automaton::transitions
  // The arcs merged per (source, target) pair into edges, each with the mask of its symbols
  // (words symbol_words() apart): the incremental regular walks these, one test per pair of
  // states instead of one per symbol.
  std::vector<int> edge_begin;           // edges of state q: edge_begin[q] .. edge_begin[q + 1] - 1
  std::vector<int> edge_from, edge_to;   // per edge
  std::vector<std::uint64_t> edge_mask;  // per edge: symbol_words() words
  std::vector<int> into_begin;  // edges into q: into[into_begin[q] .. into_begin[q + 1] - 1]
  std::vector<int> into;        // edge indices grouped by target state
  std::size_t symbol_words() const { return (symbols.size() + 63) / 64; }
  const std::uint64_t* mask(int edge) const {
    return edge_mask.data() + std::size_t(edge) * symbol_words();
  }
  bool contiguous = false;  // symbols are lo, lo + 1, ...: index = v - lo
  std::vector<int> dense;   // deterministic: (Q + 1) x k targets (0: none); else empty

  /// The index of value v among the symbols, or -1.
  int symbol_index(int v) const {
    if (symbols.empty()) return -1;
    if (contiguous) {
      const long long k = (long long)v - symbols.front();
      return k >= 0 && k < (long long)symbols.size() ? int(k) : -1;
    }
    const auto it = std::lower_bound(symbols.begin(), symbols.end(), v);
    return it != symbols.end() && *it == v ? int(it - symbols.begin()) : -1;
  }
  int arcs() const { return int(to.size()); }
  /// dom[j] = 1 for the symbols j that x can take (dom: symbols.size() entries, cleared).
  void mark_domain(const Space& s, Var x, char* dom) const {
    const std::size_t k = symbols.size();
    if (std::size_t(s.size(x)) < k) {
      s.for_each_value(x, [&](int v) {
        const int j = symbol_index(v);
        if (j >= 0) dom[j] = 1;
      });
    } else {
      for (std::size_t j = 0; j < k; ++j) dom[j] = s.contains(x, symbols[j]);
    }
  }
};

/// Validates (ModelError naming `who` and the problem) and groups the transitions.
LayeredAutomaton layered(const Automaton& a, const char* who);

}  // namespace solve::detail
