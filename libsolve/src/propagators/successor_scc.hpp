#pragma once
// The strongly connected components of a successor graph: node i has an edge to node j when
// base + j is in the domain of succ[i] (circuit and subcircuit read their variables so).
// Iterative Tarjan, one pass over the edges; the buffers are members, sized at the first run:
// a run allocates nothing after that.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <span>
#include <vector>

#include "solve/space.hpp"

namespace solve::detail {

class SuccessorScc {
 public:
  /// Numbers the components of the graph (self loops left out when skip_self); returns
  /// their count. component(i) and size_of(component(i)) afterwards.
  int run(const Space& s, std::span<const Var> succ, int base, bool skip_self) {
    const int n = int(succ.size());
    index_.assign(std::size_t(n), -1);
    low_.assign(std::size_t(n), 0);
    comp_.assign(std::size_t(n), -1);
    cursor_.assign(std::size_t(n), kStart);
    on_stack_.assign(std::size_t(n), 0);
    sizes_.clear();
    stack_.clear();
    calls_.clear();
    int counter = 0;
    for (int root = 0; root < n; ++root) {
      if (index_[std::size_t(root)] >= 0) continue;
      enter(root, counter);
      while (!calls_.empty()) {
        const int v = calls_.back();
        const std::size_t vi = std::size_t(v);
        const Var x = succ[vi];
        std::int64_t next = cursor_[vi] == kStart ? s.min(x) : s.next_value(x, int(cursor_[vi]));
        while (next != INT_MAX && next < std::int64_t(base) + n &&
               (next < base || (skip_self && next - base == v)))
          next = s.next_value(x, int(next));
        if (next != INT_MAX && next < std::int64_t(base) + n) {
          cursor_[vi] = next;
          const int w = int(next - base);
          if (index_[std::size_t(w)] < 0) {
            enter(w, counter);
          } else if (on_stack_[std::size_t(w)]) {
            low_[vi] = std::min(low_[vi], index_[std::size_t(w)]);
          }
          continue;
        }
        calls_.pop_back();
        if (!calls_.empty()) {
          const std::size_t u = std::size_t(calls_.back());
          low_[u] = std::min(low_[u], low_[vi]);
        }
        if (low_[vi] != index_[vi]) continue;
        const int c = int(sizes_.size());
        int size = 0;
        for (;;) {
          const int w = stack_.back();
          stack_.pop_back();
          on_stack_[std::size_t(w)] = 0;
          comp_[std::size_t(w)] = c;
          ++size;
          if (w == v) break;
        }
        sizes_.push_back(size);
      }
    }
    return int(sizes_.size());
  }
  int component(int i) const { return comp_[std::size_t(i)]; }
  int size_of(int c) const { return sizes_[std::size_t(c)]; }

 private:
  static constexpr std::int64_t kStart = INT64_MIN;  // cursor of a node not explored yet
  void enter(int v, int& counter) {
    index_[std::size_t(v)] = low_[std::size_t(v)] = counter++;
    stack_.push_back(v);
    on_stack_[std::size_t(v)] = 1;
    calls_.push_back(v);
  }
  std::vector<int> index_, low_, comp_, sizes_, stack_, calls_;
  std::vector<std::int64_t> cursor_;  // per node: the last successor value explored
  std::vector<std::uint8_t> on_stack_;
};

}  // namespace solve::detail
