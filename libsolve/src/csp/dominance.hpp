#pragma once
// Dominance detection for skip_equivalent_states (solve/symmetry.hpp), done by the search
// engine rather than by a constraint: the states met belong to one search, and all its
// workers must see them.
//
// A state is the canonical key of the assigned prefix of a declaration's variables. The first
// search node to record a state owns it and explores its subtree; any other node that meets
// the same state later, in any worker, is dominated and fails. Ownership is first come, first
// served, so it is acyclic and every class of states is explored exactly once, whatever the
// order or the number of threads. The states owned along the current branch are kept on a
// stack: a descendant whose prefix has not grown is in the same state as its ancestor (never
// dominated), and backtracking drops the entries of the levels it leaves. A worker that starts
// below the root replays a path its search has already admitted: those states are its own.
#include <cstdint>
#include <memory>
#include <vector>

#include "solve/model.hpp"
#include "solve/space.hpp"
#include "solve/symmetry.hpp"

namespace solve::detail {

/// What skip_equivalent_states put in a model: the variables and the key of their prefix.
struct StateDeclaration {
  std::vector<Var> xs;
  StateKey key;
};

/// The declarations of m in posting order (defined next to skip_equivalent_states).
std::vector<const StateDeclaration*> state_declarations(const Model& m);

/// The states recorded by one search, safe to share between its workers.
class StateStore {
 public:
  StateStore();
  ~StateStore();
  StateStore(const StateStore&) = delete;
  StateStore& operator=(const StateStore&) = delete;
  /// Records key; true when it was new (the caller owns the state), false when known.
  bool insert(const std::vector<std::uint32_t>& key);

 private:
  struct Shard;
  std::unique_ptr<Shard[]> shards_;
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
  /// At a search node of level `level` whose propagation succeeded: false when its state is
  /// owned by another node (the node is dominated). With `replay` the node is on a path this
  /// search already admitted: never dominated, its new states become this path's.
  bool admit(const Space& s, int level, bool replay);
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
    const StateDeclaration* decl;
    StateStore* store;
    std::vector<Owned> path;
  };
  std::shared_ptr<StateStores> stores_;
  std::vector<Filter> filters_;
  std::vector<int> values_;         // scratch: the prefix values
  std::vector<std::uint32_t> key_;  // scratch: their key
};

}  // namespace solve::detail
