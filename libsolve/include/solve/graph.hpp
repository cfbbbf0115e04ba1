#pragma once
// Graph constraints over successor variables: circuit (a Hamiltonian cycle), subcircuit (a
// cycle through some of the nodes) and inverse (two arrays that are each other's inverse
// functions). Node i of an array of n variables is the value base + i, as in MiniZinc, whose
// arrays start at 1:
//
//   // a tour of 5 cities: next[i] is the city after city i + 1 (values 1..5)
//   solve::circuit(m, next, 1);
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// succ[i] == base + j means node j follows node i, and the edges form one cycle through
/// all n nodes (n == 1: succ[0] == base). Implies all_different(succ), which it posts.
/// Propagation: values outside base..base + n - 1 and self loops go; for each path of
/// assigned edges that does not yet visit every node, its end may not return to its start
/// (no sub-tour); the search fails as soon as the graph of the edges left is not strongly
/// connected (Tarjan, O(n + edges) a call). Throws ModelError when a variable appears twice
/// (as the same view), like all_different.
SOLVE_API void circuit(Model& m, std::span<const Var> succ, int base = 0);

/// Like circuit, but succ[i] == base + i means node i is out; the nodes that are in form one
/// cycle (of at least two nodes), or no node is in. Propagation: as circuit's, the closing
/// of a path refused while some node outside it must be in; every edge between two strongly
/// connected components goes, a node alone in its component is out, and two nodes that
/// must be in but lie in different components fail. Posts all_different(succ) too.
SOLVE_API void subcircuit(Model& m, std::span<const Var> succ, int base = 0);

/// f[i] == base_g + j exactly when g[j] == base_f + i, for every i and j (so f and g are
/// inverse bijections; arrays of different sizes are unsatisfiable). Propagation: domain
/// consistent channelling (j stays in f[i] only while i is in g[j], and the other way
/// round; values outside the other array's index range go), plus all_different on f and on
/// g. Throws ModelError when a variable appears twice in f or in g.
SOLVE_API void inverse(Model& m, std::span<const Var> f, std::span<const Var> g, int base_f = 0,
                       int base_g = 0);

}  // namespace solve
