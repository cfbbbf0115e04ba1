// regular: the word of the scope is accepted by an automaton. Pesant's filtering on the
// layered graph, recomputed on each run from the current domains (no state kept between
// runs, so nothing to trail): a forward pass lists the states reachable from the start after
// i symbols, a backward pass keeps those that still reach a final state after n, and a value
// of x[i] survives when some arc of layer i on it joins two kept states. The result is the
// GAC fixpoint, so one run is idempotent. Cost O(arcs leaving the reachable states + n * symbols):
// only reachable states are visited, and the marks are stamped, not cleared, per run.
#include <algorithm>
#include <cstdint>
#include <memory>

#include "layered_graph.hpp"
#include "solve/automaton.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

class Regular final : public CloneableConstraint<Regular> {
 public:
  Regular(std::vector<Var> xs, std::shared_ptr<const LayeredAutomaton> g)
      : xs_(std::move(xs)), g_(std::move(g)) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "regular"; }
  Wake wakes_on(Propagation) const override { return Wake::domain; }
  /// Below arc the engine checks (none) and forward-checks (forward) through check().
  Propagation propagates_from() const override { return Propagation::arc; }

  bool check(std::span<const int> word) const override { return accepts(*g_, word); }

  PropStatus propagate(Space& s) override {
    const LayeredAutomaton& g = *g_;
    const std::size_t n = xs_.size(), k = g.symbols.size(), width = std::size_t(g.states) + 1;
    in_dom_.assign(n * k, 0);
    for (std::size_t i = 0; i < n; ++i) g.mark_domain(s, xs_[i], in_dom_.data() + i * k);
    // a cell (layer, state) is marked when it holds this run's stamp: no clearing per run
    const std::size_t cells = (n + 1) * width;
    if (++stamp_ == 0 || reach_.size() != cells) {
      reach_.assign(cells, 0);
      alive_.assign(cells, 0);
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
      if (states_.size() == first_[i + 1]) return PropStatus::failed;
    }
    first_[n + 1] = states_.size();
    // backward: the reachable states that still reach a final one; the values on their arcs
    bool any = false;
    for (std::size_t at = first_[n]; at < first_[n + 1]; ++at)
      if (g.final[std::size_t(states_[at])]) {
        alive_[n * width + std::size_t(states_[at])] = stamp_;
        any = true;
      }
    if (!any) return PropStatus::failed;
    support_.assign(n * k, 0);
    for (std::size_t i = n; i-- > 0;) {
      const char* dom = in_dom_.data() + i * k;
      const std::uint32_t* later = &alive_[(i + 1) * width];
      std::uint32_t* here = &alive_[i * width];
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
    bool all_assigned = true;
    for (std::size_t i = 0; i < n; ++i) {
      if (keep_supported(s, g, xs_[i], support_.data() + i * k) == Event::failed)
        return PropStatus::failed;
      all_assigned = all_assigned && s.assigned(xs_[i]);
    }
    return all_assigned ? PropStatus::entailed : PropStatus::fixpoint;
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
  /// Keeps the values of x whose symbol is supported.
  Event keep_supported(Space& s, const LayeredAutomaton& g, Var x, const char* sup) {
    values_.clear();
    for (std::size_t j = 0; j < g.symbols.size(); ++j)
      if (sup[j]) values_.push_back(g.symbols[j]);
    if (int(values_.size()) == s.size(x)) return Event::none;  // supported ⊆ domain
    return s.keep_only(x, values_);
  }

  std::vector<Var> xs_;
  std::shared_ptr<const LayeredAutomaton> g_;  // immutable, shared by the clones
  // scratch, recomputed on every run (reach_ / alive_ by stamp, see propagate)
  std::vector<char> in_dom_, support_;
  std::vector<std::uint32_t> reach_, alive_;
  std::uint32_t stamp_ = 0;
  std::vector<int> states_;          // the reachable states, layer after layer
  std::vector<std::size_t> first_;   // where each layer's states start in states_
  std::vector<int> values_;
};

}  // namespace
}  // namespace detail

void regular(Model& m, std::span<const Var> xs, const Automaton& automaton) {
  auto g = std::make_shared<const detail::LayeredAutomaton>(detail::layered(automaton, "regular"));
  if (xs.empty()) {
    if (!g->final[std::size_t(g->start)])
      throw ModelError("regular: no variables and the start state is not final (unsatisfiable "
                       "by construction)");
    return;
  }
  m.post(std::make_unique<detail::Regular>(std::vector<Var>(xs.begin(), xs.end()), std::move(g)));
}

}  // namespace solve
