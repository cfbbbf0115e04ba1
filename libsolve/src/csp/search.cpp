// The public search API: the CSP engines (dfs.cpp, where the search loop is, and lcg_search.cpp,
// the search that learns) under the driver both halves share (search/driver.hpp), or one
// solution at a time (Search, always the frame search).
#include "solve/search.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <string>
#include <thread>

#include "solve/error.hpp"

#include "csp/dfs.hpp"
#include "csp/lcg_search.hpp"
#include "search/driver.hpp"

namespace solve {

void Solution::out_of_range(Var x, std::size_t size) {
  throw ModelError("Solution: no variable x" + std::to_string(x.id) + " in a solution of " +
                   std::to_string(size) + " values");
}

void Solution::foreign(Var x) {
  throw ModelError("Solution: variable x" + std::to_string(x.id) +
                   " belongs to another model (model " + std::to_string(x.model) +
                   ") than the one searched");
}

namespace {

/// Threads are used when asked for and when no trace is wanted (a trace needs one order).
int threads_of(const SearchOptions& o) { return o.trace ? 1 : o.threads; }

/// The objective value of a best value in minimisation form (INT64_MAX: none found).
std::optional<std::int64_t> objective_value(const Model& m, std::int64_t best) {
  if (!m.objective() || best == INT64_MAX) return std::nullopt;
  return m.objective()->minimised(best);
}

/// Restarts and LNS where they apply (search.hpp: one solution or an optimum); elsewhere off.
SearchOptions restarts_where_they_apply(const Model& model, const SearchOptions& o,
                                        bool optimise) {
  SearchOptions r = o;
  const bool optimum = optimise && model.objective();
  if (!optimum && !(optimise && o.limits.max_solutions == 1)) {
    r.restart.kind = RestartPolicy::Kind::none;
    r.lns.enabled = false;
  }
  if (!optimum) r.lns.enabled = false;
  return r;
}

bool restarting(const SearchOptions& o) {
  return o.restart.kind != RestartPolicy::Kind::none || o.lns.enabled;
}

/// The learning search runs (search.hpp, Learning): never with skip_equivalent_states, whose
/// skipped states are no clause; when asked (on); by default (automatic) for an optimum only,
/// where it pays, and not when LNS, which only the frame search does, is asked for.
bool learns(const Model& model, const SearchOptions& o, bool optimise) {
  if (!model.equivalent_states().empty()) return false;
  switch (o.learning.use) {
    case Learning::on: return true;
    case Learning::off: return false;
    case Learning::automatic: break;
  }
  return optimise && model.objective() && !o.lns.enabled;
}

/// Restarts or LNS on several threads, or the learning search for one solution or an optimum
/// on several threads: each worker searches the whole tree on its own (search.hpp), sharing
/// the control (limits, solutions delivered) and the best solution. The first worker to
/// search its tree to the end stops the others: its proof is the answer.
template <class Engine, class Make>
Result run_portfolio(const SearchOptions& options,
                     const SolutionCallback& on_solution,
                     const std::shared_ptr<detail::csp::SharedBest>& best, int threads,
                     Make&& make) {
  // progress is reported from the calling thread, which here only waits: none
  detail::Control control(options.limits, bool(on_solution) || bool(best), nullptr, 0);
  std::vector<std::unique_ptr<Engine>> engines;
  for (int t = 0; t < threads; ++t) {
    SearchOptions o = options;
    o.seed = options.seed + std::uint64_t(t);
    if (t % 2 == 1 && o.var_order == VarOrder::dom_wdeg) o.var_order = VarOrder::activity;
    else if (t % 2 == 1 && o.var_order == VarOrder::activity) o.var_order = VarOrder::dom_wdeg;
    if (t % 2 == 1 && o.learning.branching == LearningOptions::Branching::toggle)
      o.learning.branching = LearningOptions::Branching::activity;
    engines.push_back(make(o, control));
  }
  std::vector<std::thread> pool;
  for (auto& e : engines)
    pool.emplace_back([&control, &e] {
      detail::Worker worker(control, *e);
      e->run(detail::Work{}, worker);
      if (e->complete()) control.stop(StopReason::exhausted);
    });
  for (std::thread& t : pool) t.join();
  Result r;
  for (const auto& e : engines) r.stats += e->stats();
  r.stats.solutions += control.delivered();
  r.count = r.stats.solutions;
  r.stats.seconds = control.seconds();
  r.stop = control.stopped() ? control.reason() : StopReason::exhausted;
  return r;
}

/// The learning search: a portfolio for one solution or an optimum with threads, else one
/// engine (counts and every solution: the clauses blocking the solutions found are one
/// engine's, so the tree is not shared).
Result run_learning(const Model& model, const SearchOptions& options,
                    const SolutionCallback& on_solution,
                    const std::shared_ptr<detail::csp::SharedBest>& best, bool optimise) {
  const bool restarts = optimise && (model.objective() || options.limits.max_solutions == 1);
  const int threads = threads_of(options);
  if (threads > 1 && restarts) {
    return run_portfolio<detail::csp::LcgSearch>(
        options, on_solution, best, threads,
        [&](const SearchOptions& o, detail::Control& control) {
          return std::make_unique<detail::csp::LcgSearch>(model, o, control, &on_solution, best,
                                                          true, true);
        });
  }
  detail::Control control(options.limits, bool(on_solution) || bool(best), options.progress,
                          options.progress_seconds);
  detail::csp::LcgSearch root(model, options, control, &on_solution, best, restarts, false);
  return detail::run_search(root, control, 1);
}

/// search() and count(): with `optimise`, branch and bound on the model's objective (when
/// it has one); without, every solution counts.
Result run(const Model& model, const SearchOptions& given, const SolutionCallback& on_solution,
           bool optimise) {
  const SearchOptions options = restarts_where_they_apply(model, given, optimise);
  auto best = optimise && model.objective() ? std::make_shared<detail::csp::SharedBest>() : nullptr;
  const int threads = threads_of(options);
  Result r;
  if (learns(model, given, optimise)) {
    r = run_learning(model, given, on_solution, best, optimise);
  } else if (threads > 1 && restarting(options)) {
    const auto states = detail::csp::make_state_stores(model);
    r = run_portfolio<detail::csp::DfsSearch>(
        options, on_solution, best, threads,
        [&](const SearchOptions& o, detail::Control& control) {
          return std::make_unique<detail::csp::DfsSearch>(model, o, control, &on_solution,
                                                          states, best);
        });
  } else {
    // with an objective every solution goes through the control, which keeps only improvements
    detail::Control control(options.limits, bool(on_solution) || bool(best), options.progress,
                            options.progress_seconds);
    detail::csp::DfsSearch root(model, options, control, &on_solution,
                                detail::csp::make_state_stores(model), best);
    r = detail::run_search(root, control, threads);
  }
  if (best) r.objective = objective_value(model, best->delivered);
  return r;
}

}  // namespace

struct Search::Impl {
  const Model* model;
  Limits limits;
  detail::Control control;
  detail::csp::DfsSearch dfs;
  detail::Worker worker;
  bool started = false, over = false;
  std::uint64_t found = 0;
  double seconds = 0;

  Impl(const Model& m, const SearchOptions& o)
      : model(&m),
        limits(o.limits),
        control(Limits{0, limits.max_nodes, limits.max_seconds, limits.cancel}, false, o.progress,
                o.progress_seconds),
        dfs(m, o, control, nullptr, detail::csp::make_state_stores(m),
            std::make_shared<detail::csp::SharedBest>()),
        worker(control, dfs) {}

  bool advance() {
    if (over) return false;
    if (limits.max_solutions && found >= limits.max_solutions) {
      control.stop(StopReason::solution_limit);
      return end();
    }
    const auto t0 = std::chrono::steady_clock::now();
    bool ok = started || dfs.start(detail::Work{}, worker);
    started = true;
    ok = ok && dfs.next();
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!ok) return end();
    ++found;
    return true;
  }
  bool end() {
    over = true;
    dfs.finish();
    return false;
  }
};

Search::Search(const Model& model, SearchOptions options)
    : impl_(std::make_unique<Impl>(model, options)) {}
Search::~Search() = default;

bool Search::advance() { return impl_->advance(); }
Solution Search::current() const { return impl_->dfs.current(); }

std::optional<Solution> Search::next() {
  if (!impl_->advance()) return std::nullopt;
  return impl_->dfs.current();
}

Result Search::result() const {
  Result r;
  r.stop = impl_->control.stopped() ? impl_->control.reason() : StopReason::exhausted;
  r.stats = impl_->dfs.synced_stats();
  r.stats.solutions = impl_->found;
  r.count = r.stats.solutions;
  r.stats.seconds = impl_->seconds;
  r.objective = objective_value(*impl_->model, impl_->dfs.best());
  return r;
}

Result search(const Model& model, const SearchOptions& options,
              const SolutionCallback& on_solution) {
  return run(model, options, on_solution, true);
}

std::optional<Solution> solve_first(const Model& model, const SearchOptions& options,
                                    Result* result) {
  SearchOptions o = options;
  o.limits.max_solutions = 1;
  std::optional<Solution> sol;
  const Result r = search(model, o, [&](const Solution& s) {
    sol = s;
    return true;
  });
  if (result) *result = r;
  return sol;
}

std::optional<Solution> solve_best(const Model& model, const SearchOptions& options,
                                   Result* result) {
  std::optional<Solution> best;
  const Result r = search(model, options, [&](const Solution& s) {
    best = s;  // each solution delivered beats the ones before
    return true;
  });
  if (result) *result = r;
  return best;
}

Result count(const Model& model, const SearchOptions& options) {
  return run(model, options, {}, false);
}

bool is_solution(const Model& model, const std::vector<int>& values) {
  if (int(values.size()) != model.num_vars()) return false;
  for (int i = 0; i < model.num_vars(); ++i) {
    const auto& d = model.initial_domain(Var{i});
    if (!std::binary_search(d.begin(), d.end(), values[std::size_t(i)])) return false;
  }
  std::vector<int> scope_values;
  for (const auto& c : model.constraints()) {
    scope_values.clear();
    for (Var x : c->scope()) scope_values.push_back(int(x.apply(values[std::size_t(x.id)])));
    if (!c->check(scope_values)) return false;
  }
  return true;
}

}  // namespace solve
