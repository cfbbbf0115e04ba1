#pragma once
// Dominance detection for skip_equivalent_states (solve/symmetry.hpp), done by the search
// engine rather than by a constraint: the states met belong to one search, and all its
// workers must see them.
//
// A state is the canonical key of the assigned prefix of a declaration's variables. The first
// search node to record a state owns it and explores its subtree; any other node that meets
// the same state later, in any worker, is dominated and fails. Ownership is first come, first
// served, so it is acyclic and every class of states is explored exactly once, whatever the
// order or the number of threads. A node is named by a hash of its decisions from the root,
// the same in every worker: when workers share a subtree (one gave part of its alternatives
// to another), both pass through its root and its ancestors, and a state owned by the very
// node they stand on is theirs, not a dominating one. The states owned along the current
// branch are kept on a stack: a descendant whose prefix has not grown is in the same state as
// its ancestor (never dominated), and backtracking drops the entries of the levels it leaves.
//
// Bounded memory (Model::EquivalentStates::max_bytes > 0): each shard of the store keeps two
// generations; when the newer one holds its share of half the budget it becomes the older
// one and the previous older one is forgotten. A forgotten state is recorded again by the
// next node to meet it, which then owns it: its subtree is searched once more (sound, a
// class may be reported twice). A node dominated by a state relies on the state's owner at
// that moment, which explores its subtree whatever happens to the store later; dominance
// still cannot go round in a circle, since a dominated node's state is longer than the
// state of every node it depends on further up.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "solve/model.hpp"
#include "solve/space.hpp"

namespace solve::detail::csp {

/// The states recorded by one search, safe to share between its workers.
class StateStore {
 public:
  /// max_bytes: about the memory of the states kept (0: keep every state).
  explicit StateStore(std::size_t max_bytes = 0);
  ~StateStore();
  StateStore(const StateStore&) = delete;
  StateStore& operator=(const StateStore&) = delete;
  /// Records key as owned by `node` unless it is known; returns its owner.
  std::uint64_t insert(const std::vector<std::uint32_t>& key, std::uint64_t node);

 private:
  struct Shard;
  std::unique_ptr<Shard[]> shards_;
  std::size_t shard_bytes_;  // each shard's budget for its newer generation (0: unbounded)
};

/// The stores of one search: one per declaration of the model, shared by its engines.
using StateStores = std::vector<std::unique_ptr<StateStore>>;
std::shared_ptr<StateStores> make_state_stores(const Model& m);

/// One search engine's view: the declarations, the shared stores, the states owned on the path.
class Dominance {
 public:
  /// stores: from make_state_stores(m) (shared by several engines), or null for a store of
  /// this engine's own.
  Dominance(const Model& m, std::shared_ptr<StateStores> stores);
  /// True when the model declares nothing (then admit() always holds).
  bool empty() const { return filters_.empty(); }
  /// The name of the root node; a child's is mix(parent's, its decision).
  static constexpr std::uint64_t root_node = 0x243F6A8885A308D3ULL;
  static std::uint64_t mix(std::uint64_t node, Var x, int v, bool equal) {
    std::uint64_t h = node ^ (std::uint64_t(std::uint32_t(x.id)) << 33 |
                              std::uint64_t(std::uint32_t(v)) << 1 | equal);
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
  }
  /// At search node `node` of level `level`, whose propagation succeeded: false when its
  /// state is owned by another node (the node is dominated).
  bool admit(const Space& s, int level, std::uint64_t node);
  /// Forgets the states recorded at levels deeper than `level` (after backtracking to it).
  void backtrack(int level) {
    for (Filter& f : filters_)
      while (!f.path.empty() && f.path.back().level > level) f.path.pop_back();
  }

 private:
  struct Owned {
    int level;      // search level where the state was recorded
    std::size_t k;  // length of its prefix
  };
  struct Filter {
    const Model::EquivalentStates* decl;
    StateStore* store;
    std::vector<Owned> path;
  };
  std::shared_ptr<StateStores> stores_;
  std::vector<Filter> filters_;
  std::vector<int> values_;         // scratch: the prefix values
  std::vector<std::uint32_t> key_;  // scratch: their key
};

}  // namespace solve::detail::csp
