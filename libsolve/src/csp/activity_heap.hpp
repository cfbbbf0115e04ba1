#pragma once
// The variables by activity for the learning search's VSIDS branching (lcg_search.hpp): a
// binary max-heap of variable ids on their activities (ties: the smaller id), so that the
// most active unassigned variable costs O(log n) per decision instead of a scan of them all.
// Assigned variables are dropped lazily when they reach the top, with the level they were
// dropped at; a backjump below that level puts them back (MiniSat's order heap, with levels
// in place of its trail).
#include <cstdint>
#include <vector>

namespace solve::detail::csp {

class ActivityHeap {
 public:
  /// Every variable 0..n-1, each of activity 0.
  explicit ActivityHeap(int n) : activity_(std::size_t(n), 0.0), at_(std::size_t(n), -1) {
    for (int i = 0; i < n; ++i) insert(i);
  }

  double activity(int v) const { return activity_[std::size_t(v)]; }
  /// Adds by to v's activity; `rescale` multiplies every activity (the order stays).
  void bump(int v, double by) {
    activity_[std::size_t(v)] += by;
    if (at_[std::size_t(v)] >= 0) up(at_[std::size_t(v)]);
  }
  void rescale(double factor) {
    for (double& a : activity_) a *= factor;
  }
  /// The most active variable for which assigned(v) is false, or -1; the assigned ones met
  /// on the way are dropped at `level`.
  template <class Assigned>
  int top(int level, Assigned&& assigned) {
    while (!heap_.empty()) {
      const int v = heap_.front();
      if (!assigned(v)) return v;
      pop_front();
      dropped_.push_back({v, level});
    }
    return -1;
  }
  /// The search went back to `level`: the variables dropped above it may be unassigned now.
  void backjump(int level) {
    while (!dropped_.empty() && dropped_.back().level > level) {
      if (at_[std::size_t(dropped_.back().var)] < 0) insert(dropped_.back().var);
      dropped_.pop_back();
    }
  }

 private:
  bool before(int a, int b) const {  // a above b
    const double x = activity_[std::size_t(a)], y = activity_[std::size_t(b)];
    return x > y || (x == y && a < b);
  }
  void place(int i, int v) {
    heap_[std::size_t(i)] = v;
    at_[std::size_t(v)] = i;
  }
  void up(int i) {
    const int v = heap_[std::size_t(i)];
    while (i > 0 && before(v, heap_[std::size_t((i - 1) / 2)])) {
      place(i, heap_[std::size_t((i - 1) / 2)]);
      i = (i - 1) / 2;
    }
    place(i, v);
  }
  void down(int i) {
    const int v = heap_[std::size_t(i)], n = int(heap_.size());
    for (;;) {
      int c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && before(heap_[std::size_t(c + 1)], heap_[std::size_t(c)])) ++c;
      if (!before(heap_[std::size_t(c)], v)) break;
      place(i, heap_[std::size_t(c)]);
      i = c;
    }
    place(i, v);
  }
  void insert(int v) {
    heap_.push_back(v);
    up(int(heap_.size()) - 1);
  }
  void pop_front() {
    at_[std::size_t(heap_.front())] = -1;
    const int last = heap_.back();
    heap_.pop_back();
    if (heap_.empty()) return;
    place(0, last);
    down(0);
  }

  struct Dropped {
    int var, level;
  };
  std::vector<double> activity_;
  std::vector<int> heap_;
  std::vector<int> at_;  // per variable: its position in heap_, -1 when out
  std::vector<Dropped> dropped_;
};

}  // namespace solve::detail::csp
