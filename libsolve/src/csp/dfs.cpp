// The CSP search loop (see dfs.hpp).
#include "csp/dfs.hpp"

#include <algorithm>

#include "csp/branching.hpp"
#include "csp/restart_limit.hpp"

namespace solve::detail::csp {

namespace {

// Work::path holds decisions as pairs (variable * 2 + [x = v], v); Work::tail, for a piece
// given away by another worker, holds {the variable, its values left to try...}.
void encode(std::vector<std::int32_t>& path, Var x, int v, bool equal) {
  path.push_back(x.id * 2 + (equal ? 1 : 0));
  path.push_back(v);
}

}  // namespace

DfsSearch::DfsSearch(const Model& m, const SearchOptions& o, Control& control,
                     const SolutionCallback* on_solution, std::shared_ptr<StateStores> states,
                     std::shared_ptr<SharedBest> best)
    : model_(&m),
      opt_(o),
      control_(&control),
      on_solution_(on_solution),
      states_(std::move(states)),
      best_(std::move(best)),
      kernel_(m, opt_.propagation),
      brancher_(m, m.num_vars()),
      dominance_(m, states_),
      refute_(opt_.branching == Branching::refutation && opt_.propagation != Propagation::none),
      rng_(opt_.seed ? opt_.seed : 0x9E3779B97F4A7C15ULL) {
  if (best_ && m.objective()) bound_ = Bound(*m.objective(), &best_->found);
  // A state skipped as seen may have been seen by a run cut short: no restarts with dominance.
  restarting_ = dominance_.empty() && (opt_.restart.kind != RestartPolicy::Kind::none ||
                                       (opt_.lns.enabled && bound_.active()));
  bool activity = opt_.var_order == VarOrder::activity;
  for (const Model::BranchGroup& g : m.branching()) activity = activity || g.var == VarOrder::activity;
  if (activity) kernel_.track_activity();
  if (opt_.phase_saving) phase_.assign(std::size_t(m.num_vars()), INT_MIN);
  if (restarting_ && opt_.lns.enabled && bound_.active()) {
    std::vector<std::uint8_t> seen(std::size_t(m.num_vars()), 0);
    const int objective = m.objective()->var.id;
    for (const Model::BranchGroup& g : m.branching())
      for (Var x : g.vars) seen[std::size_t(x.id)] = 1;
    const bool all = m.branching().empty();
    for (int i = 0; i < m.num_vars(); ++i)
      if ((all || seen[std::size_t(i)]) && i != objective) relaxable_.push_back(i);
  }
  frames_.reserve(std::size_t(m.num_vars()));
  std::size_t total = 0;
  for (int i = 0; i < m.num_vars(); ++i) total += m.initial_domain(Var{i}).size();
  values_.reserve(total);
}

std::unique_ptr<SearchEngine> DfsSearch::clone() const {
  return std::make_unique<DfsSearch>(*model_, opt_, *control_, on_solution_, states_, best_);
}

void DfsSearch::trace(TraceEvent::Kind k, Var x, int v) {
  if (!opt_.trace) return;
  if (x.id >= 0) x.model = model_->identity().id;  // the hook sees the model's own Var
  opt_.trace(TraceEvent{k, int(depth_ + frames_.size()), x, v});
}

void DfsSearch::push_frame(Var x, std::uint64_t node) {
  const auto at = std::uint32_t(values_.size());
  frames_.push_back(Frame{x, at, at, at});  // values_ appended by the caller extend it
  frames_.back().node = node;
  const std::uint32_t depth = depth_ + std::uint32_t(frames_.size());
  if (depth > stats_.max_depth) stats_.max_depth = depth;
}

bool DfsSearch::open_frame(std::uint64_t node) {
  const BranchChoice c = brancher_.choose(kernel_, opt_.var_order, opt_.val_order);
  if (c.var < 0) return false;
  push_frame(Var{c.var}, node);
  order_values(kernel_.space(), Var{c.var}, c.val, rng_, values_);
  frames_.back().end = std::uint32_t(values_.size());
  if (!phase_.empty()) {  // the saved value first, the others in their order
    const int saved = phase_[std::size_t(c.var)];
    const auto first = values_.begin() + frames_.back().begin;
    const auto at = std::find(first, values_.end(), saved);
    if (at != values_.end()) std::rotate(first, at, at + 1);
  }
  return true;
}

bool DfsSearch::solution_found() {
  // With restarts the engines of a search are a portfolio, and the first to exhaust its tree
  // ends the search: a bound it proves optimal must be one already delivered, so the others
  // see a solution's value only once it is (deliver()).
  if (bound_.active()) value_ = bound_.improve(kernel_.space(), !restarting_);
  if (!phase_.empty() || !relaxable_.empty()) {
    const Store& s = kernel_.space();
    if (!phase_.empty())
      for (int i = 0; i < s.num_vars(); ++i) phase_[std::size_t(i)] = s.value(Var{i});
    if (!relaxable_.empty() && value_ < incumbent_value_) {
      incumbent_value_ = value_;
      incumbent_.resize(std::size_t(s.num_vars()));
      for (int i = 0; i < s.num_vars(); ++i) incumbent_[std::size_t(i)] = s.value(Var{i});
      best_->offer(value_, incumbent_);
    }
  }
  trace(TraceEvent::Kind::solution, Var{}, 0);
  return true;
}

void DfsSearch::close_frame() {
  const Frame f = frames_.back();
  frames_.pop_back();
  values_.resize(f.begin);
  trace(TraceEvent::Kind::backtrack, f.var, 0);
}

void DfsSearch::pop_level() {
  kernel_.pop();
  brancher_.pop();
  if (!dominance_.empty()) dominance_.backtrack(kernel_.space().depth());
}

bool DfsSearch::start(const Work& w, Worker& worker, bool resume) {
  pending_ = stopped_ = false;
  if (resume ? !poll_.poll(stats_.solutions) : poll_.start(worker, stats_.solutions) == 0) {
    stopped_ = true;
    return false;
  }
  Store& s = kernel_.space();
  if (!root_propagated_) {  // once per engine; the root's states belong to every path
    root_propagated_ = true;
    root_ok_ = kernel_.propagate_root() && admitted(Dominance::root_node);
  }
  if (!root_ok_) return false;
  kernel_.push();
  brancher_.push();
  path_open_ = true;
  if (!bounded()) return false;  // a solution found meanwhile, by this engine or another
  path_ = w.path;
  depth_ = 0;
  // The nodes on the path are checked for dominance as the giver checked them: a state they
  // own is found owned by the same node (it is an ancestor of both).
  std::uint64_t node = Dominance::root_node;
  for (std::size_t i = 0; i < w.path.size() / 2; ++i) {
    const Var x{w.path[2 * i] / 2};
    const bool equal = w.path[2 * i] % 2 == 1;
    const int v = w.path[2 * i + 1];
    node = name(node, x, v, equal);
    if ((equal ? s.assign(x, v) : s.remove(x, v)) == Event::failed) return false;
    if (!kernel_.propagate() || !admitted(node)) return false;
    depth_ += equal;
  }
  path_node_ = node;
  if (w.tail.empty()) {
    pending_ = !open_frame(node);  // nothing left to decide: the position is a solution
  } else {
    push_frame(Var{w.tail[0]}, node);
    values_.insert(values_.end(), w.tail.begin() + 1, w.tail.end());
    frames_.back().end = std::uint32_t(values_.size());
  }
  return true;
}

void DfsSearch::finish() {
  while (!frames_.empty()) {
    if (frames_.back().child_open) pop_level();
    frames_.pop_back();
  }
  values_.clear();
  if (path_open_) pop_level();
  path_open_ = false;
  pending_ = false;
}

bool DfsSearch::next() {
  if (pending_) {
    pending_ = false;
    return solution_found();
  }
  if (stopped_) return false;
  Store& s = kernel_.space();
  for (;;) {
    if (frames_.empty()) return false;
    Frame& f = frames_.back();
    if (f.child_open) {
      pop_level();
      f.child_open = false;
      if (refute_ || bound_.active()) {
        // the refutation and a bound tightened since the frame opened, propagated together
        bool dead = false;
        if (refute_) {
          f.node = name(f.node, f.var, f.tried, false);
          dead = s.remove(f.var, f.tried) == Event::failed;
        }
        const Event bound = dead ? Event::none : bound_.restrict(s);
        if (dead || bound == Event::failed ||
            ((refute_ || bound != Event::none) && (!kernel_.propagate() || !admitted(f.node)))) {
          close_frame();
          continue;
        }
      }
    }
    // Values pruned meanwhile are skipped; with refutation they count as refuted, so that a
    // node's name is the same for a worker that replays the refutations (donate()).
    for (; f.pos < f.end && !s.contains(f.var, values_[f.pos]); ++f.pos)
      if (refute_) f.node = name(f.node, f.var, values_[f.pos], false);
    if (f.pos == f.end) {
      close_frame();
      continue;
    }
    const int v = f.tried = values_[f.pos++];
    ++stats_.nodes;
    if (!poll_.tick() &&
        !poll_.poll(stats_.solutions)) {  // (a poll may give away values of this frame or above)
      stopped_ = true;
      return false;
    }
    trace(TraceEvent::Kind::decide, f.var, v);
    kernel_.push();
    brancher_.push();
    f.child_open = true;
    const std::uint64_t child = name(f.node, f.var, v, true);
    if (s.assign(f.var, v) == Event::failed || bound_.restrict(s) == Event::failed ||
        !kernel_.propagate() || !admitted(child)) {
      ++stats_.failures;
      trace(TraceEvent::Kind::fail, f.var, v);
      if (stats_.failures >= fail_stop_) {
        limited_ = true;
        return false;
      }
      continue;
    }
    if (!phase_.empty()) phase_[std::size_t(f.var.id)] = v;
    if (!open_frame(child)) return solution_found();
  }
}

void DfsSearch::run(const Work& w, Worker& worker) {
  if (restarting_ && w.path.empty() && w.tail.empty()) {
    complete_ = run_restarts(worker);
    synced_stats();
    return;
  }
  complete_ = false;
  bool called_off = false;
  if (start(w, worker)) {
    const bool tally = control_->tally_alone();
    while (next()) {
      if (tally) {
        ++stats_.solutions;
      } else if (!deliver()) {
        called_off = true;
        break;
      }
    }
  }
  complete_ = !stopped_ && !called_off;
  finish();
  synced_stats();
}

DfsSearch::Outcome DfsSearch::run_from_root(const Work& w, Worker& worker, std::uint64_t fails,
                                            bool until_solution) {
  fail_stop_ = fails == UINT64_MAX ? UINT64_MAX : stats_.failures + fails;
  limited_ = false;
  Outcome out = Outcome::exhausted;
  if (start(w, worker, /*resume=*/true)) {
    while (next()) {
      if (!deliver()) {
        out = Outcome::stopped;
        break;
      }
      if (until_solution) {
        out = Outcome::solution;
        break;
      }
    }
  }
  finish();
  fail_stop_ = UINT64_MAX;
  if (stopped_) return Outcome::stopped;
  return out == Outcome::exhausted && limited_ ? Outcome::limited : out;
}

bool DfsSearch::run_restarts(Worker& worker) {
  // The first start of this run() polls as a fresh start; the later ones resume.
  if (poll_.start(worker, stats_.solutions) == 0) return false;
  const bool lns = !relaxable_.empty();
  for (std::uint64_t k = 0;; ++k) {
    if (k > 0) {
      ++stats_.restarts;
      brancher_.draw_ties(rng_);
    }
    const Outcome o = run_from_root(Work{}, worker, restart_limit(opt_.restart, k), lns);
    if (o == Outcome::solution) return run_lns(worker);
    if (o != Outcome::limited) return o == Outcome::exhausted;
  }
}

bool DfsSearch::run_lns(Worker& worker) {
  const LnsOptions& l = opt_.lns;
  const std::uint64_t limit = std::max<std::uint64_t>(l.fail_limit, 1);
  std::uint64_t full_limit = limit;
  double relaxed = std::clamp(l.relaxed, 0.01, 1.0);
  for (std::uint64_t k = 1;; ++k) {
    best_->adopt(incumbent_value_, incumbent_);  // another engine's better solution
    const bool full = relaxed >= 1 || (l.full_every > 0 && k % std::uint64_t(l.full_every) == 0);
    Work w;
    if (!full) neighbourhood(relaxed, w.path);
    brancher_.draw_ties(rng_);
    ++stats_.neighbourhoods;
    const Outcome o = run_from_root(w, worker, full ? full_limit : limit, false);
    if (o == Outcome::stopped) return false;
    if (full) {
      if (o == Outcome::exhausted) return true;  // the whole tree: the optimum is proved
      full_limit = full_limit > UINT64_MAX / 2 ? UINT64_MAX : 2 * full_limit;
    } else if (o == Outcome::exhausted) {
      relaxed = std::min(1.0, relaxed * 1.05 + 0.01);  // nothing better here: look wider
    } else {
      relaxed = std::max(0.01, relaxed * 0.95);  // too wide to search within the limit
    }
  }
}

void DfsSearch::neighbourhood(double relaxed, std::vector<std::int32_t>& path) {
  // A random subset of the relaxable variables (a partial Fisher-Yates shuffle) is fixed.
  const std::size_t n = relaxable_.size();
  const auto fixed = std::size_t(double(n) * (1 - relaxed) + 0.5);
  for (std::size_t i = 0; i < fixed && i < n; ++i) {
    std::swap(relaxable_[i], relaxable_[i + std::size_t(next_random(rng_) % (n - i))]);
    const std::int32_t x = relaxable_[i];
    encode(path, Var{x}, incumbent_[std::size_t(x)], true);
  }
}

bool DfsSearch::deliver() {
  const auto call = [&] { return !*on_solution_ || (*on_solution_)(current()); };
  return deliver_solution(*control_, best_.get(), bound_, value_, restarting_, call);
}

bool DfsSearch::donate(Work& w) {
  // Frame k has taken values_[begin, pos) -- the last one is being explored -- and not yet
  // [pos, end). Give the second half of the untried values of the shallowest frame that has
  // any: the path to it, with the refutations of every value it keeps when branching by
  // refutation, then the values given.
  double weight = 1;
  for (std::size_t k = 0; k < frames_.size(); ++k) {
    Frame& f = frames_[k];
    const std::uint32_t size = std::max<std::uint32_t>(1, f.end - f.begin);
    if (f.pos >= f.end) {
      weight /= size;
      continue;
    }
    const std::uint32_t mid = f.pos + (f.end - f.pos) / 2;
    w.path = path_;
    for (std::size_t j = 0; j < k; ++j) {
      const Frame& g = frames_[j];
      if (refute_)
        for (std::uint32_t p = g.begin; p + 1 < g.pos; ++p)
          encode(w.path, g.var, values_[p], false);
      encode(w.path, g.var, g.tried, true);
    }
    if (refute_)
      for (std::uint32_t p = f.begin; p < mid; ++p) encode(w.path, f.var, values_[p], false);
    w.tail.assign({f.var.id});
    w.tail.insert(w.tail.end(), values_.begin() + mid, values_.begin() + f.end);
    w.weight = weight * (f.end - mid) / size;
    f.end = mid;
    return true;
  }
  return false;
}

double DfsSearch::done() const {
  double done = 0, weight = 1;
  for (const Frame& f : frames_) {
    weight /= std::max<std::uint32_t>(1, f.end - f.begin);
    if (f.pos > f.begin) done += (f.pos - f.begin - 1) * weight;
  }
  return done;
}

const Stats& DfsSearch::synced_stats() {
  stats_.propagations = kernel_.propagations();
  stats_.updates = kernel_.space().updates();
  return stats_;
}

Solution DfsSearch::current() const {
  const Store& s = kernel_.space();
  std::vector<int> vals(std::size_t(s.num_vars()));
  for (int i = 0; i < s.num_vars(); ++i) vals[std::size_t(i)] = s.value(Var{i});
  return Solution(std::move(vals), *model_);
}

}  // namespace solve::detail::csp

namespace solve {

std::uint64_t luby(std::uint64_t i) {
  // The term i of 1 1 2 1 1 2 4 ...: at i = 2^k - 1 the sequence reaches 2^(k-1); before,
  // it repeats itself from the start after each such point.
  if (i == 0) return 1;
  for (;;) {
    int k = 1;
    while (k < 63 && (std::uint64_t(1) << k) - 1 < i) ++k;
    if ((std::uint64_t(1) << k) - 1 == i) return std::uint64_t(1) << (k - 1);
    i -= (std::uint64_t(1) << (k - 1)) - 1;
  }
}

}  // namespace solve
