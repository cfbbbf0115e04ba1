// The CSP search loop: depth-first, explicit stack of frames (one per decided variable),
// trail-based undo. A frame lists its variable's values in the order to try; its state
// lives in the space as left by the parent decision.
//
//   next value of the top frame -> push level, assign, propagate
//        ok and all assigned   -> solution
//        ok                    -> open a frame for the next variable
//        failed                -> try the next value (after refuting the failed one)
//   frame out of values        -> close it, back to the parent frame
#include "solve/search.hpp"

#include <chrono>

#include "csp/branching.hpp"
#include "csp/engine.hpp"

namespace solve {

using Clock = std::chrono::steady_clock;

struct Search::Impl {
  struct Frame {
    Var var;
    std::uint32_t begin, end, pos;  // its values: values[begin, end), next at pos
    int tried = 0;                  // the value being explored below
    bool child_open = false;        // a level was pushed for `tried`
  };
  enum class State { fresh, running, done };

  SearchOptions opt;
  detail::Engine engine;
  std::vector<Frame> frames;
  std::vector<int> values;
  Stats stats;
  StopReason stop = StopReason::exhausted;
  State state = State::fresh;
  bool stop_after_this = false;
  std::uint64_t rng;

  Impl(const Model& m, SearchOptions o)
      : opt(std::move(o)), engine(m, opt.propagation), rng(opt.seed ? opt.seed : 0x9E3779B97F4A7C15ULL) {
    frames.reserve(std::size_t(m.num_vars()));
    std::size_t total = 0;
    for (int i = 0; i < m.num_vars(); ++i) total += m.initial_domain(Var{i}).size();
    values.reserve(total);
  }

  void trace(TraceEvent::Kind k, Var x, int v) {
    if (opt.trace) opt.trace(TraceEvent{k, int(frames.size()), x, v});
  }

  /// Opens a frame for the next variable; false when all variables are assigned.
  bool open_frame() {
    const int x = detail::select_variable(engine, opt.var_order);
    if (x < 0) return false;
    Frame f{Var{x}, std::uint32_t(values.size()), 0, 0};
    detail::order_values(engine.space(), Var{x}, opt.val_order, rng, values);
    f.pos = f.begin;
    f.end = std::uint32_t(values.size());
    frames.push_back(f);
    if (frames.size() > stats.max_depth) stats.max_depth = std::uint32_t(frames.size());
    return true;
  }

  void close_frame() {
    const Frame f = frames.back();
    frames.pop_back();
    values.resize(f.begin);
    trace(TraceEvent::Kind::backtrack, f.var, 0);
  }

  /// True when a limit says stop (sets `stop`).
  bool limit_reached() {
    if (opt.max_nodes && stats.nodes >= opt.max_nodes) {
      stop = StopReason::node_limit;
      return true;
    }
    if ((stats.nodes & 255) == 0) {
      if (opt.cancel && opt.cancel->load(std::memory_order_relaxed)) {
        stop = StopReason::cancelled;
        return true;
      }
      if (opt.max_seconds > 0 && elapsed() >= opt.max_seconds) {
        stop = StopReason::time_limit;
        return true;
      }
    }
    return false;
  }

  Clock::time_point started;
  double elapsed() const { return stats.seconds + std::chrono::duration<double>(Clock::now() - started).count(); }

  /// Finds the next solution; false when done (stop says why).
  bool advance() {
    if (state == State::done) return false;
    started = Clock::now();
    const bool found = run();
    stats.seconds += std::chrono::duration<double>(Clock::now() - started).count();
    stats.propagations = engine.propagations();
    stats.updates = engine.space().updates();
    return found;
  }

  bool found_solution() {
    ++stats.solutions;
    trace(TraceEvent::Kind::solution, Var{}, 0);
    if (opt.max_solutions && stats.solutions >= opt.max_solutions) stop_after_this = true;
    return true;
  }

  bool run() {
    if (stop_after_this) {
      stop = StopReason::solution_limit;
      state = State::done;
      return false;
    }
    Space& s = engine.space();
    if (state == State::fresh) {
      state = State::running;
      if (!engine.propagate_root()) {
        state = State::done;
        return false;
      }
      if (!open_frame()) {
        state = State::done;  // the root is the only solution
        return found_solution();
      }
    }
    const bool refute = opt.branching == Branching::refutation && opt.propagation != Propagation::none;
    for (;;) {
      if (frames.empty()) {
        state = State::done;
        return false;
      }
      Frame& f = frames.back();
      if (f.child_open) {
        engine.pop();
        f.child_open = false;
        if (refute && (s.remove(f.var, f.tried) == Event::failed || !engine.propagate())) {
          close_frame();
          continue;
        }
      }
      while (f.pos < f.end && !s.contains(f.var, values[f.pos])) ++f.pos;
      if (f.pos == f.end) {
        close_frame();
        continue;
      }
      if (limit_reached()) {
        state = State::done;
        return false;
      }
      const int v = values[f.pos++];
      ++stats.nodes;
      trace(TraceEvent::Kind::decide, f.var, v);
      engine.push();
      f.child_open = true;
      f.tried = v;
      if (s.assign(f.var, v) == Event::failed || !engine.propagate()) {
        ++stats.failures;
        trace(TraceEvent::Kind::fail, f.var, v);
        continue;
      }
      if (!open_frame()) return found_solution();
    }
  }

  Solution current() const {
    const Space& s = engine.space();
    std::vector<int> vals(std::size_t(s.num_vars()));
    for (int i = 0; i < s.num_vars(); ++i) vals[std::size_t(i)] = s.value(Var{i});
    return Solution(std::move(vals));
  }
};

Search::Search(const Model& model, SearchOptions options) : impl_(std::make_unique<Impl>(model, std::move(options))) {}
Search::~Search() = default;

bool Search::advance() { return impl_->advance(); }
Solution Search::current() const { return impl_->current(); }

std::optional<Solution> Search::next() {
  if (!impl_->advance()) return std::nullopt;
  return impl_->current();
}

Result Search::result() const { return Result{impl_->stop, impl_->stats}; }

Result search(const Model& model, const SearchOptions& options, const SolutionCallback& on_solution) {
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
  Search s(model, o);
  std::optional<Solution> sol = s.next();
  if (result) {
    *result = s.result();
    if (sol) result->stop = StopReason::solution_limit;
  }
  return sol;
}

Result count(const Model& model, const SearchOptions& options) {
  Search s(model, options);
  while (s.advance()) {
  }
  return s.result();
}

bool satisfies(const Model& model, const std::vector<int>& values) {
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
