#pragma once
// Reasons on a successor graph (circuit, subcircuit): node i has an edge to node j when
// base + j is in the domain of succ[i]. Two kinds of facts explain their prunings:
//  - an edge of the call's start that is fixed (succ[i] has one value in the range of nodes,
//    its other values being outside the range or its own node when self loops are ruled out):
//    [succ[i] == v] when assigned, else the domain of succ[i];
//  - a closed set of nodes R (no edge leaves it but self loops): no cycle through a node of R
//    reaches a node outside it. Named by, for each node of R, the values of the range outside
//    R that its variable lacks (and its bounds, when values of the range lie beyond them).
#include <climits>
#include <cstdint>
#include <span>
#include <vector>

#include "solve/explain.hpp"
#include "solve/space.hpp"

namespace solve::detail {

class SuccessorReason {
 public:
  /// The graph of succ (values base .. base + n - 1) in `before` (call first).
  void start(const Space& before, std::span<const Var> succ, int base) {
    before_ = &before;
    succ_ = succ;
    base_ = base;
    n_ = int(succ.size());
    in_.assign(std::size_t(n_), 0);
  }

  /// The node succ[i] goes to in `before` once the values outside the range (and its own
  /// node unless `self` counts) are set aside; -1 when there are several, -2 when none.
  int fixed(int i, bool self) const {
    int to = -2;
    for_each_edge(i, [&](int j) {
      if (j == i && !self) return;
      to = to == -2 ? j : -1;
    });
    return to;
  }
  /// Names the fixed edge of node i (see fixed()).
  void name_fixed(int i, Reason& r) const {
    const Var x = succ_[std::size_t(i)];
    if (before_->assigned(x)) r.add(Literal::eq(x, before_->value(x)));
    else add_domain(*before_, x, r);
  }

  /// The nodes reachable from `from` (itself included) in `before`, self loops aside: the
  /// smallest closed set holding it. in(j) afterwards.
  void reach(int from) {
    std::fill(in_.begin(), in_.end(), 0);
    queue_.clear();
    in_[std::size_t(from)] = 1;
    queue_.push_back(from);
    for (std::size_t at = 0; at < queue_.size(); ++at)
      for_each_edge(queue_[at], [&](int j) {
        if (in_[std::size_t(j)]) return;
        in_[std::size_t(j)] = 1;
        queue_.push_back(j);
      });
  }
  /// Marks the set R by hand (nodes with keep(j)); it must be closed.
  template <class Keep>
  void set(Keep&& keep) {
    for (int j = 0; j < n_; ++j) in_[std::size_t(j)] = keep(j) ? 1 : 0;
  }
  bool in(int j) const { return in_[std::size_t(j)] != 0; }

  /// Names why no edge leaves R (every node of R by the values outside R it lacks).
  void name_closed(Reason& r) const {
    for (int k = 0; k < n_; ++k) {
      if (!in(k)) continue;
      const Var x = succ_[std::size_t(k)];
      const std::int64_t lo = before_->min(x), hi = before_->max(x);
      bool below = false, above = false;  // a node outside R beyond a bound
      for (int j = 0; j < n_; ++j) {
        if (in(j) || j == k) continue;
        const std::int64_t v = std::int64_t(base_) + j;
        if (v < lo) below = true;
        else if (v > hi) above = true;
        else if ((v - x.offset) % x.scale == 0) r.add(Literal::ne(x, int(v)));
      }
      if (below) r.add(Literal::ge(x, int(lo)));
      if (above) r.add(Literal::le(x, int(hi)));
    }
  }

  /// Calls f(j) for every edge i -> j in `before` (self loops included).
  template <class F>
  void for_each_edge(int i, F&& f) const {
    const Var x = succ_[std::size_t(i)];
    const std::int64_t end = std::int64_t(base_) + n_;
    int v = before_->min(x);
    if (v < base_) v = before_->contains(x, base_) ? base_ : before_->next_value(x, base_);
    for (; v != INT_MAX && v < end; v = before_->next_value(x, v)) f(v - base_);
  }

 private:
  const Space* before_ = nullptr;
  std::span<const Var> succ_;
  int base_ = 0, n_ = 0;
  std::vector<std::uint8_t> in_;  // per node: in R
  std::vector<int> queue_;        // scratch of reach()
};

}  // namespace solve::detail
