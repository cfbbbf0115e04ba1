#pragma once
// Vilím's Θ-Λ-tree: a balanced binary tree over tasks sorted by earliest start, each leaf
// empty, in Θ (white) or in Λ (gray). The root answers in O(1), and each insertion or
// removal costs O(log n):
//   ect()     = max over Ω ⊆ Θ of (base_Ω + Σ_{Ω} amount), the earliest completion of Θ,
//   ect_bar() = the same over Θ plus at most one gray task, and resp_bar() the gray leaf
//               that achieves it.
// A leaf holds a base and an amount: (est, p) for the unary resource, (C·est, e) for the
// energy envelope of a cumulative resource of capacity C (Vilím 2009), where the root's
// ect() is then the envelope. Reference: P. Vilím, "O(n log n) filtering algorithms for
// unary resource constraints", CPAIOR 2004; "Max energy filtering algorithm for discrete
// cumulative resources", CPAIOR 2009.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace solve::detail {

/// Sorts `order`, a permutation of task positions, by key(i) ascending, by insertion: O(n)
/// when the order of the previous call is kept (bounds move a little between calls), O(n²)
/// at worst.
template <class Key>
void repair_order(std::vector<int>& order, Key&& key) {
  for (std::size_t k = 1; k < order.size(); ++k) {
    const int x = order[k];
    const std::int64_t kx = key(x);
    std::size_t j = k;
    for (; j > 0 && key(order[j - 1]) > kx; --j) order[j] = order[j - 1];
    order[j] = x;
  }
}

class ThetaLambdaTree {
 public:
  /// "Minus infinity" that stays far from overflow when sums are added to it.
  static constexpr std::int64_t kNone = INT64_MIN / 4;

  /// n empty leaves (keeps the storage of earlier calls: no allocation once grown).
  void reset(int n) {
    size_ = int(std::bit_ceil(unsigned(std::max(n, 1))));
    nodes_.assign(std::size_t(2 * size_), Node{});
  }
  /// Puts leaf `leaf` in Θ.
  void insert(int leaf, std::int64_t base, std::int64_t amount) {
    Node& x = nodes_[std::size_t(size_ + leaf)];
    x = Node{amount, base + amount, amount, base + amount, -1, -1};
    update(size_ + leaf);
  }
  /// Puts leaf `leaf` in Θ without its ancestors: a batch of these, then build(), fills the
  /// tree in O(n) where n insertions cost O(n log n).
  void place(int leaf, std::int64_t base, std::int64_t amount) {
    nodes_[std::size_t(size_ + leaf)] = Node{amount, base + amount, amount, base + amount, -1, -1};
  }
  /// Recomputes every inner node from the leaves (after place()).
  void build() {
    for (int pos = size_ - 1; pos >= 1; --pos) combine(pos);
  }
  /// Moves leaf `leaf` to Λ (or puts it there).
  void make_gray(int leaf, std::int64_t base, std::int64_t amount) {
    Node& x = nodes_[std::size_t(size_ + leaf)];
    x = Node{0, kNone, amount, base + amount, leaf, leaf};
    update(size_ + leaf);
  }
  /// Empties leaf `leaf`.
  void remove(int leaf) {
    nodes_[std::size_t(size_ + leaf)] = Node{};
    update(size_ + leaf);
  }
  std::int64_t ect() const { return nodes_[1].ect; }
  std::int64_t ect_bar() const { return nodes_[1].ect_bar; }
  /// The gray leaf responsible for ect_bar() (-1 when it is Θ's own).
  int resp_bar() const { return nodes_[1].resp_ect; }

 private:
  struct Node {
    std::int64_t sum = 0, ect = kNone, sum_bar = 0, ect_bar = kNone;
    int resp_sum = -1, resp_ect = -1;  // gray leaves behind sum_bar and ect_bar
  };

  void update(int pos) {
    for (pos /= 2; pos >= 1; pos /= 2) combine(pos);
  }
  /// Node pos from its two children.
  void combine(int pos) {
    const Node& l = nodes_[std::size_t(2 * pos)];
    const Node& r = nodes_[std::size_t(2 * pos + 1)];
    Node& x = nodes_[std::size_t(pos)];
    x.sum = l.sum + r.sum;
    x.ect = std::max(r.ect, l.ect + r.sum);
    if (l.sum_bar + r.sum >= l.sum + r.sum_bar) {
      x.sum_bar = l.sum_bar + r.sum;
      x.resp_sum = l.resp_sum;
    } else {
      x.sum_bar = l.sum + r.sum_bar;
      x.resp_sum = r.resp_sum;
    }
    x.ect_bar = r.ect_bar;
    x.resp_ect = r.resp_ect;
    if (l.ect + r.sum_bar > x.ect_bar) {
      x.ect_bar = l.ect + r.sum_bar;
      x.resp_ect = r.resp_sum;
    }
    if (l.ect_bar + r.sum > x.ect_bar) {
      x.ect_bar = l.ect_bar + r.sum;
      x.resp_ect = l.resp_ect;
    }
  }

  std::vector<Node> nodes_;
  int size_ = 1;
};

}  // namespace solve::detail
