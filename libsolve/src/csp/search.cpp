// The public search API: the CSP engine (dfs.cpp, where the search loop is) under the driver
// both halves share (search/driver.hpp), or one solution at a time (Search).
#include "solve/search.hpp"

#include <algorithm>
#include <chrono>

#include "csp/dfs.hpp"
#include "search/driver.hpp"

namespace solve {

namespace {

/// Threads are used when asked for and when no trace is wanted (a trace needs one order).
int threads_of(const SearchOptions& o) { return o.trace ? 1 : o.threads; }

}  // namespace

struct Search::Impl {
  Limits limits;
  detail::Control control;
  detail::DfsSearch dfs;
  detail::Worker worker;
  bool started = false, over = false;
  std::uint64_t found = 0;
  double seconds = 0;

  Impl(const Model& m, const SearchOptions& o)
      : limits(o.limits),
        control(Limits{0, limits.max_nodes, limits.max_seconds, limits.cancel}, false, o.progress,
                o.progress_seconds),
        dfs(m, o, control, nullptr, detail::make_state_stores(m)),
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

Search::Search(const Model& model, SearchOptions options) : impl_(std::make_unique<Impl>(model, options)) {}
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
  return r;
}

Result search(const Model& model, const SearchOptions& options, const SolutionCallback& on_solution) {
  detail::Control control(options.limits, bool(on_solution), options.progress, options.progress_seconds);
  detail::DfsSearch root(model, options, control, &on_solution, detail::make_state_stores(model));
  return detail::run_search(root, control, threads_of(options));
}

std::optional<Solution> solve_first(const Model& model, const SearchOptions& options, Result* result) {
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

Result count(const Model& model, const SearchOptions& options) { return search(model, options, {}); }

bool is_solution(const Model& model, const std::vector<int>& values) {
  if (int(values.size()) != model.num_vars()) return false;
  Space s;
  s.set_level(Propagation::none);
  for (int i = 0; i < model.num_vars(); ++i) {
    const auto& d = model.initial_domain(Var{i});
    if (!std::binary_search(d.begin(), d.end(), values[std::size_t(i)])) return false;
    const int v = values[std::size_t(i)];
    s.add_var(v, v, {});
  }
  for (const auto& c : model.constraints()) {
    auto copy = c->clone();
    if (copy->propagate(s) == PropStatus::failed || s.failed()) return false;
  }
  return true;
}

}  // namespace solve
