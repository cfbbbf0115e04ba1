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

 private:
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
  std::vector<int> next_;               // scratch: the assigned successor (not self), or -1
  std::vector<std::uint8_t> has_pred_;  // scratch: a node some assigned edge enters
  std::vector<std::uint8_t> on_cycle_;  // scratch of close_cycle()
  std::vector<int> drop_;               // scratch: values to remove
  SuccessorScc scc_;
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
