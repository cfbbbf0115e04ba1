#pragma once
// The propagation kernel: the store, the constraints' own copies, who wakes on which
// variable and event, the queue, entailment with undo, and plain backtracking / forward
// checking through check() below each constraint's propagates_from(). One kernel per search
// engine (csp/dfs.hpp).
#include <cstdint>
#include <memory>
#include <vector>

#include "csp/store.hpp"
#include "solve/model.hpp"

namespace solve::detail::csp {

class PropagationKernel {
 public:
  PropagationKernel(const Model& model, Propagation level);

  Store& space() { return space_; }
  const Store& space() const { return space_; }
  int num_constraints() const { return int(props_.size()); }

  /// First propagation at the root. At none and forward: unary constraints and every
  /// constraint with an assigned variable; above: every constraint.
  bool propagate_root();
  /// Propagates the changes recorded in the space since the last call, to a fixpoint.
  /// False on failure (the space is then failed until pop()).
  bool propagate();

  /// Opens / closes a search level (space and entailment together).
  void push();
  void pop();

  // Both take the variable's id, not a Var: a Var built in a loop and passed by value in
  // registers went through the stack (two narrow stores, one wide load), a failed
  // store-to-load forward on every call of the selection loop. Inline for the same loop.
  /// For unassigned variable id: the constraints (not entailed) on it that have another
  /// unassigned variable, each counted once per unassigned neighbour: its degree in the
  /// binary constraint graph. O(constraints on it): each constraint knows its open variables.
  int degree(std::int32_t id) const {
    int deg = 0;  // the others open in constraint p are open_in_[p] - 1 (distinct variables)
    for (std::uint32_t k = sub_start_[std::size_t(id)], end = sub_start_[std::size_t(id) + 1]; k < end; ++k) {
      const std::size_t p = std::size_t(subs_[k]);
      if (!(state_[p] & kEntailed)) deg += open_in_[p] - 1;
    }
    return deg;
  }
  /// For unassigned variable id: the sum of failure weights of the constraints on it with
  /// another unassigned variable.
  std::uint64_t weighted_degree(std::int32_t id) const {
    std::uint64_t w = 0;
    for (std::uint32_t k = sub_start_[std::size_t(id)], end = sub_start_[std::size_t(id) + 1]; k < end; ++k) {
      const std::size_t p = std::size_t(subs_[k]);
      if (!(state_[p] & kEntailed) && open_in_[p] >= 2) w += weight_[p];
    }
    return w;
  }

  /// Calls f(id) for every unassigned variable, in no fixed order. The open set is a sparse
  /// set that drops assigned variables as it meets them; pop() restores its size.
  template <class F>
  void for_each_open(F&& f) {
    std::uint32_t k = 0;
    while (k < n_open_) {
      const std::int32_t id = open_[k];
      if (space_.assigned(Var{id})) {  // swap it past the end: the set keeps its members
        open_[k] = open_[--n_open_];
        open_[n_open_] = id;
        continue;
      }
      f(id);
      ++k;
    }
  }
  /// The branch groups of the model (Model::branch), in order.
  const std::vector<Model::BranchGroup>& groups() const { return groups_; }
  /// The first group with an unassigned variable, or -1 (a trailed cursor). Afterwards
  /// group_cursor() is the position of that group's first unassigned variable.
  int open_group() {
    while (group_ < int(groups_.size())) {
      const std::vector<Var>& xs = groups_[std::size_t(group_)].vars;
      while (group_pos_ < int(xs.size()) && space_.assigned(xs[std::size_t(group_pos_)])) ++group_pos_;
      if (group_pos_ < int(xs.size())) return group_;
      ++group_;
      group_pos_ = 0;
    }
    return -1;
  }
  int group_cursor() const { return group_pos_; }
  /// The first unassigned variable in creation order, or -1 (a trailed cursor).
  int first_open() {
    const int n = space_.num_vars();
    while (first_open_ < n && space_.assigned(Var{first_open_})) ++first_open_;
    return first_open_ < n ? first_open_ : -1;
  }

  std::uint64_t propagations() const { return propagations_; }

 private:
  void subscribe();
  void schedule_modified(int running);
  /// Queues constraint p unless it is queued or entailed. Inline, and one flag byte for
  /// both tests: it runs for every constraint on every changed variable.
  void enqueue(int p) {
    std::uint8_t& st = state_[std::size_t(p)];
    if (st) return;
    st = kQueued;
    (cheap_[std::size_t(p)] ? queue_cheap_ : queue_rest_).push_back(p);
  }
  void clear_queue();
  /// Plain backtracking (none) or forward checking (above) of constraint p through check().
  PropStatus propagate_by_check(int p);

  Store space_;
  Propagation level_;
  std::vector<std::unique_ptr<Constraint>> props_;
  // subscriptions in CSR form: the constraints on variable i are subs_[sub_start_[i] ..
  // sub_start_[i+1]), those woken by any removal first, then those woken by bound changes,
  // then those woken by assignments only; sub_bounds_[i] and sub_assigned_[i] mark the
  // borders. An event wakes a prefix: domain [start, bounds), bounds [start, assigned),
  // assigned everything.
  std::vector<std::uint32_t> sub_start_, sub_bounds_, sub_assigned_;
  std::vector<std::int32_t> subs_;
  std::vector<std::uint8_t> by_check_;    // per constraint: the level is below its propagates_from()
  std::vector<std::uint8_t> self_wake_;   // scope names a variable twice: rerun after own changes
  std::vector<std::uint8_t> cheap_;       // arity <= 2: run before the others
  std::vector<std::int32_t> queue_cheap_, queue_rest_;
  std::size_t head_cheap_ = 0, head_rest_ = 0;
  // per constraint: kQueued while in a queue, kEntailed while entailed (undone by pop())
  static constexpr std::uint8_t kQueued = 1, kEntailed = 2;
  std::vector<std::uint8_t> state_;
  std::vector<std::int32_t> entailed_trail_;
  std::vector<std::int32_t> open_in_;        // per constraint: unassigned distinct variables
  std::vector<std::int32_t> assigned_trail_; // variables whose assignment open_in_ counted
  std::vector<std::int32_t> open_;           // sparse set of open variables: open_[0, n_open_)
  std::uint32_t n_open_ = 0;
  int first_open_ = 0;
  std::vector<Model::BranchGroup> groups_;
  int group_ = 0, group_pos_ = 0;            // open_group() cursor
  struct Mark {                              // what push() saves for pop()
    std::uint32_t entailed, assigned, n_open;
    int first_open, group, group_pos;
  };
  std::vector<Mark> marks_;
  std::vector<std::uint64_t> weight_;
  std::vector<int> values_;               // scratch of propagate_by_check()
  std::vector<std::uint32_t> open_at_;    // scratch: scope positions of the open variable
  std::vector<std::uint64_t> keep_;       // scratch: the values forward checking keeps
  std::uint64_t propagations_ = 0;
};

}  // namespace solve::detail::csp
