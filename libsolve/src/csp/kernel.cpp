#include "csp/kernel.hpp"

#include <algorithm>

namespace solve::detail::csp {

PropagationKernel::PropagationKernel(const Model& model, Propagation level,
                                     std::unique_ptr<Constraint> extra)
    : level_(level) {
  space_.set_propagation(level);
  for (int i = 0; i < model.num_vars(); ++i) {
    const std::vector<int>& d = model.initial_domain(Var{i});
    space_.add_var(d.front(), d.back(), d);
  }
  const auto& cs = model.constraints();
  props_.reserve(cs.size());
  for (const auto& c : cs) props_.push_back(c->clone());
  if (extra) props_.push_back(std::move(extra));
  const std::size_t np = props_.size();
  by_check_.resize(np);
  self_wake_.resize(np);
  cheap_.resize(np);
  for (std::size_t p = 0; p < np; ++p) {
    by_check_[p] = level_ < props_[p]->propagates_from();
    cheap_[p] = props_[p]->scope().size() <= 2;
  }
  subscribe();
  queue_cheap_.reserve(np);
  queue_rest_.reserve(np);
  state_.assign(np, 0);
  weight_.assign(np, 1);
}

void PropagationKernel::subscribe() {
  // each constraint once per distinct variable of its scope, in the segment of its wake-up
  const std::size_t nv = std::size_t(space_.num_vars()), np = props_.size();
  std::vector<std::vector<std::int32_t>> ids(np);
  std::vector<Wake> wake(np);
  std::vector<std::uint32_t> count(nv * 3, 0);
  for (std::size_t p = 0; p < np; ++p) {
    for (Var x : props_[p]->scope()) ids[p].push_back(x.id);
    std::sort(ids[p].begin(), ids[p].end());
    const auto last = std::unique(ids[p].begin(), ids[p].end());
    self_wake_[p] = last != ids[p].end();
    ids[p].erase(last, ids[p].end());
    wake[p] = props_[p]->wakes_on(level_);
    for (std::int32_t id : ids[p]) ++count[std::size_t(id) * 3 + std::size_t(wake[p])];
  }
  open_in_.assign(np, 0);
  for (std::size_t p = 0; p < np; ++p)
    for (std::int32_t id : ids[p]) open_in_[p] += !space_.assigned(Var{id});
  sub_start_.assign(nv + 1, 0);
  sub_bounds_.assign(nv, 0);
  sub_assigned_.assign(nv, 0);
  std::vector<std::uint32_t> fill(nv * 3);
  std::uint32_t at = 0;
  for (std::size_t i = 0; i < nv; ++i) {
    sub_start_[i] = at;
    fill[i * 3] = at;
    at += count[i * 3];
    sub_bounds_[i] = fill[i * 3 + 1] = at;
    at += count[i * 3 + 1];
    sub_assigned_[i] = fill[i * 3 + 2] = at;
    at += count[i * 3 + 2];
  }
  sub_start_[nv] = at;
  subs_.resize(at);
  for (std::size_t p = 0; p < np; ++p)
    for (std::int32_t id : ids[p])
      subs_[fill[std::size_t(id) * 3 + std::size_t(wake[p])]++] = std::int32_t(p);
}

void PropagationKernel::schedule_modified(int running) {
  const bool weak = level_ <= Propagation::forward;  // every constraint wakes on assignments only
  for (std::int32_t id : space_.modified()) {
    const Event e = space_.pending(id);
    const std::size_t i = std::size_t(id);
    if (e >= Event::assigned) {  // every constraint on it wakes, and has one open variable less
      assigned_trail_.push_back(id);
      // the bounds in locals: the stores of enqueue() would make them reloads every step
      for (std::uint32_t k = sub_start_[i], end = sub_start_[i + 1]; k < end; ++k) {
        const int p = subs_[k];
        --open_in_[std::size_t(p)];
        if (p != running) enqueue(p);
      }
      continue;
    }
    if (weak) continue;
    const std::uint32_t end = e == Event::bounds ? sub_assigned_[i] : sub_bounds_[i];
    for (std::uint32_t k = sub_start_[i]; k < end; ++k) {
      const int p = subs_[k];
      if (p != running) enqueue(p);
    }
  }
  space_.clear_modified();
}

void PropagationKernel::clear_queue() {
  queue_cheap_.clear();
  queue_rest_.clear();
  head_cheap_ = head_rest_ = 0;
}

PropStatus PropagationKernel::propagate_by_check(int p) {
  const Constraint& c = *props_[std::size_t(p)];
  const std::span<const Var> xs = c.scope();
  values_.resize(xs.size());
  open_at_.clear();
  for (std::size_t k = 0; k < xs.size(); ++k) {
    if (space_.assigned(xs[k])) {
      values_[k] = space_.value(xs[k]);
    } else {
      if (!open_at_.empty() && xs[open_at_[0]].id != xs[k].id)
        return PropStatus::fixpoint;  // two open
      open_at_.push_back(std::uint32_t(k));
    }
  }
  if (open_at_.empty()) return c.check(values_) ? PropStatus::entailed : PropStatus::failed;
  if (level_ == Propagation::none) return PropStatus::fixpoint;  // plain backtracking waits
  // forward checking: the open variable keeps the values that complete a satisfying tuple,
  // in one intersection (one trail entry and one event, not one per value removed)
  const Var open = xs[open_at_[0]].base();
  const std::span<const std::uint64_t> bits = space_.bits(open);
  keep_.assign(bits.begin(), bits.end());
  const int base = space_.base(open);
  bool drop = false;
  space_.for_each_value(open, [&](int u) {
    for (std::uint32_t k : open_at_) values_[k] = int(xs[k].apply(u));
    if (c.check(values_)) return;
    const unsigned i = unsigned(u - base);
    keep_[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
    drop = true;
  });
  if (drop && space_.intersect(open, keep_) == Event::failed) return PropStatus::failed;
  return PropStatus::entailed;
}

void PropagationKernel::track_activity() {
  if (activity_.empty()) activity_.assign(std::size_t(space_.num_vars()), 1.0);
}

void PropagationKernel::bump_activity() {
  space_.for_each_changed_in_level(
      [&](std::int32_t id) { activity_[std::size_t(id)] += activity_bump_; });
  // Decay by growing the bump (older bumps weigh less), rescaled before it overflows.
  constexpr double decay = 0.95;
  activity_bump_ /= decay;
  if (activity_bump_ > 1e100) {
    for (double& a : activity_) a *= 1e-100;
    activity_bump_ *= 1e-100;
  }
}

bool PropagationKernel::propagate() {
  schedule_modified(-1);
  for (;;) {
    int p;
    if (head_cheap_ < queue_cheap_.size()) {
      p = queue_cheap_[head_cheap_++];
    } else if (head_rest_ < queue_rest_.size()) {
      p = queue_rest_[head_rest_++];
    } else {
      break;
    }
    state_[std::size_t(p)] &= std::uint8_t(~kQueued);
    ++propagations_;
    running_ = p;  // for the learning trail
    const PropStatus st = by_check_[std::size_t(p)] ? propagate_by_check(p)
                                                    : props_[std::size_t(p)]->propagate(space_);
    if (st == PropStatus::failed || space_.failed()) {
      if (learning_) learning_->fail();
      ++weight_[std::size_t(p)];
      if (!activity_.empty()) bump_activity();
      for (std::size_t k = head_cheap_; k < queue_cheap_.size(); ++k)
        state_[std::size_t(queue_cheap_[k])] &= std::uint8_t(~kQueued);
      for (std::size_t k = head_rest_; k < queue_rest_.size(); ++k)
        state_[std::size_t(queue_rest_[k])] &= std::uint8_t(~kQueued);
      clear_queue();
      space_.clear_modified();
      return false;
    }
    // A scope naming one variable twice sees its own pruning through the other name: only a
    // run that changed nothing may conclude (entailment included).
    const bool self = self_wake_[std::size_t(p)] && !space_.modified().empty();
    if (st == PropStatus::entailed && !self) {
      state_[std::size_t(p)] |= kEntailed;
      entailed_trail_.push_back(p);
    }
    // "changed" with nothing modified is a fixpoint: a propagator that claims progress it did
    // not make must not loop forever
    const bool again = self || (st == PropStatus::changed && !space_.modified().empty());
    schedule_modified(again ? -1 : p);
    if (again) enqueue(p);
  }
  clear_queue();
  return true;
}

bool PropagationKernel::propagate_root() {
  space_.clear_modified();
  for (int p = 0; p < int(props_.size()); ++p) {
    const auto scope = props_[std::size_t(p)]->scope();
    bool wake = level_ > Propagation::forward || scope.size() <= 1;
    if (level_ <= Propagation::forward)
      for (Var x : scope) wake = wake || space_.assigned(x);
    if (wake) enqueue(p);
  }
  return propagate();
}

void PropagationKernel::start_learning() {
  if (learning_) return;
  learning_ = std::make_unique<LearningTrail>(space_.num_vars(), &running_, &propagations_);
  space_.set_learning(learning_.get());
}

void PropagationKernel::push() {
  space_.push_level();
  marks_.push_back({std::uint32_t(entailed_trail_.size()), std::uint32_t(assigned_trail_.size())});
}

void PropagationKernel::pop() {
  space_.pop_level();
  const Mark mark = marks_.back();
  marks_.pop_back();
  while (entailed_trail_.size() > mark.entailed) {
    state_[std::size_t(entailed_trail_.back())] &= std::uint8_t(~kEntailed);
    entailed_trail_.pop_back();
  }
  // Plain pointers and the loop bounds in locals: the increments through open_in_ would
  // otherwise make the compiler reload sub_start_ and the vectors' data on every step.
  const std::int32_t* const subs = subs_.data();
  const std::uint32_t* const start = sub_start_.data();
  std::int32_t* const open_in = open_in_.data();
  for (std::size_t t = assigned_trail_.size(); t > mark.assigned;) {
    const std::size_t i = std::size_t(assigned_trail_[--t]);
    for (std::uint32_t k = start[i], end = start[i + 1]; k < end; ++k) ++open_in[subs[k]];
  }
  assigned_trail_.resize(mark.assigned);
}

}  // namespace solve::detail::csp
