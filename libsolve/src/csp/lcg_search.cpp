// The search that learns (see lcg_search.hpp).
#include "csp/lcg_search.hpp"

#include "csp/restart_limit.hpp"

#include <algorithm>

namespace solve::detail::csp {

namespace {

/// The clause database over every variable of m (a learnt clause may name any of them).
std::unique_ptr<Constraint> make_store(const Model& m, ClauseStore*& store) {
  std::vector<Var> vars;
  std::vector<std::pair<int, int>> ranges;
  for (int i = 0; i < m.num_vars(); ++i) {
    vars.push_back(Var{i});
    const std::vector<int>& d = m.initial_domain(Var{i});
    ranges.emplace_back(d.front(), d.back());
  }
  auto s = std::make_unique<ClauseStore>(std::move(vars), ranges);
  store = s.get();
  return s;
}

int clamp_int(std::int64_t v) { return int(std::clamp<std::int64_t>(v, INT_MIN, INT_MAX)); }

}  // namespace

Literal negation(const Literal& l) {
  switch (l.kind) {
    case Literal::Kind::le: return Literal::ge(l.var, clamp_int(std::int64_t(l.value) + 1));
    case Literal::Kind::ge: return Literal::le(l.var, clamp_int(std::int64_t(l.value) - 1));
    case Literal::Kind::eq: return Literal::ne(l.var, l.value);
    case Literal::Kind::ne: return Literal::eq(l.var, l.value);
  }
  return l;
}

LcgSearch::LcgSearch(const Model& m, const SearchOptions& o, Control& control,
                     const SolutionCallback* on_solution, std::shared_ptr<SharedBest> best,
                     bool restarting, bool portfolio)
    : model_(&m),
      opt_(o),
      control_(&control),
      on_solution_(on_solution),
      best_(std::move(best)),
      restarting_(restarting),
      portfolio_(portfolio),
      store_(nullptr),
      store_index_(m.num_constraints()),
      kernel_(m, o.propagation, make_store(m, store_)),
      brancher_(m, m.num_vars()),
      analysis_(m, o.propagation),
      activity_(m.num_vars()),
      rng_(o.seed ? o.seed : 0x9E3779B97F4A7C15ULL) {
  if (best_ && m.objective()) bound_ = Bound(*m.objective(), &best_->found);
  analysis_.use_clause_store(store_index_, store_);
  if (opt_.learning.verify) verifier_ = std::make_unique<LearntClauseVerifier>(m);
  bool activity = opt_.var_order == VarOrder::activity;
  for (const Model::BranchGroup& g : m.branching()) activity = activity || g.var == VarOrder::activity;
  if (activity) kernel_.track_activity();
  phase_.assign(std::size_t(m.num_vars()), INT_MIN);
}

std::unique_ptr<SearchEngine> LcgSearch::clone() const {
  return std::make_unique<LcgSearch>(*model_, opt_, *control_, on_solution_, best_, restarting_,
                                     portfolio_);
}

void LcgSearch::run(const Work&, Worker& worker) {
  complete_ = stopped_ = false;
  if (poll_.start(worker, stats_.solutions) == 0) return;
  if (!root_done_) {
    root_done_ = true;
    root_ok_ = kernel_.propagate_root();
    if (root_ok_) kernel_.start_learning();  // what holds at the root is part of no reason
  }
  if (!root_ok_) {
    complete_ = true;
    return;
  }
  // the run's root: level 0 of learning, where learnt units and bounds hold until run() ends
  kernel_.push();
  brancher_.push();
  root_depth_ = kernel_.space().depth();
  kernel_.wake(store_index_);  // clauses learnt by an earlier run
  // LearningOptions::restart as it is, else SearchOptions::restart, else Luby x 100 failures
  RestartPolicy policy = opt_.restart;
  if (opt_.learning.restart) policy = *opt_.learning.restart;
  else if (policy.kind == RestartPolicy::Kind::none) policy = {RestartPolicy::Kind::luby, 100, 1.5};
  for (std::uint64_t k = 0;; ++k) {
    if (k > 0) {
      ++stats_.restarts;
      model_order_now_ = !model_order_now_;
      brancher_.draw_ties(rng_);
      const std::size_t max_bytes = opt_.learning.learnts_mb << 20;
      if (store_->arena_bytes() > max_bytes) store_->reduce(kernel_.space(), max_bytes);
    }
    const Outcome o = search(restarting_ ? restart_limit(policy, k) : UINT64_MAX);
    if (o == Outcome::restart) {
      backjump(0);
      kernel_.wake(store_index_);
      continue;
    }
    complete_ = o == Outcome::exhausted;
    break;
  }
  backjump(0);
  kernel_.pop();
  brancher_.pop();
  activity_.backjump(-1);  // the root's assignments are taken back too
  stats_.propagations = kernel_.propagations();
  stats_.updates = kernel_.space().updates();
  stats_.reasons = analysis_.reasons();
  stats_.scope_reasons = analysis_.scope_reasons();
}

LcgSearch::Outcome LcgSearch::search(std::uint64_t fails) {
  const std::uint64_t stop = fails == UINT64_MAX ? UINT64_MAX : stats_.failures + fails;
  Store& s = kernel_.space();
  for (;;) {
    if (!kernel_.propagate()) {
      ++stats_.failures;
      trace(TraceEvent::Kind::fail);
      if (!resolve_conflict()) return Outcome::exhausted;
      if (stats_.failures >= stop) return Outcome::restart;
      continue;
    }
    if (tighten()) continue;  // a better bound found by another engine
    // the next decision: a variable, and its saved phase or the first value of its order
    BranchChoice c;
    if (by_activity()) c = {most_active(), opt_.val_order};
    else c = brancher_.choose(kernel_, opt_.var_order, opt_.val_order);
    if (c.var < 0) {
      const bool decided = level() > 0;  // else the root is the one solution: nothing to block
      if (!solution()) return Outcome::stopped;
      if (!decided && !bound_.active()) return Outcome::exhausted;
      continue;
    }
    const Var x{c.var};
    int v = phase_[std::size_t(c.var)];
    if (!((by_activity() || opt_.phase_saving) && v != INT_MIN && s.contains(x, v))) {
      values_.clear();
      order_values(s, x, c.val, rng_, values_);
      v = values_.front();
    }
    ++stats_.nodes;
    if (!poll_.tick() && !poll_.poll(stats_.solutions)) {
      stopped_ = true;
      return Outcome::stopped;
    }
    kernel_.push();
    brancher_.push();
    if (std::uint32_t(level()) > stats_.max_depth) stats_.max_depth = std::uint32_t(level());
    phase_[std::size_t(c.var)] = v;
    kernel_.learning()->decide(Literal::eq(x, v));
    trace(TraceEvent::Kind::decide, x, v);
    s.assign(x, v);  // v is in the domain: cannot fail
  }
}

bool LcgSearch::resolve_conflict() {
  if (level() == 0) return false;  // nothing decided: the failure is the model's (and clauses')
  // a clause found false takes part in the analysis: it stays longer (reduce())
  const LearningTrail::Conflict& failed = kernel_.learning()->conflict();
  if (failed.pending && failed.cause == store_index_ && store_->last_conflict() != kNoId)
    store_->bump_activity(store_->last_conflict());
  if (!learn()) return false;
  if (opt_.learning.on_nogood)
    opt_.learning.on_nogood(Nogood{nogood_, levels_, levels_[asserting_], asserting_});
  if (verifier_) {
    std::int64_t best = bound_.best();
    if (best_) best = std::min(best, best_->found.load(std::memory_order_relaxed));
    verifier_->check(nogood_, best);
  }
  bump();
  int back = 0;
  for (std::size_t i = 0; i < levels_.size(); ++i)
    if (i != asserting_) back = std::max(back, levels_[i]);
  ++stats_.nogoods;
  backjump(back);
  add_nogood(nogood_, levels_);
  return true;
}

bool LcgSearch::learn() {
  nogood_.clear();
  levels_.clear();
  asserting_ = 0;
  if (analysis_.analyse(kernel_)) {
    const Nogood g = analysis_.nogood();
    nogood_.assign(g.literals.begin(), g.literals.end());
    levels_.assign(g.levels.begin(), g.levels.end());
    asserting_ = g.asserting;
    return !nogood_.empty();
  }
  // A reason did not hold (a propagator's explain() is wrong): the decisions are a nogood.
  const std::span<const LearningTrail::Decision> ds = kernel_.learning()->decisions();
  for (std::size_t i = 0; i < ds.size(); ++i) {
    nogood_.push_back(ds[i].literal);
    levels_.push_back(int(i) + 1);
  }
  asserting_ = nogood_.empty() ? 0 : nogood_.size() - 1;
  return !nogood_.empty();
}

void LcgSearch::add_nogood(std::span<const Literal> lits, std::span<const int> levels) {
  clause_.clear();
  for (const Literal& l : lits) clause_.push_back(negation(l));
  // a new clause is the most recent one used: bumped, or the next reduce() drops it first
  const auto at = ClauseRef(store_->arena_bytes() / sizeof(std::uint32_t));
  // with the levels, the clause watches its open literal and the false one of the highest
  // level: a later backjump that makes it unit again also reopens that watch. (Without them
  // it went through the store's unsettled list, which once the asserted literal held watched
  // a false literal of any level beside it: after a backjump past the assertion the clause
  // was unit and never looked at. On sugiyama g4 about one clause in a hundred missed its
  // propagation at each node.)
  store_->add_learnt(kernel_.space(), clause_, levels);
  if (store_->arena_bytes() / sizeof(std::uint32_t) > at) store_->bump_activity(at);
  store_->decay_activity();
  kernel_.wake(store_index_);
}

void LcgSearch::bump() {
  for (const Literal& l : nogood_) activity_.bump(l.var.id, activity_bump_);
  constexpr double decay = 0.95;  // older conflicts weigh less: the bump grows
  activity_bump_ /= decay;
  if (activity_bump_ > 1e100) {
    activity_.rescale(1e-100);
    activity_bump_ *= 1e-100;
  }
}

bool LcgSearch::by_activity() const {
  switch (opt_.learning.branching) {
    case LearningOptions::Branching::activity: return true;
    case LearningOptions::Branching::model: return false;
    case LearningOptions::Branching::toggle: return !model_order_now_;
  }
  return false;
}

int LcgSearch::most_active() {
  const Store& s = kernel_.space();
  return activity_.top(level(), [&](int v) { return s.assigned(Var{v}); });
}

void LcgSearch::backjump(int to) {
  while (level() > to) {
    kernel_.pop();
    brancher_.pop();
  }
  activity_.backjump(to);
}

void LcgSearch::trace(TraceEvent::Kind k, Var x, int v) {
  if (!opt_.trace) return;
  if (k == TraceEvent::Kind::fail && level() > 0) {  // the decision of the failing level
    const Literal& d = kernel_.learning()->decisions().back().literal;
    x = d.var;
    v = d.value;
  }
  if (x.id >= 0) x.model = model_->identity().id;  // the hook sees the model's own Var
  opt_.trace(TraceEvent{k, level(), x, v});
}

bool LcgSearch::solution() {
  trace(TraceEvent::Kind::solution);
  const Store& s = kernel_.space();
  if (bound_.active()) value_ = bound_.improve(s, !portfolio_);
  for (int i = 0; i < s.num_vars(); ++i) phase_[std::size_t(i)] = s.value(Var{i});
  if (verifier_) verifier_->found(std::vector<int>(phase_), value_);
  if (!deliver()) {
    stopped_ = true;
    return false;
  }
  if (bound_.active()) return tighten(), true;  // the bound's unit clause fails here
  // the clause of the decisions' negations: it removes this solution and nothing else not
  // found yet (every other solution below the decisions would have survived propagation)
  const std::span<const LearningTrail::Decision> ds = kernel_.learning()->decisions();
  if (ds.empty()) return true;
  nogood_.clear();
  levels_.clear();
  for (const LearningTrail::Decision& d : ds) {
    nogood_.push_back(d.literal);
    levels_.push_back(int(levels_.size()) + 1);
  }
  backjump(level() - 1);
  add_nogood(nogood_, levels_);
  return true;
}

bool LcgSearch::deliver() {
  if (control_->tally_alone()) {
    ++stats_.solutions;
    return true;
  }
  const auto call = [&] {
    if (!on_solution_ || !*on_solution_) return true;
    const Store& s = kernel_.space();
    std::vector<int> vals(std::size_t(s.num_vars()));
    for (int i = 0; i < s.num_vars(); ++i) vals[std::size_t(i)] = s.value(Var{i});
    return (*on_solution_)(Solution(std::move(vals), *model_));
  };
  return deliver_solution(*control_, best_.get(), bound_, value_, portfolio_, call);
}

bool LcgSearch::tighten() {
  if (!bound_.active()) return false;
  std::int64_t v = bound_.best();
  if (best_) v = std::min(v, best_->found.load(std::memory_order_relaxed));
  if (v >= bounded_) return false;
  bounded_ = v;
  const Objective& goal = *model_->objective();
  const Literal better = goal.maximize ? Literal::ge(goal.var, clamp_int(-v + 1))
                                       : Literal::le(goal.var, clamp_int(v - 1));
  store_->add_learnt(kernel_.space(), std::span(&better, 1));
  kernel_.wake(store_index_);
  return true;
}

}  // namespace solve::detail::csp
