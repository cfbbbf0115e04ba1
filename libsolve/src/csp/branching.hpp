#pragma once
// Branching heuristics: which variable to decide next, and in which order to try its values.
// Chosen by enum (SearchOptions, and per group of variables by Model::branch), after Gecode's
// INT_VAR_SIZE_MIN / DEGREE_MAX / AFC and FlatZinc's int_search choices.
#include <cstdint>
#include <vector>

#include "csp/kernel.hpp"
#include "solve/types.hpp"

namespace solve::detail::csp {

/// What to branch on next: the variable and the order of its values.
struct BranchChoice {
  int var;  ///< -1 when every variable is assigned
  ValOrder val;
};

/// The branching's bookkeeping, beside the propagation kernel (Gecode's brancher): the open
/// variables as a sparse set that drops assigned variables as it meets them, the cursor of
/// input order and the cursor of the branch groups, all restored with the search levels.
/// Degrees and failure weights are read from the kernel.
class Brancher {
 public:
  Brancher(const Model& model, int num_vars);
  /// The model's branch groups first (Model::branch), in order, each with its own orders;
  /// then every open variable by var and val. Walks only the open variables.
  BranchChoice choose(const PropagationKernel& k, VarOrder var, ValOrder val);
  /// From now on ties in the variable orders (except input) go to a random permutation of
  /// the variables, drawn afresh at each call (restarts), not to creation order.
  void draw_ties(std::uint64_t& rng);
  /// Opens / closes a search level, with the kernel's.
  void push() { marks_.push_back({n_open_, first_open_, group_, group_pos_}); }
  void pop() {
    const Mark m = marks_.back();
    marks_.pop_back();
    n_open_ = m.n_open;
    first_open_ = m.first_open;
    group_ = m.group;
    group_pos_ = m.group_pos;
  }

 private:
  /// The unassigned variable to branch on, or -1 when every variable is assigned.
  int select_variable(const PropagationKernel& k, VarOrder order);
  /// Calls f(id) for every unassigned variable, in no fixed order; the assigned ones met are
  /// swapped past the end of the set (which keeps its members), pop() restores its size.
  template <class F>
  void for_each_open(const Space& s, F&& f) {
    std::uint32_t k = 0;
    while (k < n_open_) {
      const std::int32_t id = open_[k];
      if (s.assigned(Var{id})) {
        open_[k] = open_[--n_open_];
        open_[n_open_] = id;
        continue;
      }
      f(id);
      ++k;
    }
  }
  /// The first group with an unassigned variable, or -1; group_pos_ is then the position of
  /// that group's first unassigned variable.
  int open_group(const Space& s);
  /// The first unassigned variable in creation order, or -1.
  int first_open(const Space& s);

  std::vector<std::int32_t> open_;  // sparse set of open variables: open_[0, n_open_)
  std::uint32_t n_open_ = 0;
  int first_open_ = 0;
  std::vector<Model::BranchGroup> groups_;
  int group_ = 0, group_pos_ = 0;
  struct Mark {  // what push() saves for pop()
    std::uint32_t n_open;
    int first_open, group, group_pos;
  };
  std::vector<Mark> marks_;
  std::vector<std::int32_t> tie_;  // each variable's rank among ties (empty: its index)
};

/// The next number of the xorshift64* generator in rng (advances it).
std::uint64_t next_random(std::uint64_t& rng);

/// Appends the values of x to out in the order asked (random uses and advances rng).
void order_values(const Space& s, Var x, ValOrder order, std::uint64_t& rng, std::vector<int>& out);

}  // namespace solve::detail::csp
