#pragma once
// Automaton constraints: a sequence of variables spells a word that a finite automaton
// accepts (regular), and the cost of that word's path (cost_regular). Both propagate on the
// layered graph of the automaton unrolled over the sequence (Pesant 2004): layer i holds the
// states the automaton can be in after i symbols; an arc (q, v, q') of layer i survives when
// x[i] can take v, q is reachable from the start and q' can still reach a final state.
//
//   // a row of a nonogram with the clue "2 1" (0 white, 1 black): states 1 (whites before
//   // the 2), 2 and 3 (its cells), 4 (whites between), 5 (the 1), 6 (whites after)
//   solve::Automaton a = solve::Automaton::dfa(6, {0, 1},
//       {1, 2,   0, 3,   4, 0,   4, 5,   6, 0,   6, 0}, 1, {5, 6});
//   solve::regular(m, row, a);  // 6 cells: 6 solutions
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// A finite automaton over integer symbols, in MiniZinc's convention: states 1..states,
/// state 0 stands for "no transition" (the failing state). It may be nondeterministic
/// (several transitions from one state on one symbol); cost_regular needs it deterministic.
struct SOLVE_API Automaton {
  struct Transition {
    int from = 0;    ///< a state in 1..states
    int symbol = 0;  ///< the value a variable takes to follow it
    int to = 0;      ///< a state in 1..states
  };
  int states = 0;                       ///< Q: the states are 1..Q
  int start = 1;                        ///< the initial state
  std::vector<int> finals;              ///< the accepting states
  std::vector<Transition> transitions;  ///< any order; no two equal

  /// MiniZinc's regular(x, Q, S, d, q0, F): symbols s[0..k-1] (the columns of d) and the
  /// table d, Q rows of k entries, row-major: d[(q - 1) * k + j] is the state after symbol
  /// s[j] in state q, 0 for none. Throws ModelError when a size or a state is out of range.
  static Automaton dfa(int states, std::span<const int> symbols, std::span<const int> table,
                       int start, std::span<const int> finals);
  /// The same with initializer lists (for hand-written automata).
  static Automaton dfa(int states, std::initializer_list<int> symbols,
                       std::initializer_list<int> table, int start,
                       std::initializer_list<int> finals) {
    return dfa(states, std::span<const int>(symbols.begin(), symbols.size()),
               std::span<const int>(table.begin(), table.size()), start,
               std::span<const int>(finals.begin(), finals.size()));
  }
  /// True when no state has two transitions on one symbol.
  bool deterministic() const;
  /// True when the automaton accepts the word (runs every path: nondeterminism allowed).
  bool accepts(std::span<const int> word) const;
};

/// The word xs[0] xs[1] ... xs[n-1] is accepted by the automaton. Domain consistent
/// (Pesant's layered graph: every value left lies on an accepting path of the unrolled
/// automaton), O(n * |transitions|) per run. Throws ModelError when a state is out of range
/// (start, finals or a transition's ends outside 1..states) or a transition is repeated.
SOLVE_API void regular(Model& m, std::span<const Var> xs, const Automaton& automaton);

/// As regular, and total == the sum of the costs of the transitions the word takes:
/// costs[k] is the cost of automaton.transitions[k] (MiniZinc's cost_regular gives a cost
/// per (state, symbol), which is one per transition of a deterministic automaton). Prunes
/// total to [shortest, longest] accepting path, and removes a value of x[i] when every path
/// through it costs more than max(total) or less than min(total) (bounds reasoning: total's
/// holes are not used). O(n * |transitions|) per run. Throws ModelError as regular does, when
/// the automaton is not deterministic, when costs and transitions differ in number, or when
/// n * max |cost| exceeds 2^40 (the sums stay far from 64-bit overflow).
SOLVE_API void cost_regular(Model& m, std::span<const Var> xs, const Automaton& automaton,
                            std::span<const std::int64_t> costs, Var total);

}  // namespace solve
