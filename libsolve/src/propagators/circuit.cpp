// circuit: succ[i] == base + j when node j follows node i, one cycle through every node.
// all_different is posted beside it; this propagator removes the edges that would close a
// sub-tour (the end of every path of assigned edges may not return to its start until the
// path holds every node) and fails when the edges left do not connect every node to every
// other (one strongly connected component). Nothing is kept between calls: each call reads
// the assigned edges again, O(n + edges).
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

 private:
  std::vector<Var> succ_;
  int base_;
  std::vector<int> next_;               // scratch: the assigned successor, or -1
  std::vector<std::uint8_t> has_pred_;  // scratch: a node some assigned edge enters
  SuccessorScc scc_;
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
