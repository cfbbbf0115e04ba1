// The public search API over the one-thread loop (dfs.cpp) and the parallel driver
// (parallel.cpp).
#include "solve/search.hpp"

#include <algorithm>
#include <climits>

#include "csp/dfs.hpp"
#include "csp/parallel.hpp"

namespace solve {

struct Search::Impl {
  detail::DfsSearch dfs;
  std::optional<Objective> goal;
  Impl(const Model& m, SearchOptions o) : dfs(m, std::move(o)), goal(m.objective()) {
    if (goal) dfs.set_objective(*goal);
  }
};

Search::Search(const Model& model, SearchOptions options) : impl_(std::make_unique<Impl>(model, std::move(options))) {}
Search::~Search() = default;

bool Search::advance() { return impl_->dfs.advance(); }
Solution Search::current() const { return impl_->dfs.current(); }

std::optional<Solution> Search::next() {
  if (!impl_->dfs.advance()) return std::nullopt;
  return impl_->dfs.current();
}

Result Search::result() const {
  Result r{impl_->dfs.stop(), impl_->dfs.stats(), {}};
  if (impl_->goal && impl_->dfs.best() != INT64_MAX) r.objective = impl_->goal->minimised(impl_->dfs.best());
  return r;
}

namespace {
/// Threads are used when asked for and when no trace is wanted (a trace needs one order).
bool parallel(const SearchOptions& o) { return o.threads > 1 && !o.trace; }
}  // namespace

Result search(const Model& model, const SearchOptions& options, const SolutionCallback& on_solution) {
  if (parallel(options)) return detail::parallel_search(model, options, on_solution, model.objective());
  Search s(model, options);
  while (s.advance()) {
    if (on_solution && !on_solution(s.current())) {
      Result r = s.result();
      r.stop = StopReason::by_callback;
      return r;
    }
  }
  return s.result();
}

std::optional<Solution> solve_first(const Model& model, const SearchOptions& options, Result* result) {
  SearchOptions o = options;
  o.max_solutions = 1;
  std::optional<Solution> sol;
  const Result r = search(model, o, [&](const Solution& s) {
    sol = s;
    return true;
  });
  if (result) *result = r;
  return sol;
}

std::optional<Solution> solve_best(const Model& model, const SearchOptions& options, Result* result) {
  std::optional<Solution> best;
  const Result r = search(model, options, [&](const Solution& s) {
    best = s;  // each solution beats the ones before
    return true;
  });
  if (result) *result = r;
  return best;
}

Result count(const Model& model, const SearchOptions& options) {
  if (parallel(options)) return detail::parallel_search(model, options, {}, std::nullopt);
  detail::DfsSearch d(model, options);  // no objective: every solution counts
  while (d.advance()) {
  }
  return Result{d.stop(), d.stats(), {}};
}

bool satisfies(const Model& model, const std::vector<int>& values) {
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
