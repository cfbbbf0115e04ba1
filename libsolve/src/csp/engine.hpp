#pragma once
// The propagation engine: the store, the constraints' own copies, who wakes on which
// variable, the queue, and entailment with undo. One engine per search.
#include <cstdint>
#include <memory>
#include <vector>

#include "solve/model.hpp"
#include "solve/space.hpp"

namespace solve::detail {

class Engine {
 public:
  Engine(const Model& model, Propagation level);

  Space& space() { return space_; }
  const Space& space() const { return space_; }
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

  /// Constraints (not entailed) on x that have another unassigned variable, counted per
  /// unassigned neighbour: the degree of x in the binary constraint graph.
  int degree(Var x) const;
  /// Sum of failure weights of the constraints on x with another unassigned variable.
  std::uint64_t weighted_degree(Var x) const;

  std::uint64_t propagations() const { return propagations_; }

 private:
  void schedule_modified(int running);
  void enqueue(int p);

  Space space_;
  Propagation level_;
  std::vector<std::unique_ptr<Constraint>> props_;
  std::vector<std::uint32_t> sub_start_;  // CSR: constraints of variable i are
  std::vector<std::int32_t> subs_;        // subs_[sub_start_[i] .. sub_start_[i+1])
  std::vector<std::uint8_t> assign_only_; // wakes_on_assignment_only() per constraint
  std::vector<std::uint8_t> cheap_;       // arity <= 2: run before the others
  std::vector<std::int32_t> queue_cheap_, queue_rest_;
  std::size_t head_cheap_ = 0, head_rest_ = 0;
  std::vector<std::uint8_t> in_queue_;
  std::vector<std::uint8_t> entailed_;
  std::vector<std::int32_t> entailed_trail_;
  std::vector<std::uint32_t> entailed_marks_;
  std::vector<std::uint64_t> weight_;
  std::uint64_t propagations_ = 0;
};

}  // namespace solve::detail
