#pragma once
// Bin packing with a load per bin: items of fixed sizes go into bins, and each bin's load is
// the sum of the sizes put in it (MiniZinc's bin_packing_load). Built on the public Constraint
// interface (constraint.hpp).
//
//   // 5 items into bins 1..3 of capacity 10
//   auto load = m.add_vars(3, 0, 10, "load");
//   auto bin = m.add_vars(5, 1, 3, "bin");
//   solve::bin_packing_load(m, load, bin, std::vector<int>{4, 3, 3, 5, 2});
#include <span>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// load[b] == sum of weights[i] over the items i with bin[i] == base + b, and every bin[i]
/// lies in base .. base + load.size() - 1. Throws ModelError when bin and weights differ in
/// length, a weight is negative, load is empty, or the weights' sum passes 2^31 - 1.
/// Propagation (arc and domain), repeated to a fixpoint: bin[i] kept within the bins; each
/// load between the weight of the items surely in the bin and of those possibly in it, and
/// between the total weight minus the other loads' max and minus their min; a bin leaves the
/// domain of an item that would overflow its load's max; an item that the bin's load needs
/// (the others possible fall short of its min) is put in it. O(n * d) per pass. Then Shaw's
/// knapsack reasoning (NoSum) per bin: no subset of its open items fitting the room left fails
/// it, and a load's bound that no subset reaches moves to the next one some subset may make
/// (O(n log n) per bin).
SOLVE_API void bin_packing_load(Model& m, std::span<const Var> load, std::span<const Var> bin,
                                std::span<const int> weights, int base = 1);

}  // namespace solve
