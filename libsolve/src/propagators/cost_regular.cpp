// cost_regular: the word of the scope is accepted by a deterministic automaton and `total`
// is the sum of the costs of its transitions. On the layered graph (see regular.cpp) a
// forward pass computes, per layer and state, the cheapest and dearest path from the start,
// a backward pass the cheapest and dearest path on to a final state; total is kept within
// [cheapest, dearest] accepting path, and an arc survives when the cheapest path through it
// is <= max(total) and the dearest >= min(total) (bounds reasoning, after Demassey, Pesant and
// Rousseau's cost-regular). Removing values can raise the cheapest path, so a run that pruned
// a value answers `changed`. Nothing is kept between runs: O(n * arcs) each.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "layered_graph.hpp"
#include "layered_reason.hpp"
#include "solve/automaton.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

constexpr std::int64_t kNone = INT64_MAX;  // no path

struct CostedAutomaton {
  LayeredAutomaton g;
  std::vector<std::int64_t> cost;  // per arc of g
  std::vector<int> next;           // Q+1 rows of k entries: the arc of (q, symbol j), -1 none
};

class CostRegular final : public CloneableConstraint<CostRegular> {
 public:
  CostRegular(std::vector<Var> scope, std::shared_ptr<const CostedAutomaton> a)
      : scope_(std::move(scope)), a_(std::move(a)) {}
  std::span<const Var> scope() const override { return scope_; }
  std::string_view name() const override { return "cost_regular"; }
  Wake wakes_on(Propagation) const override { return Wake::domain; }
  /// Below arc the engine checks (none) and forward-checks (forward) through check().
  Propagation propagates_from() const override { return Propagation::arc; }

  /// values: the word, then the total.
  bool check(std::span<const int> values) const override {
    const LayeredAutomaton& g = a_->g;
    const std::size_t k = g.symbols.size();
    int q = g.start;
    std::int64_t sum = 0;
    for (std::size_t i = 0; i + 1 < values.size(); ++i) {
      const int j = g.symbol_index(values[i]);
      if (j < 0) return false;
      const int arc = a_->next[std::size_t(q) * k + std::size_t(j)];
      if (arc < 0) return false;
      sum += a_->cost[std::size_t(arc)];
      q = g.to[std::size_t(arc)];
    }
    return g.final[std::size_t(q)] && sum == values.back();
  }

  PropStatus propagate(Space& s) override {
    const LayeredAutomaton& g = a_->g;
    const std::size_t n = scope_.size() - 1, k = g.symbols.size(),
                      width = std::size_t(g.states) + 1;
    const Var total = scope_.back();
    if (!paths(s)) return PropStatus::failed;
    const std::size_t origin = std::size_t(g.start);
    if (bmin_[origin] == kNone) return PropStatus::failed;
    if (s.set_min(total, bmin_[origin]) == Event::failed ||
        s.set_max(total, bmax_[origin]) == Event::failed)
      return PropStatus::failed;
    const std::int64_t lo = s.min(total), hi = s.max(total);
    // the values on an arc with a path through it within [lo, hi] (by its bounds)
    support_.assign(n * k, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const char* dom = in_dom_.data() + i * k;
      char* sup = support_.data() + i * k;
      for (int q = 1; q <= g.states; ++q) {
        const std::size_t at = i * width + std::size_t(q);
        if (fmin_[at] == kNone) continue;
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a) {
          const int sym = g.symbol[std::size_t(a)];
          const std::size_t to = (i + 1) * width + std::size_t(g.to[std::size_t(a)]);
          if (!dom[sym] || bmin_[to] == kNone) continue;
          const std::int64_t c = a_->cost[std::size_t(a)];
          if (fmin_[at] + c + bmin_[to] <= hi && fmax_[at] + c + bmax_[to] >= lo) sup[sym] = 1;
        }
      }
    }
    bool pruned = false, all_assigned = true;
    for (std::size_t i = 0; i < n; ++i) {
      values_.clear();
      for (std::size_t j = 0; j < k; ++j)
        if (support_[i * k + j]) values_.push_back(g.symbols[j]);
      if (values_.empty()) return PropStatus::failed;
      if (int(values_.size()) != s.size(scope_[i])) {
        if (s.keep_only(scope_[i], values_) == Event::failed) return PropStatus::failed;
        pruned = true;
      }
      all_assigned = all_assigned && s.assigned(scope_[i]);
    }
    if (pruned) return PropStatus::changed;  // the cheapest / dearest paths may have moved
    return all_assigned && s.assigned(total) ? PropStatus::entailed : PropStatus::fixpoint;
  }

  // No word: the other layers' values that cut every path (layered_reason.hpp); else, and
  // for the total's bounds, the symbols every layer lacks (which fix the cheapest and dearest
  // paths) with the total's domain or nothing more. A value of the word: the values that cut
  // its paths, or its paths' costs against the total's bound (the symbols of the other
  // layers, and of its own when its variable shows up elsewhere in the scope).
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      const std::span<const Var> word = std::span<const Var>(scope_).first(scope_.size() - 1);
      const Var total = scope_.back();
      const std::size_t origin = std::size_t(a_->g.start);
      reason_.start(a_->g, word, before);
      const bool any = paths(before) && bmin_[origin] != kNone;
      if (!pruned) {
        if (reason_.mark_no_word()) return reason_.name(r);
        name_layers(-1, r);
        add_domain(before, total, r);
        return true;
      }
      if (!any) return false;
      if (pruned->var == total) {
        auto lower = [&](int v) {
          return follows_from_min(before, bmin_[origin], Literal::ge(total, v), r);
        };
        auto upper = [&](int v) {
          return follows_from_max(before, bmax_[origin], Literal::le(total, v), r);
        };
        const int v = pruned->value;
        bool ok = false;
        switch (pruned->kind) {
          case Literal::Kind::ge: ok = lower(v); break;
          case Literal::Kind::le: ok = upper(v); break;
          case Literal::Kind::eq: ok = lower(v) && upper(v); break;
          case Literal::Kind::ne: ok = lower(v + 1) || upper(v - 1); break;
        }
        return ok && (name_layers(-1, r), true);
      }
      bool costs = false, low = false, high = false;
      const bool ok = explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
        if (reason_.mark_lost(pruned->var, w)) return true;
        return costs = at_some_entry(word, pruned->var, w, [&](std::size_t i, int v) {
                 return cost_cut(before, i, v, low, high);
               });
      });
      if (!ok || !reason_.name(r)) return false;
      if (!costs) return true;
      if (low) r.add(Literal::ge(total, before.min(total)));
      if (high) r.add(Literal::le(total, before.max(total)));
      const auto same = std::count_if(scope_.begin(), scope_.end(),
                                      [&](Var y) { return y.id == pruned->var.id; });
      name_layers(same == 1 ? pruned->var.id : -1, r);
      return true;
    });
  }

  /// The cheapest and dearest paths from the start (fmin_, fmax_) and on to a final state
  /// (bmin_, bmax_) of every node, over the domains of s. False when a layer has no arc.
  bool paths(const Space& s) const {
    const LayeredAutomaton& g = a_->g;
    const std::size_t n = scope_.size() - 1, k = g.symbols.size(),
                      width = std::size_t(g.states) + 1;
    in_dom_.assign(n * k, 0);
    for (std::size_t i = 0; i < n; ++i) g.mark_domain(s, scope_[i], in_dom_.data() + i * k);
    // forward: cheapest / dearest path from the start to (layer i, state q)
    fmin_.assign((n + 1) * width, kNone);
    fmax_.assign((n + 1) * width, 0);
    fmin_[std::size_t(g.start)] = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const char* dom = in_dom_.data() + i * k;
      bool any = false;
      for (int q = 1; q <= g.states; ++q) {
        const std::size_t at = i * width + std::size_t(q);
        if (fmin_[at] == kNone) continue;
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a) {
          if (!dom[g.symbol[std::size_t(a)]]) continue;
          const std::size_t to = (i + 1) * width + std::size_t(g.to[std::size_t(a)]);
          const std::int64_t c = a_->cost[std::size_t(a)];
          if (fmin_[to] == kNone) {
            fmin_[to] = fmin_[at] + c;
            fmax_[to] = fmax_[at] + c;
          } else {
            fmin_[to] = std::min(fmin_[to], fmin_[at] + c);
            fmax_[to] = std::max(fmax_[to], fmax_[at] + c);
          }
          any = true;
        }
      }
      if (!any) return false;
    }
    // backward: cheapest / dearest path from (layer i, state q) on to a final state
    bmin_.assign((n + 1) * width, kNone);
    bmax_.assign((n + 1) * width, 0);
    for (int q = 1; q <= g.states; ++q)
      if (fmin_[n * width + std::size_t(q)] != kNone && g.final[std::size_t(q)])
        bmin_[n * width + std::size_t(q)] = 0;
    for (std::size_t i = n; i-- > 0;) {
      const char* dom = in_dom_.data() + i * k;
      for (int q = 1; q <= g.states; ++q) {
        const std::size_t at = i * width + std::size_t(q);
        if (fmin_[at] == kNone) continue;
        for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a) {
          const std::size_t to = (i + 1) * width + std::size_t(g.to[std::size_t(a)]);
          if (!dom[g.symbol[std::size_t(a)]] || bmin_[to] == kNone) continue;
          const std::int64_t c = a_->cost[std::size_t(a)];
          if (bmin_[at] == kNone) {
            bmin_[at] = bmin_[to] + c;
            bmax_[at] = bmax_[to] + c;
          } else {
            bmin_[at] = std::min(bmin_[at], bmin_[to] + c);
            bmax_[at] = std::max(bmax_[at], bmax_[to] + c);
          }
        }
      }
    }
    return true;
  }

 private:
  /// Every arc of layer i on w has no path through it within the total's bounds in `before`
  /// (paths() ran on it); sets low / high for the bound that cut one.
  bool cost_cut(const Space& before, std::size_t i, int w, bool& low, bool& high) const {
    const LayeredAutomaton& g = a_->g;
    const int j = g.symbol_index(w);
    if (j < 0) return true;
    const std::size_t width = std::size_t(g.states) + 1;
    const std::int64_t lo = before.min(scope_.back()), hi = before.max(scope_.back());
    for (int q = 1; q <= g.states; ++q) {
      const std::size_t at = i * width + std::size_t(q);
      if (fmin_[at] == kNone) continue;
      for (int a = g.begin[std::size_t(q)]; a < g.begin[std::size_t(q) + 1]; ++a) {
        if (g.symbol[std::size_t(a)] != j) continue;
        const std::size_t to = (i + 1) * width + std::size_t(g.to[std::size_t(a)]);
        if (bmin_[to] == kNone) continue;
        const std::int64_t c = a_->cost[std::size_t(a)];
        if (fmin_[at] + c + bmin_[to] > hi) high = true;
        else if (fmax_[at] + c + bmax_[to] < lo) low = true;
        else return false;
      }
    }
    return true;
  }
  /// Names the symbols each layer lacks in `before` (paths() ran on it), but for the layers
  /// of the variable `skip`.
  void name_layers(int skip, Reason& r) const {
    const LayeredAutomaton& g = a_->g;
    const std::size_t k = g.symbols.size();
    for (std::size_t i = 0; i + 1 < scope_.size(); ++i) {
      const Var x = scope_[i];
      if (x.id == skip) continue;
      for (std::size_t j = 0; j < k; ++j)
        if (!in_dom_[i * k + j] && reachable(x, g.symbols[j]))
          r.add(Literal::ne(x, g.symbols[j]));
    }
  }

  std::vector<Var> scope_;  // the word, then total
  std::shared_ptr<const CostedAutomaton> a_;
  // scratch, recomputed on every run (mutable: explain() computes the paths too)
  mutable std::vector<char> in_dom_;
  std::vector<char> support_;
  mutable std::vector<std::int64_t> fmin_, fmax_, bmin_, bmax_;
  std::vector<int> values_;
  mutable LayeredReason reason_;  // scratch of explain()
};

}  // namespace
}  // namespace detail

void cost_regular(Model& m, std::span<const Var> xs, const Automaton& automaton,
                  std::span<const std::int64_t> costs, Var total) {
  if (costs.size() != automaton.transitions.size())
    throw ModelError("cost_regular: " + std::to_string(costs.size()) + " costs for " +
                     std::to_string(automaton.transitions.size()) + " transitions");
  auto a = std::make_shared<detail::CostedAutomaton>();
  a->g = detail::layered(automaton, "cost_regular");
  if (!automaton.deterministic())
    throw ModelError("cost_regular: the automaton is not deterministic (a state has two "
                     "transitions on one symbol)");
  std::int64_t widest = 0;
  for (const std::int64_t c : costs) {
    if (c < -(std::int64_t{1} << 40) || c > (std::int64_t{1} << 40))
      throw ModelError("cost_regular: the cost " + std::to_string(c) + " is beyond 2^40");
    widest = std::max<std::int64_t>(widest, std::llabs(c));
  }
  if (widest > 0 && std::int64_t(xs.size()) > (std::int64_t{1} << 40) / widest)
    throw ModelError("cost_regular: " + std::to_string(xs.size()) + " variables times the cost " +
                     std::to_string(widest) + " exceed 2^40");
  const std::size_t k = a->g.symbols.size();
  a->next.assign((std::size_t(a->g.states) + 1) * k, -1);
  for (int arc = 0; arc < a->g.arcs(); ++arc) {
    a->cost.push_back(costs[std::size_t(a->g.original[std::size_t(arc)])]);
  }
  for (int q = 1; q <= a->g.states; ++q)
    for (int arc = a->g.begin[std::size_t(q)]; arc < a->g.begin[std::size_t(q) + 1]; ++arc)
      a->next[std::size_t(q) * k + std::size_t(a->g.symbol[std::size_t(arc)])] = arc;
  // (an empty word still constrains the total: 0 when the start state is final, else none)
  std::vector<Var> scope(xs.begin(), xs.end());
  scope.push_back(total);
  m.post(std::make_unique<detail::CostRegular>(std::move(scope), std::move(a)));
}

}  // namespace solve
