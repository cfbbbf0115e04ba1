// subcircuit: succ[i] == base + i means node i is out; the nodes in form one cycle (or none).
// all_different is posted beside it. This propagator: a node some assigned edge enters is in;
// the end of a path of assigned edges may not return to its start while a node that must be
// in lies outside the path; a closed cycle puts every other node out. Then the strongly
// connected components of the edges left (self loops aside): an edge between two components
// lies on no cycle and goes, a node alone in its component is out, and the nodes that must
// be in have to share one component, out of which every node is out. Nothing is kept
// between calls.
#include <climits>
#include <memory>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "propagators/successor_reason.hpp"
#include "propagators/successor_scc.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"
#include "solve/graph.hpp"

namespace solve {
namespace detail {
namespace {

class Subcircuit final : public CloneableConstraint<Subcircuit> {
 public:
  Subcircuit(std::vector<Var> succ, int base) : succ_(std::move(succ)), base_(base) {}
  std::span<const Var> scope() const override { return succ_; }
  std::string_view name() const override { return "subcircuit"; }
  bool check(std::span<const int> v) const override {
    const std::int64_t n = std::int64_t(v.size());
    std::int64_t in = 0, start = -1;
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t j = v[std::size_t(i)] - std::int64_t(base_);
      if (j < 0 || j >= n) return false;
      if (j != i) {
        ++in;
        if (start < 0) start = i;
      }
    }
    if (in == 0) return true;
    // walk from one node that is in: back there after `in` steps (and not before), never out
    std::int64_t at = start;
    for (std::int64_t step = 1; step <= in; ++step) {
      at = v[std::size_t(at)] - std::int64_t(base_);
      if (at == start) return step == in;
      if (v[std::size_t(at)] - std::int64_t(base_) == at) return false;
    }
    return false;
  }

  PropStatus propagate(Space& s) override {
    const int n = int(succ_.size());
    pruned_ = false;
    for (int i = 0; i < n; ++i) {
      const Var x = succ_[std::size_t(i)];
      if (!note(s.set_min(x, base_)) || !note(s.set_max(x, std::int64_t(base_) + n - 1)))
        return PropStatus::failed;
    }
    // the assigned edges (self loops aside); a node entered is in
    next_.assign(std::size_t(n), -1);
    has_pred_.assign(std::size_t(n), 0);
    for (int i = 0; i < n; ++i) {
      const Var x = succ_[std::size_t(i)];
      if (!s.assigned(x) || s.value(x) - base_ == i) continue;
      const int j = s.value(x) - base_;
      if (has_pred_[std::size_t(j)]) return PropStatus::failed;
      has_pred_[std::size_t(j)] = 1;
      next_[std::size_t(i)] = j;
    }
    int must_in = 0;  // nodes that must be in
    for (int i = 0; i < n; ++i) {
      if (has_pred_[std::size_t(i)] && !note(s.remove(succ_[std::size_t(i)], base_ + i)))
        return PropStatus::failed;
      must_in += !s.contains(succ_[std::size_t(i)], base_ + i);
    }
    // each path of assigned edges from a node without predecessor
    int on_paths = 0, paths = 0;  // nodes on paths, and paths
    for (int i = 0; i < n; ++i) {
      if (has_pred_[std::size_t(i)] || next_[std::size_t(i)] < 0) continue;
      int end = i, length = 1, in_on_path = 1;
      while (next_[std::size_t(end)] >= 0) {
        end = next_[std::size_t(end)];
        ++length;
        ++in_on_path;  // every node of a path is in
      }
      on_paths += length;
      ++paths;
      if (in_on_path < must_in && !note(s.remove(succ_[std::size_t(end)], base_ + i)))
        return PropStatus::failed;
    }
    // a node with an assigned edge on no path lies on a cycle of assigned edges
    int with_edge = 0;
    for (int i = 0; i < n; ++i) with_edge += next_[std::size_t(i)] >= 0;
    if (with_edge > on_paths - paths) return close_cycle(s, n, on_paths);
    if (pruned_) return PropStatus::changed;
    return components(s, n);
  }

  // From the edges fixed once the range rules ran (successor_reason.hpp), each value lost by
  // the first rule that explains it: out of range (nothing); a self loop of a node entered
  // (the edge in); a path's closing edge (its fixed edges and one node that must be in off
  // it); a node off a fixed cycle (the cycle); an edge i -> j on no cycle (the closed set j
  // reaches without i) or from a node that cannot share a cycle with a node that must be in
  // (that node's missing self loop and the closed set one reaches without the other). A
  // failure: a node entered twice, a cycle beside a path, two nodes that must be in and
  // cannot meet, or a variable that loses every value.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      const int n = int(succ_.size());
      reason_.start(before, succ_, base_);
      next_.assign(std::size_t(n), -1);
      pred_.assign(std::size_t(n), -1);
      for (int i = 0; i < n; ++i) {
        const int j = reason_.fixed(i, true);
        if (j < 0 || j == i) continue;
        if (pred_[std::size_t(j)] >= 0) {  // entered twice
          if (pruned) return false;
          reason_.name_fixed(pred_[std::size_t(j)], r);
          return reason_.name_fixed(i, r), true;
        }
        pred_[std::size_t(j)] = i;
        next_[std::size_t(i)] = j;
      }
      cycle_ = find_cycle();
      if (pruned)
        return explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
          return at_some_entry(succ_, pruned->var, w, [&](std::size_t at, int v) {
            return removed(before, int(at), v, r);
          });
        });
      if (cycle_ >= 0)  // a cycle beside a path
        for (int i = 0; i < n; ++i)
          if (next_[std::size_t(i)] >= 0 && !on_cycle(i)) {
            name_cycle(r);
            return reason_.name_fixed(i, r), true;
          }
      if (apart(before, r)) return true;
      for (int k = 0; k < n; ++k) {  // a variable that loses every value
        const std::size_t mark = r.size();
        add_domain(before, succ_[std::size_t(k)], r);
        bool all = true;
        before.for_each_value(succ_[std::size_t(k)],
                              [&](int w) { all = all && removed(before, k, w, r); });
        if (all) return true;
        r.truncate(mark);
      }
      return false;
    });
  }

 private:
  /// Names why variable k loses the value w (see explain()); false when no rule does.
  bool removed(const Space& before, int k, int w, Reason& r) const {
    const int n = int(succ_.size());
    const std::int64_t j = std::int64_t(w) - base_;
    if (j < 0 || j >= n) return true;
    if (j == k) {  // the self loop of a node entered
      if (pred_[std::size_t(k)] < 0) return false;
      return reason_.name_fixed(pred_[std::size_t(k)], r), true;
    }
    if (cycle_ >= 0 && !on_cycle(k)) return name_cycle(r), true;
    if (closes_path(before, k, int(j), r)) return true;
    // the edge k -> j lies on no cycle
    reason_.reach(int(j));
    if (!reason_.in(k)) return reason_.name_closed(r), true;
    // k cannot share a cycle with a node that must be in
    for (int h = 0; h < n; ++h)
      if (h != k && !before.contains(succ_[std::size_t(h)], base_ + h) &&
          separated(k, h, r)) {
        r.add(Literal::ne(succ_[std::size_t(h)], base_ + h));
        return true;
      }
    return false;
  }
  /// k ends a path of fixed edges from j shorter than the nodes that must be in: names the
  /// path's edges and one node off it that must be in.
  bool closes_path(const Space& before, int k, int j, Reason& r) const {
    if (next_[std::size_t(k)] >= 0 || pred_[std::size_t(j)] >= 0 || next_[std::size_t(j)] < 0)
      return false;
    on_path_.assign(succ_.size(), 0);
    for (int at = j; at >= 0; at = next_[std::size_t(at)]) on_path_[std::size_t(at)] = 1;
    if (!on_path_[std::size_t(k)]) return false;
    for (int h = 0; h < int(succ_.size()); ++h) {
      if (on_path_[std::size_t(h)]) continue;
      const bool lacks_self = !before.contains(succ_[std::size_t(h)], base_ + h);
      if (!lacks_self && pred_[std::size_t(h)] < 0) continue;
      for (int at = j; at != k; at = next_[std::size_t(at)]) reason_.name_fixed(at, r);
      if (lacks_self) r.add(Literal::ne(succ_[std::size_t(h)], base_ + h));
      else reason_.name_fixed(pred_[std::size_t(h)], r);
      return true;
    }
    return false;
  }
  /// Nodes a and b cannot lie on one cycle: names the closed set one reaches without the
  /// other; false when each reaches the other.
  bool separated(int a, int b, Reason& r) const {
    reason_.reach(a);
    if (!reason_.in(b)) return reason_.name_closed(r), true;
    reason_.reach(b);
    if (!reason_.in(a)) return reason_.name_closed(r), true;
    return false;
  }
  /// Two nodes that must be in (their self loops gone) cannot share a cycle: names why.
  bool apart(const Space& before, Reason& r) const {
    const int n = int(succ_.size());
    auto lacks_self = [&](int h) { return !before.contains(succ_[std::size_t(h)], base_ + h); };
    for (int a = 0; a < n; ++a) {
      if (!lacks_self(a)) continue;
      for (int b = a + 1; b < n; ++b)
        if (lacks_self(b) && separated(a, b, r)) {
          r.add(Literal::ne(succ_[std::size_t(a)], base_ + a));
          r.add(Literal::ne(succ_[std::size_t(b)], base_ + b));
          return true;
        }
    }
    return false;
  }
  /// A node on a cycle of fixed edges, or -1.
  int find_cycle() const {
    const int n = int(succ_.size());
    for (int i = 0; i < n; ++i) {
      int at = i, steps = 0;
      while (at >= 0 && steps <= n) {
        at = next_[std::size_t(at)];
        ++steps;
        if (at == i) return i;
      }
    }
    return -1;
  }
  bool on_cycle(int k) const {
    int at = cycle_;
    do {
      if (at == k) return true;
      at = next_[std::size_t(at)];
    } while (at != cycle_);
    return false;
  }
  void name_cycle(Reason& r) const {
    int at = cycle_;
    do {
      reason_.name_fixed(at, r);
      at = next_[std::size_t(at)];
    } while (at != cycle_);
  }

  bool note(Event e) {
    pruned_ = pruned_ || e != Event::none;
    return e != Event::failed;
  }
  /// Some assigned edges form a cycle: it must be the only one, with no path beside it, and
  /// every other node is out.
  PropStatus close_cycle(Space& s, int n, int on_paths) {
    if (on_paths > 0) return PropStatus::failed;
    int start = -1;
    for (int i = 0; i < n && start < 0; ++i)
      if (next_[std::size_t(i)] >= 0) start = i;
    on_cycle_.assign(std::size_t(n), 0);
    int at = start;
    do {
      on_cycle_[std::size_t(at)] = 1;
      at = next_[std::size_t(at)];
    } while (at != start);
    for (int i = 0; i < n; ++i)
      if (!on_cycle_[std::size_t(i)] && !note(s.assign(succ_[std::size_t(i)], base_ + i)))
        return PropStatus::failed;
    // an assignment may have reached a node of the cycle (a view of its variable): look again
    return pruned_ ? PropStatus::changed : PropStatus::entailed;
  }
  /// The pruning of the strongly connected components (self loops aside).
  PropStatus components(Space& s, int n) {
    scc_.run(s, succ_, base_, true);
    int home = -1;  // the component of the nodes that must be in
    for (int i = 0; i < n; ++i) {
      if (s.contains(succ_[std::size_t(i)], base_ + i)) continue;
      if (home >= 0 && scc_.component(i) != home) return PropStatus::failed;
      home = scc_.component(i);
    }
    for (int i = 0; i < n; ++i) {
      const Var x = succ_[std::size_t(i)];
      const int c = scc_.component(i);
      if (scc_.size_of(c) == 1 || (home >= 0 && c != home)) {
        if (!note(s.assign(x, base_ + i))) return PropStatus::failed;
        continue;
      }
      drop_.clear();
      s.for_each_value(x, [&](int v) {
        const int j = v - base_;
        if (j != i && scc_.component(j) != c) drop_.push_back(v);
      });
      for (int v : drop_)
        if (!note(s.remove(x, v))) return PropStatus::failed;
    }
    return pruned_ ? PropStatus::changed : PropStatus::fixpoint;
  }

  std::vector<Var> succ_;
  int base_;
  bool pruned_ = false;
  mutable std::vector<int> next_;       // scratch: the assigned successor (not self), or -1
  std::vector<std::uint8_t> has_pred_;  // scratch: a node some assigned edge enters
  std::vector<std::uint8_t> on_cycle_;  // scratch of close_cycle()
  std::vector<int> drop_;               // scratch: values to remove
  SuccessorScc scc_;
  // scratch of explain()
  mutable std::vector<int> pred_;                // the node a fixed edge enters j from, or -1
  mutable std::vector<std::uint8_t> on_path_;    // of closes_path()
  mutable int cycle_ = -1;                       // a node on a cycle of fixed edges, or -1
  mutable SuccessorReason reason_;
};

}  // namespace
}  // namespace detail

void subcircuit(Model& m, std::span<const Var> succ, int base) {
  for (Var x : succ) m.check(x);
  if (succ.empty()) return;
  all_different(m, succ);
  m.post(std::make_unique<detail::Subcircuit>(std::vector<Var>(succ.begin(), succ.end()), base));
}

}  // namespace solve
