#pragma once
// Symmetry breaking during search by dominance detection (SBDD, after Fahle, Schamberger and
// Sellmann 2001, and Focacci and Milano 2001), for symmetries the user can describe by a
// canonical key of a partial assignment.
//
// skip_equivalent_states(m, xs, key): whenever the first k variables of xs are assigned,
// key(values) names the state; a node whose state was already met elsewhere in the search
// (not on its own branch) fails, since its subtree holds the same solutions up to the
// symmetry. The caller promises that two prefixes with equal keys have the same completions
// (up to the symmetry it wants to ignore). Solutions are then lost only if they are
// symmetric to solutions already reported, so counts become counts of classes.
//
//   // identical items: the state is the multiset of (item kind, position) placed so far
//   solve::skip_equivalent_states(m, xs, [&](std::span<const int> v, std::vector<std::uint32_t>& k) {
//     for (std::size_t i = 0; i < v.size(); ++i) k.push_back(kind[i] << 16 | v[i]);
//     std::sort(k.begin(), k.end());
//   });
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// Fails nodes whose prefix state was explored before (see above). Works with any search of
/// this library; the memory grows with the number of distinct states. The search does the
/// work (not a constraint): the first node to meet a state owns it, later ones in any worker
/// fail, so counts of classes are the same for every number of threads. With threads > 1 the
/// key function is called from several threads at once: keep it a pure function.
///
/// Memory: with max_bytes = 0 the table of states grows with the number of distinct states
/// (counts are then exact counts of classes). With max_bytes > 0 it stays near that size:
/// when the newer half is full, the older half is forgotten. Forgetting a state is sound (its
/// subtree is merely searched again), but a class may then be reported more than once, so
/// use a bound when solutions are deduplicated anyway or only existence matters.
/// (Model::skip_equivalent_states records the declaration; this is its short form.)
inline void skip_equivalent_states(Model& m, std::span<const Var> xs, StateKey key,
                                   std::size_t max_bytes = 0) {
  m.skip_equivalent_states({std::vector<Var>(xs.begin(), xs.end()), std::move(key), max_bytes});
}

}  // namespace solve
