// The CSP search loop (see dfs.hpp).
#include "csp/dfs.hpp"

#include <algorithm>

#include "csp/branching.hpp"

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

bool DfsSearch::start(const Work& w, Worker& worker) {
  pending_ = stopped_ = false;
  if (poll_.start(worker, stats_.solutions) == 0) {
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
    if ((equal ? s.assign(x, v) : s.remove(x, v)) == Event::failed || !kernel_.propagate() ||
        !admitted(node))
      return false;
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
      continue;
    }
    if (!open_frame(child)) return solution_found();
  }
}

void DfsSearch::run(const Work& w, Worker& worker) {
  if (start(w, worker)) {
    const bool tally = control_->tally_alone();
    while (next()) {
      if (tally) {
        ++stats_.solutions;
      } else if (!deliver()) {
        break;
      }
    }
  }
  finish();
  synced_stats();
}

bool DfsSearch::deliver() {
  const auto call = [&] { return !*on_solution_ || (*on_solution_)(current()); };
  if (!bound_.active()) return control_->solution(call);
  // Another engine may have delivered a better one since this one was found: only a
  // solution better than every one delivered before is delivered (and counted).
  return control_->solution(
      [&] {
        if (value_ >= best_->delivered) return false;
        best_->delivered = value_;
        return true;
      },
      call);
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
