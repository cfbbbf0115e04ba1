#include "csp/dfs.hpp"

#include "csp/branching.hpp"

namespace solve::detail {

DfsSearch::DfsSearch(const Model& m, SearchOptions o)
    : opt_(std::move(o)), engine_(m, opt_.propagation), rng_(opt_.seed ? opt_.seed : 0x9E3779B97F4A7C15ULL) {
  frames_.reserve(std::size_t(m.num_vars()));
  std::size_t total = 0;
  for (int i = 0; i < m.num_vars(); ++i) total += m.initial_domain(Var{i}).size();
  values_.reserve(total);
}

void DfsSearch::trace(TraceEvent::Kind k, Var x, int v) {
  if (opt_.trace) opt_.trace(TraceEvent{k, int(frames_.size()), x, v});
}

bool DfsSearch::open_frame() {
  const BranchChoice c = choose(engine_, opt_.var_order, opt_.val_order);
  if (c.var < 0) return false;
  const Var x{c.var};
  Frame f{x, std::uint32_t(values_.size()), 0, 0};
  order_values(engine_.space(), x, c.val, rng_, values_);
  f.pos = f.begin;
  f.end = std::uint32_t(values_.size());
  frames_.push_back(f);
  if (frames_.size() > stats_.max_depth) stats_.max_depth = std::uint32_t(frames_.size());
  return true;
}

void DfsSearch::close_frame() {
  const Frame f = frames_.back();
  frames_.pop_back();
  values_.resize(f.begin);
  trace(TraceEvent::Kind::backtrack, f.var, 0);
}

bool DfsSearch::limit_reached() {
  if (opt_.max_nodes && stats_.nodes >= opt_.max_nodes) {
    stop_ = StopReason::node_limit;
    return true;
  }
  if ((stats_.nodes & 255) == 0) {
    if (opt_.cancel && opt_.cancel->load(std::memory_order_relaxed)) {
      stop_ = StopReason::cancelled;
      return true;
    }
    if (opt_.max_seconds > 0 && elapsed() >= opt_.max_seconds) {
      stop_ = StopReason::time_limit;
      return true;
    }
  }
  return false;
}

double DfsSearch::elapsed() const {
  return stats_.seconds + std::chrono::duration<double>(Clock::now() - started_).count();
}

bool DfsSearch::advance() {
  if (state_ == State::done) return false;
  started_ = Clock::now();
  const bool found = run();
  stats_.seconds += std::chrono::duration<double>(Clock::now() - started_).count();
  stats_.propagations = engine_.propagations();
  stats_.updates = engine_.space().updates();
  return found;
}

bool DfsSearch::found_solution() {
  ++stats_.solutions;
  if (bound_.active()) bound_.improve(engine_.space());
  trace(TraceEvent::Kind::solution, Var{}, 0);
  if (opt_.max_solutions && stats_.solutions >= opt_.max_solutions) stop_after_this_ = true;
  return true;
}

/// Root propagation and the prefix; false when that already fails.
bool DfsSearch::start() {
  Store& s = engine_.space();
  if (!engine_.propagate_root()) return false;
  const Event bound = bound_.restrict(s);  // another worker's solution, with threads
  if (bound == Event::failed || (bound != Event::none && !engine_.propagate())) return false;
  for (const Decision& d : prefix_) {
    const Event e = d.equal ? s.assign(d.var, d.value) : s.remove(d.var, d.value);
    if (e == Event::failed || !engine_.propagate()) return false;
  }
  return true;
}

bool DfsSearch::run() {
  if (stop_after_this_) {
    stop_ = StopReason::solution_limit;
    state_ = State::done;
    return false;
  }
  Store& s = engine_.space();
  if (state_ == State::fresh) {
    state_ = State::running;
    if (!start()) {
      state_ = State::done;
      return false;
    }
    if (!open_frame()) {
      state_ = State::done;  // the root is the only solution
      return found_solution();
    }
  }
  const bool refute = opt_.branching == Branching::refutation && opt_.propagation != Propagation::none;
  for (;;) {
    if (frames_.empty()) {
      state_ = State::done;
      return false;
    }
    Frame& f = frames_.back();
    if (f.child_open) {
      engine_.pop();
      f.child_open = false;
      const bool refuted = refute && s.remove(f.var, f.tried) == Event::failed;
      const Event bound = refuted ? Event::none : bound_.restrict(s);  // a better solution since
      if (refuted || bound == Event::failed || ((refute || bound != Event::none) && !engine_.propagate())) {
        close_frame();
        continue;
      }
    }
    while (f.pos < f.end && !s.contains(f.var, values_[f.pos])) ++f.pos;
    if (f.pos == f.end) {
      close_frame();
      continue;
    }
    if (limit_reached()) {
      state_ = State::done;
      return false;
    }
    const int v = values_[f.pos++];
    ++stats_.nodes;
    trace(TraceEvent::Kind::decide, f.var, v);
    engine_.push();
    f.child_open = true;
    f.tried = v;
    if (s.assign(f.var, v) == Event::failed || bound_.restrict(s) == Event::failed || !engine_.propagate()) {
      ++stats_.failures;
      trace(TraceEvent::Kind::fail, f.var, v);
      continue;
    }
    if (!open_frame()) return found_solution();
  }
}

Solution DfsSearch::current() const {
  const Space& s = engine_.space();
  std::vector<int> vals(std::size_t(s.num_vars()));
  for (int i = 0; i < s.num_vars(); ++i) vals[std::size_t(i)] = s.value(Var{i});
  return Solution(std::move(vals));
}

}  // namespace solve::detail
