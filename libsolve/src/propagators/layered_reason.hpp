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
  /// The graph of `before` for the word xs over g (call first, once per reason).
  void start(const LayeredAutomaton& g, std::span<const Var> xs, const Space& before) {
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
    }
    in_dom_.assign(n_ * k_, 0);
    for (std::size_t i = 0; i < n_; ++i) g.mark_domain(before, xs[i], in_dom_.data() + i * k_);
    reach_[std::size_t(g.start)] = stamp_;
    for (std::size_t i = 0; i < n_; ++i)
      for (int q = 1; q <= g.states; ++q) {
        if (reach_[i * width_ + std::size_t(q)] != stamp_) continue;
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a)
          if (has(i, g.symbol[std::size_t(a)]))
            reach_[(i + 1) * width_ + std::size_t(g.to[std::size_t(a)])] = stamp_;
      }
    for (int q = 1; q <= g.states; ++q)
      if (g.final[std::size_t(q)]) alive_[n_ * width_ + std::size_t(q)] = stamp_;
    for (std::size_t i = n_; i-- > 0;)
      for (int q = 1; q <= g.states; ++q)
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a)
          if (has(i, g.symbol[std::size_t(a)]) &&
              alive_[(i + 1) * width_ + std::size_t(g.to[std::size_t(a)])] == stamp_) {
            alive_[i * width_ + std::size_t(q)] = stamp_;
            break;
          }
  }

  /// Marks why no word is left: every final state unreachable after the last layer. False
  /// when a word is left.
  bool mark_no_word() {
    for (int q = 1; q <= g_->states; ++q)
      if (g_->final[std::size_t(q)]) {
        if (reachable(n_, q)) return false;
        unreachable_[n_ * width_ + std::size_t(q)] = stamp_;
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
          if (cut_before) unreachable_[i * width_ + std::size_t(q)] = stamp_;
          else dead_[(i + 1) * width_ + std::size_t(to)] = stamp_;
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
  /// a caller marked a node that is not cut).
  bool name(Reason& r) {
    const LayeredAutomaton& g = *g_;
    for (std::size_t i = n_; i > 0; --i)
      for (int q = 1; q <= g.states; ++q) {
        if (unreachable_[i * width_ + std::size_t(q)] != stamp_) continue;
        for (int k = g.into_begin[std::size_t(q)]; k < g.into_begin[std::size_t(q) + 1]; ++k) {
          const int e = g.into[std::size_t(k)], from = g.edge_from[std::size_t(e)];
          if (!reachable(i - 1, from)) unreachable_[(i - 1) * width_ + std::size_t(from)] = stamp_;
          else if (!name_lacking(i - 1, e, r)) return false;
        }
      }
    for (std::size_t i = 1; i < n_; ++i)
      for (int q = 1; q <= g.states; ++q) {
        if (dead_[i * width_ + std::size_t(q)] != stamp_) continue;
        for (int e = g.edge_begin[std::size_t(q)]; e < g.edge_begin[std::size_t(q) + 1]; ++e) {
          const int to = g.edge_to[std::size_t(e)];
          if (!alive(i + 1, to)) dead_[(i + 1) * width_ + std::size_t(to)] = stamp_;
          else if (!name_lacking(i, e, r)) return false;
        }
      }
    return true;
  }

  /// Node (layer i, state q) is reachable from the start in `before`.
  bool reachable(std::size_t i, int q) const { return reach_[i * width_ + std::size_t(q)] == stamp_; }
  /// Node (layer i, state q) reaches a final state in `before`.
  bool alive(std::size_t i, int q) const { return alive_[i * width_ + std::size_t(q)] == stamp_; }
  /// Layer i's variable could take symbol j in `before`.
  bool has(std::size_t i, int j) const { return in_dom_[i * k_ + std::size_t(j)] != 0; }

 private:
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
  // per node (layer * width + state), valid when equal to stamp_: no clearing per reason
  std::vector<std::uint32_t> reach_, alive_, unreachable_, dead_;
  std::vector<std::uint32_t> named_;  // per (layer, symbol): named in this reason
  std::vector<char> in_dom_;          // per (layer, symbol): in the domain of `before`
  std::uint32_t stamp_ = 0;
};

}  // namespace solve::detail
