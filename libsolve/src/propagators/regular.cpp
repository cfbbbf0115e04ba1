// regular: the word of the scope is accepted by an automaton. Pesant's filtering on the
// layered graph (layer i: the states after i symbols), kept incrementally between runs.
//
// The first run in a search branch is a full pass: a forward pass lists the states reachable
// from the start after i symbols, a backward pass keeps those that still reach a final state
// after n, and a value of x[i] survives when some arc of layer i on it joins two kept states
// (the GAC fixpoint). The kept nodes (layer, state) and the symbols each layer had are then
// stored as reversible bitsets (Space::save_word), so later runs only repair them: a layer
// whose variable lost values rechecks the nodes on its lost arcs, a node without an arc in
// or out dies, its neighbours are rechecked in turn, and only the layers next to a dead node
// recompute which values keep a support. On a 420-cell board with 17 automata of up to 180
// states (pentominoes) a run costs a few node checks instead of a pass over every layer.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>

#include "layered_graph.hpp"
#include "layered_reason.hpp"
#include "solve/automaton.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

class Regular final : public CloneableConstraint<Regular> {
 public:
  Regular(std::vector<Var> xs, std::shared_ptr<const LayeredAutomaton> g)
      : xs_(std::move(xs)), g_(std::move(g)) {
    const std::size_t n = xs_.size();
    state_words_ = (std::size_t(g_->states) + 1 + 63) / 64;
    symbol_words_ = (g_->symbols.size() + 63) / 64;
    alive_.assign((n + 1) * state_words_, 0);
    alive_stamps_.assign(alive_.size(), 0);
    present_.assign(n * symbol_words_, 0);
    present_stamps_.assign(present_.size(), 0);
    left_.assign(n, 0);
    left_stamps_.assign(n, 0);
    removed_.assign(symbol_words_, 0);
    support_bits_.assign(symbol_words_, 0);
    layer_marked_.assign(n, 0);
    std::vector<int> ids;
    for (const Var& x : xs_) ids.push_back(x.id);
    std::sort(ids.begin(), ids.end());
    repeated_ = std::adjacent_find(ids.begin(), ids.end()) != ids.end();
  }
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "regular"; }
  Wake wakes_on(Propagation) const override { return Wake::domain; }
  /// Below arc the engine checks (none) and forward-checks (forward) through check().
  Propagation propagates_from() const override { return Propagation::arc; }

  bool check(std::span<const int> word) const override { return accepts(*g_, word); }

  PropStatus propagate(Space& s) override {
    if (s.id() != store_) reset(s.id());
    if (!synced_) {
      if (!full_pass(s)) return PropStatus::failed;
    } else if (!repair(s)) {
      return PropStatus::failed;
    }
    bool all_assigned = true;
    for (std::size_t i = 0; i < xs_.size(); ++i) {
      // a variable named twice: pruning it at one layer changed it at another
      if (repeated_ && left_[i] != std::uint64_t(s.size(xs_[i]))) return PropStatus::changed;
      all_assigned = all_assigned && s.assigned(xs_[i]);
    }
    return all_assigned ? PropStatus::entailed : PropStatus::fixpoint;
  }

  // The values of the other layers that cut every path through the lost value (or every
  // word), found on the graph of `before` (layered_reason.hpp): the pruning is Pesant's GAC,
  // which the incremental repair reaches too.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      reason_.start(*g_, xs_, before);
      if (!pruned) return reason_.mark_no_word() && reason_.name(r);
      return explain_by_removals(before, *pruned, r,
                                 [&](int w, Reason&) { return reason_.mark_lost(pruned->var, w); }) &&
             reason_.name(r);
    });
  }

  /// The word is accepted (every path followed; one state at a time when deterministic).
  static bool accepts(const LayeredAutomaton& g, std::span<const int> word) {
    if (!g.dense.empty()) {  // deterministic: one state, no allocation
      int q = g.start;
      for (const int v : word) {
        const int j = g.symbol_index(v);
        if (j < 0) return false;
        q = g.dense[std::size_t(q) * g.symbols.size() + std::size_t(j)];
        if (q == 0) return false;
      }
      return g.final[std::size_t(q)];
    }
    std::vector<char> now(std::size_t(g.states) + 1, 0), next(now.size());
    now[std::size_t(g.start)] = 1;
    for (const int v : word) {
      const int sym = g.symbol_index(v);
      if (sym < 0) return false;
      std::fill(next.begin(), next.end(), 0);
      bool any = false;
      for (int q = 1; q <= g.states; ++q) {
        if (!now[std::size_t(q)]) continue;
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a)
          if (g.symbol[std::size_t(a)] == sym) next[std::size_t(g.to[std::size_t(a)])] = any = 1;
      }
      if (!any) return false;
      now.swap(next);
    }
    for (int q = 1; q <= g.states; ++q)
      if (now[std::size_t(q)] && g.final[std::size_t(q)]) return true;
    return false;
  }

 private:
  // ---- the full pass (the first run in a branch) ----

  /// Pesant's two passes from the current domains; stores the kept nodes and the layers'
  /// symbols. False when no word is left.
  bool full_pass(Space& s) {
    const LayeredAutomaton& g = *g_;
    const std::size_t n = xs_.size(), k = g.symbols.size(), width = std::size_t(g.states) + 1;
    in_dom_.assign(n * k, 0);
    for (std::size_t i = 0; i < n; ++i) g.mark_domain(s, xs_[i], in_dom_.data() + i * k);
    // a cell (layer, state) is marked when it holds this run's stamp: no clearing per run
    const std::size_t cells = (n + 1) * width;
    if (++stamp_ == 0 || reach_.size() != cells) {
      reach_.assign(cells, 0);
      kept_.assign(cells, 0);
      stamp_ = 1;
    }
    // forward: the states reachable after i symbols, listed per layer
    // (layer i: states_[first_[i]] .. states_[first_[i + 1] - 1])
    states_.clear();
    first_.assign(n + 2, 0);
    states_.push_back(g.start);
    reach_[std::size_t(g.start)] = stamp_;
    for (std::size_t i = 0; i < n; ++i) {
      const char* dom = in_dom_.data() + i * k;
      std::uint32_t* next = &reach_[(i + 1) * width];
      first_[i + 1] = states_.size();
      for (std::size_t at = first_[i]; at < first_[i + 1]; ++at) {
        const int q = states_[at];
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a) {
          const int to = g.to[std::size_t(a)];
          if (dom[g.symbol[std::size_t(a)]] && next[to] != stamp_) {
            next[to] = stamp_;
            states_.push_back(to);
          }
        }
      }
      if (states_.size() == first_[i + 1]) return false;
    }
    first_[n + 1] = states_.size();
    // backward: the reachable states that still reach a final one; the values on their arcs
    bool any = false;
    for (std::size_t at = first_[n]; at < first_[n + 1]; ++at)
      if (g.final[std::size_t(states_[at])]) {
        kept_[n * width + std::size_t(states_[at])] = stamp_;
        any = true;
      }
    if (!any) return false;
    support_.assign(n * k, 0);
    for (std::size_t i = n; i-- > 0;) {
      const char* dom = in_dom_.data() + i * k;
      const std::uint32_t* later = &kept_[(i + 1) * width];
      std::uint32_t* here = &kept_[i * width];
      char* sup = support_.data() + i * k;
      for (std::size_t at = first_[i]; at < first_[i + 1]; ++at) {
        const int q = states_[at];
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a) {
          const int sym = g.symbol[std::size_t(a)];
          if (dom[sym] && later[g.to[std::size_t(a)]] == stamp_) {
            here[q] = stamp_;
            sup[sym] = 1;
          }
        }
      }
    }
    // store the kept nodes, then prune each layer to its supported symbols
    for (std::size_t i = 0; i <= n; ++i)
      for (std::size_t w = 0; w < state_words_; ++w) {
        std::uint64_t bits = 0;
        for (std::size_t b = 0; b < 64 && w * 64 + b < width; ++b)
          if (kept_[i * width + w * 64 + b] == stamp_) bits |= std::uint64_t{1} << b;
        set_word(s, alive_, alive_stamps_, i * state_words_ + w, bits);
      }
    for (std::size_t i = 0; i < n; ++i) {
      std::fill(support_bits_.begin(), support_bits_.end(), 0);
      const char* sup = support_.data() + i * k;
      for (std::size_t j = 0; j < k; ++j)
        if (sup[j]) support_bits_[j / 64] |= std::uint64_t{1} << (j % 64);
      if (!keep_supported(s, i, /*whole domain*/ true)) return false;
    }
    s.save_word(synced_, synced_stamp_);
    synced_ = 1;
    return true;
  }

  // ---- the repair (every later run) ----

  /// Brings the stored graph up to the current domains. False on a wipe-out.
  bool repair(Space& s) {
    const LayeredAutomaton& g = *g_;
    const std::size_t n = xs_.size();
    out_check_.clear();
    in_check_.clear();
    for (const std::uint32_t i : marked_) layer_marked_[i] = 0;  // left over by a failed run
    marked_.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t size = std::uint64_t(s.size(xs_[i]));
      if (size == left_[i]) continue;
      // the symbols x[i] lost since the last run
      bool lost = false;
      for (std::size_t w = 0; w < symbol_words_; ++w) {
        std::uint64_t gone = 0;
        for (std::uint64_t bits = present(i)[w]; bits; bits &= bits - 1) {
          const std::size_t j = w * 64 + std::size_t(std::countr_zero(bits));
          if (!s.contains(xs_[i], g.symbols[j])) gone |= std::uint64_t{1} << (j % 64);
        }
        removed_[w] = gone;
        if (gone) {
          set_word(s, present_, present_stamps_, i * symbol_words_ + w, present(i)[w] & ~gone);
          lost = true;
        }
      }
      set_left(s, i, size);
      if (!lost) continue;
      // the nodes of layer i on a lost arc, and the nodes of layer i + 1 it led to
      for_each_alive(i, [&](int q) {
        for (int e = g.edge_begin[std::size_t(q)]; e < g.edge_begin[std::size_t(q) + 1]; ++e) {
          const int to = g.edge_to[std::size_t(e)];
          if (!meets(g.mask(e), removed_.data()) || !alive(i + 1, to)) continue;
          out_check_.push_back({std::uint32_t(i), q});
          in_check_.push_back({std::uint32_t(i + 1), to});
        }
      });
    }
    // kill the nodes left without an arc out (to a live node) or in (from one), until none
    while (!out_check_.empty() || !in_check_.empty()) {
      if (!out_check_.empty()) {
        const Node v = out_check_.back();
        out_check_.pop_back();
        if (alive(v.layer, v.state) && !has_out(v.layer, v.state) && !kill(s, v)) return false;
      } else {
        const Node v = in_check_.back();
        in_check_.pop_back();
        if (alive(v.layer, v.state) && !has_in(v.layer, v.state) && !kill(s, v)) return false;
      }
    }
    // a value keeps a support unless a node next to its layer died
    for (const std::uint32_t i : marked_) {
      layer_marked_[i] = 0;
      std::fill(support_bits_.begin(), support_bits_.end(), 0);
      for_each_alive(i, [&](int q) {
        for (int e = g.edge_begin[std::size_t(q)]; e < g.edge_begin[std::size_t(q) + 1]; ++e)
          if (alive(i + 1, g.edge_to[std::size_t(e)]))
            for (std::size_t w = 0; w < symbol_words_; ++w)
              support_bits_[w] |= g.mask(e)[w] & present(i)[w];
      });
      if (!keep_supported(s, i, /*whole domain*/ false)) return false;
    }
    return true;
  }

  struct Node {
    std::uint32_t layer;
    int state;
  };

  /// Node v has an arc on a symbol of its layer to a live node of the next layer (the last
  /// layer's live nodes are final).
  bool has_out(std::size_t i, int q) const {
    const LayeredAutomaton& g = *g_;
    if (i == xs_.size()) return true;
    for (int e = g.edge_begin[std::size_t(q)]; e < g.edge_begin[std::size_t(q) + 1]; ++e)
      if (alive(i + 1, g.edge_to[std::size_t(e)]) && meets(g.mask(e), present(i))) return true;
    return false;
  }
  /// Node v has an arc from a live node of the layer before, on a symbol of that layer.
  bool has_in(std::size_t i, int q) const {
    const LayeredAutomaton& g = *g_;
    if (i == 0) return true;
    for (int k = g.into_begin[std::size_t(q)]; k < g.into_begin[std::size_t(q) + 1]; ++k) {
      const int e = g.into[std::size_t(k)];
      if (alive(i - 1, g.edge_from[std::size_t(e)]) && meets(g.mask(e), present(i - 1)))
        return true;
    }
    return false;
  }
  /// The symbol sets a and b (symbol_words_ words each) share a symbol.
  bool meets(const std::uint64_t* a, const std::uint64_t* b) const {
    for (std::size_t w = 0; w < symbol_words_; ++w)
      if (a[w] & b[w]) return true;
    return false;
  }
  /// Removes node v; its neighbours get checked, the layers beside it recompute their
  /// supports. False when its layer has no node left.
  bool kill(Space& s, Node v) {
    const LayeredAutomaton& g = *g_;
    const std::size_t i = v.layer, at = i * state_words_ + std::size_t(v.state) / 64;
    set_word(s, alive_, alive_stamps_, at, alive_[at] & ~(std::uint64_t{1} << (v.state % 64)));
    bool empty = true;
    for (std::size_t w = 0; w < state_words_ && empty; ++w)
      empty = alive_[i * state_words_ + w] == 0;
    if (empty) return false;
    if (i < xs_.size()) {
      mark(i);
      for (int e = g.edge_begin[std::size_t(v.state)]; e < g.edge_begin[std::size_t(v.state) + 1];
           ++e) {
        const int to = g.edge_to[std::size_t(e)];
        if (alive(i + 1, to) && meets(g.mask(e), present(i)))
          in_check_.push_back({std::uint32_t(i + 1), to});
      }
    }
    if (i > 0) {
      mark(i - 1);
      for (int k = g.into_begin[std::size_t(v.state)]; k < g.into_begin[std::size_t(v.state) + 1];
           ++k) {
        const int e = g.into[std::size_t(k)], from = g.edge_from[std::size_t(e)];
        if (alive(i - 1, from) && meets(g.mask(e), present(i - 1)))
          out_check_.push_back({std::uint32_t(i - 1), from});
      }
    }
    return true;
  }

  void mark(std::size_t i) {
    if (layer_marked_[i]) return;
    layer_marked_[i] = 1;
    marked_.push_back(std::uint32_t(i));
  }

  /// Removes from x[i] the symbols of its layer outside support_bits_ (and, for the whole
  /// domain, every value that is no symbol at all) and records the support as the layer's
  /// symbols. A variable named twice may have lost some of them at another layer in this
  /// run: the layer still records them (the live nodes were computed with them) with their
  /// count, which then differs from x[i]'s size, so the next run repairs the layer.
  bool keep_supported(Space& s, std::size_t i, bool whole_domain) {
    const LayeredAutomaton& g = *g_;
    const Var x = xs_[i];
    bool same = !whole_domain;
    for (std::size_t w = 0; w < symbol_words_ && same; ++w)
      same = (present(i)[w] & ~support_bits_[w]) == 0;
    if (same) return true;
    values_.clear();
    std::uint64_t count = 0;
    for (std::size_t w = 0; w < symbol_words_; ++w)
      for (std::uint64_t bits = support_bits_[w]; bits; bits &= bits - 1) {
        const int v = g.symbols[w * 64 + std::size_t(std::countr_zero(bits))];
        ++count;
        if (!repeated_ || s.contains(x, v)) values_.push_back(v);
      }
    if (int(values_.size()) != s.size(x) && s.keep_only(x, values_) == Event::failed) return false;
    for (std::size_t w = 0; w < symbol_words_; ++w)
      set_word(s, present_, present_stamps_, i * symbol_words_ + w, support_bits_[w]);
    set_left(s, i, count);
    return true;
  }

  /// The state of a search that has not run this constraint yet: nothing stored, nothing
  /// trailed (the next run is a full pass).
  void reset(std::uint64_t store) {
    store_ = store;
    synced_ = synced_stamp_ = 0;
    std::fill(alive_stamps_.begin(), alive_stamps_.end(), 0);
    std::fill(present_stamps_.begin(), present_stamps_.end(), 0);
    std::fill(left_stamps_.begin(), left_stamps_.end(), 0);
  }

  bool alive(std::size_t i, int q) const {
    return (alive_[i * state_words_ + std::size_t(q) / 64] >> (q % 64)) & 1u;
  }
  const std::uint64_t* present(std::size_t i) const { return present_.data() + i * symbol_words_; }
  bool has_symbol(std::size_t i, int sym) const {
    return (present(i)[std::size_t(sym) / 64] >> (sym % 64)) & 1u;
  }
  template <class F>
  void for_each_alive(std::size_t i, F&& f) const {
    for (std::size_t w = 0; w < state_words_; ++w)
      for (std::uint64_t bits = alive_[i * state_words_ + w]; bits; bits &= bits - 1)
        f(int(w * 64 + std::size_t(std::countr_zero(bits))));
  }
  static void set_word(Space& s, std::vector<std::uint64_t>& words,
                       std::vector<std::uint64_t>& stamps, std::size_t at, std::uint64_t value) {
    if (words[at] == value) return;
    s.save_word(words[at], stamps[at]);
    words[at] = value;
  }
  void set_left(Space& s, std::size_t i, std::uint64_t size) {
    if (left_[i] == size) return;
    s.save_word(left_[i], left_stamps_[i]);
    left_[i] = size;
  }

  std::vector<Var> xs_;
  std::shared_ptr<const LayeredAutomaton> g_;  // immutable, shared by the clones
  bool repeated_ = false;                      // the scope names a variable twice
  std::size_t state_words_ = 0, symbol_words_ = 0;
  // reversible state (Space::save_word), each word with its stamp; valid when synced_ and
  // store_ is the store running the constraint
  std::uint64_t store_ = 0;
  std::uint64_t synced_ = 0, synced_stamp_ = 0;          // a full pass ran in this branch
  std::vector<std::uint64_t> alive_, alive_stamps_;      // per layer 0..n: its live states
  std::vector<std::uint64_t> present_, present_stamps_;  // per layer 0..n-1: its symbols
  // per layer: how many symbols present_ has; x[i]'s domain is a subset of them, so a size
  // that differs says the layer lost symbols since the last run
  std::vector<std::uint64_t> left_, left_stamps_;
  // scratch of the full pass (reach_ / kept_ by stamp)
  std::vector<char> in_dom_, support_;
  std::vector<std::uint32_t> reach_, kept_;
  std::uint32_t stamp_ = 0;
  std::vector<int> states_;         // the reachable states, layer after layer
  std::vector<std::size_t> first_;  // where each layer's states start in states_
  // scratch of the repair
  std::vector<Node> out_check_, in_check_;
  std::vector<std::uint32_t> marked_;  // layers whose supports are recomputed
  std::vector<char> layer_marked_;
  std::vector<std::uint64_t> removed_, support_bits_;
  std::vector<int> values_;
  mutable LayeredReason reason_;  // scratch of explain()
};

}  // namespace
}  // namespace detail

void regular(Model& m, std::span<const Var> xs, const Automaton& automaton) {
  auto g = std::make_shared<const detail::LayeredAutomaton>(detail::layered(automaton, "regular"));
  if (xs.empty()) {
    if (!g->final[std::size_t(g->start)])
      throw ModelError(
          "regular: no variables and the start state is not final (unsatisfiable "
          "by construction)");
    return;
  }
  m.post(std::make_unique<detail::Regular>(std::vector<Var>(xs.begin(), xs.end()), std::move(g)));
}

}  // namespace solve
