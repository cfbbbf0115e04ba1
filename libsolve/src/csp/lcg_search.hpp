#pragma once
// The search that learns (issue 24, docs/notes/lcg-design.md §6): lazy clause generation's
// loop, as Chuffed and SAT solvers run it, a search engine of the driver (search/engine.hpp).
//
//   propagate
//     failed   -> analyse the failure into a nogood (conflict.hpp); empty: exhausted; else
//                 pop to its backjump level and add its negation to the clause database,
//                 which makes the asserting literal true there; propagate again
//     ok, all assigned -> a solution: deliver it, then block it (the clause of its decisions'
//                 negations, or with an objective the unit [objective better than it])
//     ok       -> a decision: one store level, the literal [x == v] made true
//
// There are no refutation decisions: a learnt clause does that job. The clause database is
// one more kernel constraint (its cause on the learning trail is its index, so the analysis
// explains its prunings through ClauseStore::explain), and one learning level is one store
// level above the run's root. Learnt clauses are implied by the model and the clauses that
// block solutions found (or bounds passed), so a count stays exact and the last solution of
// an exhausted branch and bound is optimal.
//
// Branching (LearningOptions::branching): the model's order (Brancher), or the variable with
// the highest activity (bumped for the variables of each nogood, decayed) with its saved
// phase, or the two in turn at each restart. Restarts (LearningOptions::restart, else
// SearchOptions::restart, else Luby x 100 failures; none: one tree to the end) keep the
// clauses and apply to a search for one solution or an optimum only (search.cpp says which,
// as for the frame search); reduce() deletes the less active half of the learnt clauses past
// learnts_mb, except where solutions are enumerated (the clauses blocking them must stay).
#include <climits>
#include <memory>
#include <vector>

#include "csp/activity_heap.hpp"
#include "csp/bound.hpp"
#include "csp/branching.hpp"
#include "csp/clause_store.hpp"
#include "csp/conflict.hpp"
#include "csp/kernel.hpp"
#include "csp/lcg_verify.hpp"
#include "search/engine.hpp"
#include "solve/search.hpp"

namespace solve::detail::csp {

class LcgSearch final : public SearchEngine {
 public:
  /// on_solution: where solutions go (null: none to deliver); best: the objective values
  /// shared by the engines of one search, for branch and bound (null: every solution counts).
  /// restarting: restarts are in force (search.cpp: one solution or an optimum); portfolio:
  /// the other engines search the same tree, and a bound is shared once delivered.
  LcgSearch(const Model& m, const SearchOptions& o, Control& control,
            const SolutionCallback* on_solution, std::shared_ptr<SharedBest> best = nullptr,
            bool restarting = false, bool portfolio = false);

  std::unique_ptr<SearchEngine> clone() const override;
  /// Searches the whole tree (a learning search never splits its work: w must be empty).
  void run(const Work& w, Worker& worker) override;
  /// Never gives work away (search.cpp runs the learning search on one worker, or as a
  /// portfolio).
  bool donate(Work&) override { return false; }
  double done() const override { return 0; }
  std::uint64_t poll_interval() const override { return 256; }

  /// The last run() searched its tree to the end: for the whole tree, a proof.
  bool complete() const { return complete_; }
  /// The best objective value (minimisation form) this engine found, INT64_MAX if none.
  std::int64_t best() const { return bound_.best(); }

 private:
  enum class Outcome { exhausted, restart, stopped };
  /// Searches from the run's root until exhausted, stopped, or `fails` failures more.
  Outcome search(std::uint64_t fails);
  /// The kernel failed: learns, backjumps and asserts; false when the failure is at the root
  /// (the tree is exhausted).
  bool resolve_conflict();
  /// The nogood of the failure pending (from the analysis, or the decisions when it fails);
  /// into nogood_ / levels_ / asserting_; false when empty.
  bool learn();
  /// Every variable assigned: delivers the solution and blocks it; false: stop searching.
  bool solution();
  bool deliver();
  /// Adds the unit clause of the best value known (this engine's or shared) when it is
  /// better than the last one added; true when it added one.
  bool tighten();
  /// Makes the decision literal of the next variable; false when every variable is assigned.
  bool decide();
  /// Pops to learning level `level` (0: the run's root).
  void backjump(int level);
  int level() const { return kernel_.space().depth() - root_depth_; }
  /// Adds a learnt clause (the negation of lits, levels[i] the level where lits[i] became
  /// true) and schedules the store; called after the backjump, on the highest level of all
  /// but one literal.
  void add_nogood(std::span<const Literal> lits, std::span<const int> levels);
  /// Bumps the activity of the variables of the nogood just learnt.
  void bump();
  /// Calls the trace hook (SearchOptions::trace): decide (at the decision's level), fail (with
  /// the failing level's decision), solution; backjumps are not reported.
  void trace(TraceEvent::Kind k, Var x = Var{}, int v = 0);
  /// The branching in use now (toggled at restarts).
  bool by_activity() const;
  int most_active();

  const Model* model_;
  SearchOptions opt_;
  Control* control_;
  const SolutionCallback* on_solution_;
  std::shared_ptr<SharedBest> best_;
  bool restarting_, portfolio_;
  ClauseStore* store_;  // owned by the kernel
  std::int32_t store_index_;
  PropagationKernel kernel_;
  Brancher brancher_;
  ConflictAnalysis analysis_;
  ActivityHeap activity_;  // per variable, bumped by the nogoods (VSIDS)
  Bound bound_;
  std::int64_t value_ = INT64_MAX;  // the objective of the solution just found
  std::int64_t bounded_ = INT64_MAX;  // the best value whose unit clause was added
  std::unique_ptr<LearntClauseVerifier> verifier_;  // LearningOptions::verify

  bool root_done_ = false, root_ok_ = false;
  int root_depth_ = 0;
  bool complete_ = false, stopped_ = false;
  PollBudget poll_;
  std::uint64_t rng_;
  std::uint64_t restarts_ = 0;
  bool model_order_now_ = true;  // toggle: the branching of the current run

  double activity_bump_ = 1;
  std::vector<int> phase_;  // per variable: the value it was last given (INT_MIN: none)
  std::vector<int> values_;  // scratch: the values of the variable decided
  std::vector<Literal> nogood_, clause_;  // scratch: the nogood learnt and its negation
  std::vector<int> levels_;
  std::size_t asserting_ = 0;
};

/// The negation of a literal: [x <= v] and [x >= v + 1], [x == v] and [x != v].
Literal negation(const Literal& l);

}  // namespace solve::detail::csp
