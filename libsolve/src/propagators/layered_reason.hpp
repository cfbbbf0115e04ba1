#pragma once
// Reasons on the layered graph of an automaton (regular, cost_regular): why a value of layer
// i has no path through it, or why no word is left, from the domains a call began with.
//
// The graph of `before` is computed afresh: the nodes (layer, state) reachable from the start
// and those that reach a final state. A value v of layer i is lost when each of its arcs
// (q, v, q') starts at an unreachable q or ends at a q' that reaches no final state. An
// unreachable node is explained backwards: each arc into it comes from an unreachable node
// (explained in turn) or carries symbols its layer lacks ([x != w], each named once per
// reason). A node that reaches no final state is explained forwards alike; at the last layer
// it is simply not final. These are the literals of the other layers that cut the paths.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "layered_graph.hpp"
#include "propagators/explain_removals.hpp"
#include "solve/explain.hpp"
#include "solve/space.hpp"

namespace solve::detail {

class LayeredReason {
 public:
  LayeredReason() = default;
  /// Scratch: a copy (a clone of the propagator) starts empty, with no graph to keep.
  LayeredReason(const LayeredReason&) {}
  LayeredReason& operator=(const LayeredReason&) {
    graph_of_ = nullptr;
    return *this;
  }

  /// The graph of `before` for the word xs over g (call first, once per reason). The analysis
  /// asks for many literals of one propagator call, all from the same domains: when the
  /// domains of xs are symbol for symbol those of the last call, the graph is kept (it
  /// depends on nothing else) and only the marks of the reason start afresh.
  void start(const LayeredAutomaton& g, std::span<const Var> xs, const Space& before) {
    // the word compared as a copy of its own: a cloned propagator's xs_ may be gone
    const bool same_word = graph_of_ == &g && word_.size() == xs.size() &&
                           std::equal(xs.begin(), xs.end(), word_.begin(), [](Var a, Var b) {
                             return a.id == b.id && a.scale == b.scale && a.offset == b.offset;
                           });
    g_ = &g;
    xs_ = xs;
    n_ = xs.size();
    k_ = g.symbols.size();
    width_ = std::size_t(g.states) + 1;
    const std::size_t cells = (n_ + 1) * width_;
    if (++stamp_ == 0 || reach_.size() != cells || named_.size() != n_ * k_) {
      reach_.assign(cells, 0);
      alive_.assign(cells, 0);
      unreachable_.assign(cells, 0);
      dead_.assign(cells, 0);
      named_.assign(n_ * k_, 0);
      stamp_ = 1;
      graph_stamp_ = 0;  // the graph too
    }
    unreachable_work_.clear();
    dead_work_.clear();
    next_dom_.assign(n_ * k_, 0);
    for (std::size_t i = 0; i < n_; ++i) g.mark_domain(before, xs[i], next_dom_.data() + i * k_);
    if (same_word && graph_stamp_ != 0 && next_dom_ == in_dom_) return;
    in_dom_.swap(next_dom_);
    graph_of_ = &g;
    word_.assign(xs.begin(), xs.end());
    if (++graph_stamp_ == 0) {
      reach_.assign(cells, 0);
      alive_.assign(cells, 0);
      graph_stamp_ = 1;
    }
    const std::uint32_t now = graph_stamp_;
    reach_[std::size_t(g.start)] = now;
    for (std::size_t i = 0; i < n_; ++i)
      for (int q = 1; q <= g.states; ++q) {
        if (reach_[i * width_ + std::size_t(q)] != now) continue;
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a)
          if (has(i, g.symbol[std::size_t(a)]))
            reach_[(i + 1) * width_ + std::size_t(g.to[std::size_t(a)])] = now;
      }
    for (int q = 1; q <= g.states; ++q)
      if (g.final[std::size_t(q)]) alive_[n_ * width_ + std::size_t(q)] = now;
    for (std::size_t i = n_; i-- > 0;)
      for (int q = 1; q <= g.states; ++q)
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a)
          if (has(i, g.symbol[std::size_t(a)]) &&
              alive_[(i + 1) * width_ + std::size_t(g.to[std::size_t(a)])] == now) {
            alive_[i * width_ + std::size_t(q)] = now;
            break;
          }
  }

  /// Marks why no word is left: every final state unreachable after the last layer. False
  /// when a word is left.
  bool mark_no_word() {
    for (int q = 1; q <= g_->states; ++q)
      if (g_->final[std::size_t(q)]) {
        if (reachable(n_, q)) return false;
        mark(unreachable_, unreachable_work_, n_ * width_ + std::size_t(q));
      }
    return true;
  }

  /// Marks why value w of layer i has no path through it (nothing for a value that is no
  /// symbol). False when it has one.
  bool mark_lost(std::size_t i, int w) {
    const LayeredAutomaton& g = *g_;
    const int j = g.symbol_index(w);
    if (j < 0) return true;
    for (int pass = 0; pass < 2; ++pass)  // check every arc first, then mark
      for (int q = 1; q <= g.states; ++q)
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a) {
          if (g.symbol[std::size_t(a)] != j) continue;
          const int to = g.to[std::size_t(a)];
          const bool cut_before = !reachable(i, q), cut_after = !alive(i + 1, to);
          if (!cut_before && !cut_after) return false;
          if (pass == 0) continue;
          if (cut_before) mark(unreachable_, unreachable_work_, i * width_ + std::size_t(q));
          else mark(dead_, dead_work_, (i + 1) * width_ + std::size_t(to));
        }
    return true;
  }

  /// Marks why value w of the scope entry x has no path: at one of the layers of x's
  /// variable. False when it has one at each.
  bool mark_lost(Var x, int w) {
    return at_some_entry(xs_, x, w, [&](std::size_t i, int v) { return mark_lost(i, v); });
  }

  /// Appends the literals that cut the marked nodes off (backwards from the unreachable ones,
  /// forwards from the dead ones). False when the graph contradicts the marks (never, unless
  /// a caller marked a node that is not cut). The marked nodes are visited from work lists,
  /// not by a sweep of every layer and state (a board of 400 cells and 180 states is 72,000
  /// nodes a reason); each is visited once, and the order changes nothing: the literals named
  /// are those of the edges from the uncut side, each named once.
  bool name(Reason& r) {
    const LayeredAutomaton& g = *g_;
    while (!unreachable_work_.empty()) {
      const std::size_t cell = unreachable_work_.back();
      unreachable_work_.pop_back();
      const std::size_t i = cell / width_;
      const int q = int(cell % width_);
      if (i == 0) continue;  // the start's layer: nothing comes into it
      for (int k = g.into_begin[std::size_t(q)]; k < g.into_begin[std::size_t(q) + 1]; ++k) {
        const int e = g.into[std::size_t(k)], from = g.edge_from[std::size_t(e)];
        if (!reachable(i - 1, from))
          mark(unreachable_, unreachable_work_, (i - 1) * width_ + std::size_t(from));
        else if (!name_lacking(i - 1, e, r))
          return false;
      }
    }
    while (!dead_work_.empty()) {
      const std::size_t cell = dead_work_.back();
      dead_work_.pop_back();
      const std::size_t i = cell / width_;
      const int q = int(cell % width_);
      if (i == 0 || i >= n_) continue;  // the last layer: simply not final
      for (int e = g.edge_begin[std::size_t(q)]; e < g.edge_begin[std::size_t(q) + 1]; ++e) {
        const int to = g.edge_to[std::size_t(e)];
        if (!alive(i + 1, to)) mark(dead_, dead_work_, (i + 1) * width_ + std::size_t(to));
        else if (!name_lacking(i, e, r)) return false;
      }
    }
    return true;
  }

  /// Node (layer i, state q) is reachable from the start in `before`.
  bool reachable(std::size_t i, int q) const {
    return reach_[i * width_ + std::size_t(q)] == graph_stamp_;
  }
  /// Node (layer i, state q) reaches a final state in `before`.
  bool alive(std::size_t i, int q) const { return alive_[i * width_ + std::size_t(q)] == graph_stamp_; }
  /// Layer i's variable could take symbol j in `before`.
  bool has(std::size_t i, int j) const { return in_dom_[i * k_ + std::size_t(j)] != 0; }

 private:
  /// Marks a node of this reason, listing it once to be visited by name().
  void mark(std::vector<std::uint32_t>& marks, std::vector<std::size_t>& work, std::size_t cell) {
    if (marks[cell] == stamp_) return;
    marks[cell] = stamp_;
    work.push_back(cell);
  }

  /// Names [x_i != w] for each symbol w of edge e (all lacking from layer i); false when
  /// layer i has one of them.
  bool name_lacking(std::size_t i, int e, Reason& r) {
    const LayeredAutomaton& g = *g_;
    const std::uint64_t* mask = g.mask(e);
    for (std::size_t w = 0; w < g.symbol_words(); ++w)
      for (std::uint64_t bits = mask[w]; bits; bits &= bits - 1) {
        const std::size_t j = w * 64 + std::size_t(std::countr_zero(bits));
        if (has(i, int(j))) return false;
        std::uint32_t& named = named_[i * k_ + j];
        if (named == stamp_) continue;
        named = stamp_;
        if (reachable_value(xs_[i], g.symbols[j])) r.add(Literal::ne(xs_[i], g.symbols[j]));
      }
    return true;
  }
  static bool reachable_value(Var x, int v) { return detail::reachable(x, v); }

  const LayeredAutomaton* g_ = nullptr;
  std::span<const Var> xs_;
  std::size_t n_ = 0, k_ = 0, width_ = 0;
  // per node (layer * width + state): the graph's marks valid when equal to graph_stamp_ (no
  // clearing per graph), the reason's when equal to stamp_ (no clearing per reason)
  std::vector<std::uint32_t> reach_, alive_, unreachable_, dead_;
  std::vector<std::size_t> unreachable_work_, dead_work_;  // marked, not yet visited by name()
  std::vector<std::uint32_t> named_;  // per (layer, symbol): named in this reason
  std::vector<char> in_dom_;          // per (layer, symbol): in the domain the graph is of
  std::vector<char> next_dom_;        // the same, of the call's `before`, to compare
  std::uint32_t stamp_ = 0;
  std::uint32_t graph_stamp_ = 0;  // 0: no graph
  const LayeredAutomaton* graph_of_ = nullptr;  // the automaton and word the graph is of
  std::vector<Var> word_;
};

}  // namespace solve::detail
