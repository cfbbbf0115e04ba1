// circuit: succ[i] == base + j when node j follows node i, one cycle through every node.
// all_different is posted beside it; this propagator removes the edges that would close a
// sub-tour (the end of every path of assigned edges may not return to its start until the
// path holds every node) and fails when the edges left do not connect every node to every
// other (one strongly connected component). Nothing is kept between calls: each call reads
// the assigned edges again, O(n + edges).
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

class Circuit final : public CloneableConstraint<Circuit> {
 public:
  Circuit(std::vector<Var> succ, int base) : succ_(std::move(succ)), base_(base) {}
  std::span<const Var> scope() const override { return succ_; }
  std::string_view name() const override { return "circuit"; }
  bool check(std::span<const int> v) const override {
    const std::int64_t n = std::int64_t(v.size());
    for (int x : v)
      if (x < base_ || x - std::int64_t(base_) >= n) return false;
    std::int64_t at = 0;  // walk from node 0: back there after n steps and not before
    for (std::int64_t step = 1; step <= n; ++step) {
      at = v[std::size_t(at)] - std::int64_t(base_);
      if (at == 0) return step == n;
    }
    return false;
  }

  PropStatus propagate(Space& s) override {
    const int n = int(succ_.size());
    bool pruned = false;
    auto note = [&](Event e) {
      pruned = pruned || e != Event::none;
      return e != Event::failed;
    };
    for (int i = 0; i < n; ++i) {  // the range of nodes, and no self loop but for n == 1
      const Var x = succ_[std::size_t(i)];
      if (!note(s.set_min(x, base_)) || !note(s.set_max(x, std::int64_t(base_) + n - 1)))
        return PropStatus::failed;
      if (n > 1 && !note(s.remove(x, base_ + i))) return PropStatus::failed;
    }
    // the assigned edges: each node at most one predecessor (else all_different fails)
    next_.assign(std::size_t(n), -1);
    has_pred_.assign(std::size_t(n), 0);
    for (int i = 0; i < n; ++i) {
      const Var x = succ_[std::size_t(i)];
      if (!s.assigned(x)) continue;
      const int j = s.value(x) - base_;
      if (has_pred_[std::size_t(j)]) return PropStatus::failed;
      has_pred_[std::size_t(j)] = 1;
      next_[std::size_t(i)] = j;
    }
    // each path of assigned edges from a node without predecessor: its end may not close it
    int visited = 0;
    for (int i = 0; i < n; ++i) {
      if (has_pred_[std::size_t(i)]) continue;
      int end = i, length = 1;
      while (next_[std::size_t(end)] >= 0) {
        end = next_[std::size_t(end)];
        ++length;
      }
      visited += length;
      if (length < n && !note(s.remove(succ_[std::size_t(end)], base_ + i)))
        return PropStatus::failed;
    }
    // the nodes on no such path lie on cycles of assigned edges: only one through all is right
    if (visited < n) {
      if (visited > 0) return PropStatus::failed;
      int length = 1;
      for (int at = next_[0]; at != 0; at = next_[std::size_t(at)]) ++length;
      return length == n ? PropStatus::entailed : PropStatus::failed;
    }
    if (pruned) return PropStatus::changed;
    if (scc_.run(s, succ_, base_, false) > 1) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

  // From the edges fixed once the range rules ran (successor_reason.hpp): a value out of
  // range or a self loop needs nothing; a sub-tour's closing edge, the fixed edges of its
  // path; a node entered twice, a fixed cycle too short, a node without successor: those
  // edges; the graph not strongly connected: a sink component closed.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      const int n = int(succ_.size());
      reason_.start(before, succ_, base_);
      next_.assign(std::size_t(n), -1);
      has_pred_.assign(std::size_t(n), 0);
      for (int i = 0; i < n; ++i) {
        const int j = reason_.fixed(i, n == 1);
        if (j == -2) return !pruned && (reason_.name_fixed(i, r), true);  // no successor
        if (j < 0) continue;
        if (has_pred_[std::size_t(j)]) {  // entered twice
          if (pruned) return false;
          for (int k = 0; k < i; ++k)
            if (next_[std::size_t(k)] == j) reason_.name_fixed(k, r);
          return reason_.name_fixed(i, r), true;
        }
        has_pred_[std::size_t(j)] = 1;
        next_[std::size_t(i)] = j;
      }
      if (!pruned) {
        // a cycle of fixed edges shorter than n: from a node no path starts at
        int visited = 0;
        for (int i = 0; i < n; ++i)
          if (!has_pred_[std::size_t(i)])
            for (int at = i; at >= 0; at = next_[std::size_t(at)]) ++visited;
        if (visited < n) {
          int start = 0;
          while (!has_pred_[std::size_t(start)] || on_path(start)) ++start;
          int length = 0;
          int at = start;
          do {
            reason_.name_fixed(at, r);
            ++length;
            at = next_[std::size_t(at)];
          } while (at != start);
          return length < n;
        }
        if (scc_.run(before, succ_, base_, false) < 2) return false;
        reason_.set([&](int j) { return scc_.component(j) == 0; });  // a sink: no edge leaves
        reason_.name_closed(r);
        return true;
      }
      return explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
        return at_some_entry(succ_, pruned->var, w,
                             [&](std::size_t at, int v) { return lost(int(at), v, r); });
      });
    });
  }

 private:
  /// Names why node `end` loses the successor value w (explain() found the fixed edges):
  /// out of range or a self loop (nothing), or the edge closing a path of fixed edges shorter
  /// than n (the path's edges); false for the others.
  bool lost(int end, int w, Reason& r) const {
    const int n = int(succ_.size());
    const std::int64_t j = std::int64_t(w) - base_;
    if (j < 0 || j >= n || (j == end && n > 1)) return true;
    if (next_[std::size_t(end)] >= 0 || has_pred_[std::size_t(j)]) return false;
    int length = 1;
    for (int k = int(j); k != end; k = next_[std::size_t(k)]) {
      if (next_[std::size_t(k)] < 0) return false;
      ++length;
    }
    if (length >= n) return false;
    for (int k = int(j); k != end; k = next_[std::size_t(k)]) reason_.name_fixed(k, r);
    return true;
  }
  /// Node i lies on a path of fixed edges from a node without predecessor (explain()).
  bool on_path(int i) const {
    for (int s = 0; s < int(succ_.size()); ++s)
      if (!has_pred_[std::size_t(s)])
        for (int at = s; at >= 0; at = next_[std::size_t(at)])
          if (at == i) return true;
    return false;
  }

  std::vector<Var> succ_;
  int base_;
  // scratch (mutable: explain() fills it too)
  mutable std::vector<int> next_;               // the assigned successor, or -1
  mutable std::vector<std::uint8_t> has_pred_;  // a node some assigned edge enters
  mutable SuccessorScc scc_;
  mutable SuccessorReason reason_;
};

}  // namespace
}  // namespace detail

void circuit(Model& m, std::span<const Var> succ, int base) {
  for (Var x : succ) m.check(x);
  if (succ.empty()) return;
  all_different(m, succ);
  m.post(std::make_unique<detail::Circuit>(std::vector<Var>(succ.begin(), succ.end()), base));
}

}  // namespace solve
