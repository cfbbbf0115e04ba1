// all_different: value propagation (forward, arc) and Regin's domain-consistent filtering
// (domain level): a maximum matching of variables to values, then every value that lies on
// no maximum matching is removed (J.-C. Regin, "A filtering algorithm for constraints of
// difference in CSPs", AAAI 1994).
#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

#include "propagators/status.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

class AllDifferent final : public CloneableConstraint<AllDifferent> {
 public:
  explicit AllDifferent(std::vector<Var> xs) : xs_(std::move(xs)) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "all_different"; }

  PropStatus propagate(Space& s) override {
    if (!propagate_values(s)) return PropStatus::failed;
    if (s.level() == Propagation::domain && !filter_by_matching(s)) return PropStatus::failed;
    for (Var x : xs_)
      if (!s.assigned(x)) return PropStatus::fixpoint;
    return PropStatus::entailed;
  }

 private:
  /// Removes the value of every assigned variable from the others, following new
  /// assignments as they appear. Fails on two variables with the same value.
  bool propagate_values(Space& s) {
    work_.clear();
    for (int i = 0; i < int(xs_.size()); ++i)
      if (s.assigned(xs_[std::size_t(i)])) work_.push_back(i);
    while (!work_.empty()) {
      const int i = work_.back();
      work_.pop_back();
      const int v = s.value(xs_[std::size_t(i)]);
      for (int j = 0; j < int(xs_.size()); ++j) {
        if (j == i) continue;
        const Var y = xs_[std::size_t(j)];
        if (!s.contains(y, v)) continue;
        const Event e = s.remove(y, v);
        if (e == Event::failed) return false;
        if (e == Event::assigned) work_.push_back(j);
      }
    }
    return true;
  }

  // ---- Regin ----
  int n() const { return int(xs_.size()); }

  /// Finds a matching covering every variable, reusing the previous one as a start.
  /// False when none exists (the constraint fails).
  bool match(Space& s) {
    lo_ = INT_MAX;
    int hi = INT_MIN;
    for (Var x : xs_) {
      lo_ = std::min(lo_, s.min(x));
      hi = std::max(hi, s.max(x));
    }
    m_ = hi - lo_ + 1;
    if (m_ < n()) return false;  // pigeonhole: fewer values than variables
    match_of_val_.assign(std::size_t(m_), -1);
    match_of_var_.resize(std::size_t(n()), INT_MIN);
    for (int i = 0; i < n(); ++i) {
      int& v = match_of_var_[std::size_t(i)];
      if (v != INT_MIN && s.contains(xs_[std::size_t(i)], v) && match_of_val_[std::size_t(v - lo_)] < 0)
        match_of_val_[std::size_t(v - lo_)] = i;
      else
        v = INT_MIN;
    }
    visited_.assign(std::size_t(m_), 0);
    for (int i = 0; i < n(); ++i) {
      if (match_of_var_[std::size_t(i)] != INT_MIN) continue;
      ++stamp_;
      if (stamp_ == 0) {
        std::fill(visited_.begin(), visited_.end(), 0);
        stamp_ = 1;
      }
      if (!augment(s, i)) return false;
    }
    return true;
  }

  /// Kuhn's augmenting path search from variable i (depth <= number of variables).
  bool augment(Space& s, int i) {
    const Var x = xs_[std::size_t(i)];
    for (int v = s.min(x); v != INT_MAX; v = s.next_value(x, v)) {
      const std::size_t k = std::size_t(v - lo_);
      if (visited_[k] == stamp_) continue;
      visited_[k] = stamp_;
      const int owner = match_of_val_[k];
      if (owner < 0 || augment(s, owner)) {
        match_of_var_[std::size_t(i)] = v;
        match_of_val_[k] = i;
        return true;
      }
    }
    return false;
  }

  /// Graph nodes: variables 0..n-1, values n..n+m-1. Edges: variable -> its matched value;
  /// value -> every variable whose domain holds it and that is matched elsewhere.
  /// Successor number k of node u, or -1 past the last.
  int successor(const Space& s, int u, int& k) const {
    if (u < n()) return k++ == 0 ? n() + (match_of_var_[std::size_t(u)] - lo_) : -1;
    const int v = lo_ + (u - n());
    while (k < n()) {
      const int i = k++;
      if (match_of_var_[std::size_t(i)] != v && s.contains(xs_[std::size_t(i)], v)) return i;
    }
    return -1;
  }

  /// Marks every node reachable from a free value (even alternating paths).
  void mark_free_reachable(const Space& s) {
    reach_.assign(std::size_t(n() + m_), 0);
    stack_.clear();
    for (int k = 0; k < m_; ++k)
      if (match_of_val_[std::size_t(k)] < 0) {
        reach_[std::size_t(n() + k)] = 1;
        stack_.push_back(n() + k);
      }
    while (!stack_.empty()) {
      const int u = stack_.back();
      stack_.pop_back();
      int it = 0;
      for (int w = successor(s, u, it); w >= 0; w = successor(s, u, it))
        if (!reach_[std::size_t(w)]) {
          reach_[std::size_t(w)] = 1;
          stack_.push_back(w);
        }
    }
  }

  /// Tarjan's strongly connected components, iterative; fills comp_.
  void components(const Space& s) {
    const int total = n() + m_;
    index_.assign(std::size_t(total), -1);
    low_.assign(std::size_t(total), 0);
    comp_.assign(std::size_t(total), -1);
    on_stack_.assign(std::size_t(total), 0);
    iter_.assign(std::size_t(total), 0);
    stack_.clear();
    call_.clear();
    int counter = 0, ncomp = 0;
    for (int root = 0; root < total; ++root) {
      if (index_[std::size_t(root)] >= 0) continue;
      call_.push_back(root);
      index_[std::size_t(root)] = low_[std::size_t(root)] = counter++;
      stack_.push_back(root);
      on_stack_[std::size_t(root)] = 1;
      while (!call_.empty()) {
        const int u = call_.back();
        const int w = successor(s, u, iter_[std::size_t(u)]);
        if (w >= 0) {
          if (index_[std::size_t(w)] < 0) {
            index_[std::size_t(w)] = low_[std::size_t(w)] = counter++;
            stack_.push_back(w);
            on_stack_[std::size_t(w)] = 1;
            call_.push_back(w);
          } else if (on_stack_[std::size_t(w)]) {
            low_[std::size_t(u)] = std::min(low_[std::size_t(u)], index_[std::size_t(w)]);
          }
          continue;
        }
        call_.pop_back();
        if (!call_.empty()) {
          const int parent = call_.back();
          low_[std::size_t(parent)] = std::min(low_[std::size_t(parent)], low_[std::size_t(u)]);
        }
        if (low_[std::size_t(u)] == index_[std::size_t(u)]) {
          int w2;
          do {
            w2 = stack_.back();
            stack_.pop_back();
            on_stack_[std::size_t(w2)] = 0;
            comp_[std::size_t(w2)] = ncomp;
          } while (w2 != u);
          ++ncomp;
        }
      }
    }
  }

  /// Removes every value that belongs to no maximum matching.
  bool filter_by_matching(Space& s) {
    if (!match(s)) return false;
    mark_free_reachable(s);
    components(s);
    for (int i = 0; i < n(); ++i) {
      const Var x = xs_[std::size_t(i)];
      if (s.assigned(x)) continue;
      const int mv = match_of_var_[std::size_t(i)];
      for (int v = s.min(x); v != INT_MAX; v = s.next_value(x, v)) {
        if (v == mv) continue;
        const int node = n() + (v - lo_);
        if (reach_[std::size_t(node)] || comp_[std::size_t(node)] == comp_[std::size_t(i)]) continue;
        if (s.remove(x, v) == Event::failed) return false;  // cannot happen: mv stays
      }
    }
    return true;
  }

  std::vector<Var> xs_;
  // scratch, kept between runs only to avoid allocation (the matching is a mere hint)
  std::vector<int> work_;
  std::vector<int> match_of_var_, match_of_val_;
  std::vector<unsigned> visited_;
  unsigned stamp_ = 0;
  int lo_ = 0, m_ = 0;
  std::vector<int> index_, low_, comp_, iter_, stack_, call_;
  std::vector<char> on_stack_, reach_;
};

}  // namespace
}  // namespace detail

void all_different(Model& m, std::span<const Var> xs) {
  std::vector<Var> vars(xs.begin(), xs.end());
  for (std::size_t i = 0; i < vars.size(); ++i)
    for (std::size_t j = i + 1; j < vars.size(); ++j)
      if (vars[i] == vars[j]) throw ModelError("all_different: variable " + m.name(vars[i]) + " appears twice");
  if (vars.size() < 2) return;
  if (vars.size() == 2) {
    not_equal(m, vars[0], vars[1]);
    return;
  }
  m.post(std::make_unique<detail::AllDifferent>(std::move(vars)));
}

}  // namespace solve
