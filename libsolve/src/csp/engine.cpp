#include "csp/engine.hpp"

namespace solve::detail {

Engine::Engine(const Model& model, Propagation level) : level_(level) {
  space_.set_level(level);
  for (int i = 0; i < model.num_vars(); ++i) {
    const std::vector<int>& d = model.initial_domain(Var{i});
    space_.add_var(d.front(), d.back(), d);
  }
  const auto& cs = model.constraints();
  props_.reserve(cs.size());
  for (const auto& c : cs) props_.push_back(c->clone());
  // subscriptions in CSR form
  const std::size_t nv = std::size_t(model.num_vars());
  sub_start_.assign(nv + 1, 0);
  for (const auto& p : props_)
    for (Var x : p->scope()) ++sub_start_[std::size_t(x.id) + 1];
  for (std::size_t i = 0; i < nv; ++i) sub_start_[i + 1] += sub_start_[i];
  subs_.resize(sub_start_[nv]);
  std::vector<std::uint32_t> fill(sub_start_.begin(), sub_start_.end() - 1);
  for (std::size_t p = 0; p < props_.size(); ++p)
    for (Var x : props_[p]->scope()) subs_[fill[std::size_t(x.id)]++] = std::int32_t(p);
  const std::size_t np = props_.size();
  assign_only_.resize(np);
  cheap_.resize(np);
  for (std::size_t p = 0; p < np; ++p) {
    assign_only_[p] = props_[p]->wakes_on_assignment_only();
    cheap_[p] = props_[p]->scope().size() <= 2;
  }
  queue_cheap_.reserve(np);
  queue_rest_.reserve(np);
  in_queue_.assign(np, 0);
  entailed_.assign(np, 0);
  weight_.assign(np, 1);
}

void Engine::enqueue(int p) {
  if (in_queue_[std::size_t(p)] || entailed_[std::size_t(p)]) return;
  in_queue_[std::size_t(p)] = 1;
  (cheap_[std::size_t(p)] ? queue_cheap_ : queue_rest_).push_back(p);
}

void Engine::schedule_modified(int running) {
  for (std::int32_t id : space_.modified()) {
    const bool assigned = space_.assigned(Var{id});
    for (std::uint32_t k = sub_start_[std::size_t(id)]; k < sub_start_[std::size_t(id) + 1]; ++k) {
      const int p = subs_[k];
      if (p == running) continue;
      switch (level_) {
        case Propagation::none:  // checks of the assigned variables
        case Propagation::forward:
          if (assigned) enqueue(p);
          break;
        default:
          if (assigned || !assign_only_[std::size_t(p)]) enqueue(p);
      }
    }
  }
  space_.clear_modified();
}

bool Engine::propagate() {
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
    in_queue_[std::size_t(p)] = 0;
    ++propagations_;
    const PropStatus st = props_[std::size_t(p)]->propagate(space_);
    if (st == PropStatus::failed || space_.failed()) {
      ++weight_[std::size_t(p)];
      for (std::size_t k = head_cheap_; k < queue_cheap_.size(); ++k) in_queue_[std::size_t(queue_cheap_[k])] = 0;
      for (std::size_t k = head_rest_; k < queue_rest_.size(); ++k) in_queue_[std::size_t(queue_rest_[k])] = 0;
      queue_cheap_.clear();
      queue_rest_.clear();
      head_cheap_ = head_rest_ = 0;
      space_.clear_modified();
      return false;
    }
    if (st == PropStatus::entailed) {
      entailed_[std::size_t(p)] = 1;
      entailed_trail_.push_back(p);
    }
    // "changed" with nothing modified is a fixpoint: a propagator that claims progress it did
    // not make must not loop forever
    const bool again = st == PropStatus::changed && !space_.modified().empty();
    schedule_modified(again ? -1 : p);
    if (again) enqueue(p);
  }
  queue_cheap_.clear();
  queue_rest_.clear();
  head_cheap_ = head_rest_ = 0;
  return true;
}

bool Engine::propagate_root() {
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

void Engine::push() {
  space_.push_level();
  entailed_marks_.push_back(std::uint32_t(entailed_trail_.size()));
}

void Engine::pop() {
  space_.pop_level();
  const std::uint32_t mark = entailed_marks_.back();
  entailed_marks_.pop_back();
  while (entailed_trail_.size() > mark) {
    entailed_[std::size_t(entailed_trail_.back())] = 0;
    entailed_trail_.pop_back();
  }
}

int Engine::degree(Var x) const {
  int deg = 0;
  for (std::uint32_t k = sub_start_[std::size_t(x.id)]; k < sub_start_[std::size_t(x.id) + 1]; ++k) {
    const int p = subs_[k];
    if (entailed_[std::size_t(p)]) continue;
    for (Var y : props_[std::size_t(p)]->scope())
      if (y.id != x.id && !space_.assigned(y)) ++deg;
  }
  return deg;
}

std::uint64_t Engine::weighted_degree(Var x) const {
  std::uint64_t w = 0;
  for (std::uint32_t k = sub_start_[std::size_t(x.id)]; k < sub_start_[std::size_t(x.id) + 1]; ++k) {
    const int p = subs_[k];
    if (entailed_[std::size_t(p)]) continue;
    for (Var y : props_[std::size_t(p)]->scope())
      if (y.id != x.id && !space_.assigned(y)) {
        w += weight_[std::size_t(p)];
        break;
      }
  }
  return w;
}

}  // namespace solve::detail
