#pragma once
// The propagation kernel: the store, the constraints' own copies, who wakes on which
// variable and event, the queue, entailment with undo, and plain backtracking / forward
// checking through check() below each constraint's propagates_from(). One kernel per search
// engine (csp/dfs.hpp).
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "csp/learning_trail.hpp"
#include "csp/store.hpp"
#include "solve/model.hpp"

namespace solve::detail::csp {

class PropagationKernel {
 public:
  /// extra: one more constraint after the model's (index model.num_constraints()), such as
  /// the clause database of a search that learns (lcg_search.hpp).
  PropagationKernel(const Model& model, Propagation level,
                    std::unique_ptr<Constraint> extra = nullptr);

  Store& space() { return space_; }
  const Store& space() const { return space_; }
  int num_constraints() const { return int(props_.size()); }

  /// First propagation at the root. At none and forward: unary constraints and every
  /// constraint with an assigned variable; above: every constraint.
  bool propagate_root();
  /// Propagates the changes recorded in the space since the last call, to a fixpoint.
  /// False on failure (the space is then failed until pop()).
  bool propagate();

  /// Queues constraint p for the next propagate() (a clause database that was given a clause
  /// no domain change wakes it for).
  void wake(std::int32_t p) { enqueue(p); }

  /// Opens / closes a search level (space and entailment together).
  void push();
  void pop();

  // What the branching reads to rank variables (branching.cpp), inline for its selection loop.
  /// The constraints on variable id, each once.
  std::span<const std::int32_t> constraints_on(std::int32_t id) const {
    return {subs_.data() + sub_start_[std::size_t(id)],
            subs_.data() + sub_start_[std::size_t(id) + 1]};
  }
  /// True while constraint p is entailed.
  bool entailed(std::int32_t p) const { return state_[std::size_t(p)] & kEntailed; }
  /// The distinct unassigned variables of constraint p.
  int open_in(std::int32_t p) const { return open_in_[std::size_t(p)]; }
  /// Constraint p's failure weight (dom_wdeg): 1 plus the failures it caused.
  std::uint64_t weight(std::int32_t p) const { return weight_[std::size_t(p)]; }

  std::uint64_t propagations() const { return propagations_; }

  // Learning (issue 24): off until start_learning(); then every change is on the trail.
  /// Starts the learning trail (at the root, after its propagation: what holds there is
  /// never part of a reason).
  void start_learning();
  /// The learning trail, null unless started.
  LearningTrail* learning() { return learning_.get(); }
  const LearningTrail* learning() const { return learning_.get(); }
  /// Constraint p, as the kernel runs it.
  const Constraint& constraint(std::int32_t p) const { return *props_[std::size_t(p)]; }
  /// True when constraint p runs through check() (below its propagates_from()): its own
  /// explain() may assume reasoning it did not do, the domains of its scope are its reason.
  bool runs_by_check(std::int32_t p) const { return by_check_[std::size_t(p)]; }

  /// Starts keeping activities (VarOrder::activity): from now on, a failing propagate() bumps
  /// every variable whose domain changed in the level (the node: its decision and the
  /// propagation), and the bump grows at each failure (decay).
  void track_activity();
  /// Variable id's activity (1 before any bump; meaningless without track_activity()).
  double activity(std::int32_t id) const { return activity_[std::size_t(id)]; }

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
  std::vector<std::uint8_t> by_check_;   // per constraint: the level is below its propagates_from()
  std::vector<std::uint8_t> self_wake_;  // scope names a variable twice: rerun after own changes
  std::vector<std::uint8_t> cheap_;      // arity <= 2: run before the others
  std::vector<std::int32_t> queue_cheap_, queue_rest_;
  std::size_t head_cheap_ = 0, head_rest_ = 0;
  // per constraint: kQueued while in a queue, kEntailed while entailed (undone by pop())
  static constexpr std::uint8_t kQueued = 1, kEntailed = 2;
  std::vector<std::uint8_t> state_;
  std::vector<std::int32_t> entailed_trail_;
  std::vector<std::int32_t> open_in_;         // per constraint: unassigned distinct variables
  std::vector<std::int32_t> assigned_trail_;  // variables whose assignment open_in_ counted
  struct Mark {                               // what push() saves for pop()
    std::uint32_t entailed, assigned;
  };
  std::vector<Mark> marks_;
  std::vector<std::uint64_t> weight_;
  std::vector<int> values_;             // scratch of propagate_by_check()
  std::vector<std::uint32_t> open_at_;  // scratch: scope positions of the open variable
  std::vector<std::uint64_t> keep_;     // scratch: the values forward checking keeps
  std::uint64_t propagations_ = 0;
  // activities (empty unless tracked): read from the trail when a propagation fails, so that
  // the propagation itself does nothing more
  void bump_activity();
  std::vector<double> activity_;
  double activity_bump_ = 1;
  std::unique_ptr<LearningTrail> learning_;
  std::int32_t running_ = -1;  // the constraint propagating (what the learning trail reads)
};

}  // namespace solve::detail::csp
