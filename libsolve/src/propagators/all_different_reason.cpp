// Hall sets of all_different for its reasons (all_different_reason.hpp): Kuhn's augmenting
// paths for the matching (made once per propagator call that the analysis asks about, of
// small scopes: no need for Hopcroft-Karp), then one breadth-first walk per reason.
#include "propagators/all_different_reason.hpp"

#include <algorithm>
#include <climits>

#include "propagators/explain_removals.hpp"

namespace solve::detail {

void HallSets::match(const Space& before, std::span<const Var> xs) {
  before_ = &before;
  xs_ = xs;
  if (same_domains(before, xs)) return;
  take_snapshot(before, xs);
  // values are numbered from the smallest when they span a short range (no sort), else by
  // their rank
  std::int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const Var x : xs) {
    lo = std::min<std::int64_t>(lo, before.min(x));
    hi = std::max<std::int64_t>(hi, before.max(x));
  }
  lo_ = lo;
  values_.clear();
  if (hi - lo >= kDenseRange) {
    for (const Var x : xs) before.for_each_value(x, [&](int v) { values_.push_back(v); });
    std::sort(values_.begin(), values_.end());
    values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
  }
  nvalues_ = values_.empty() ? std::size_t(hi - lo + 1) : values_.size();
  adj_begin_.assign(1, 0);
  adj_.clear();
  for (std::size_t i = 0; i < xs.size(); ++i) {
    before.for_each_value(xs[i], [&](int v) { adj_.push_back(position(v)); });
    adj_begin_.push_back(adj_.size());
  }
  mate_of_value_.assign(nvalues_, -1);
  seen_value_.assign(nvalues_, 0);
  mate_of_var_.assign(xs.size(), -1);
  seen_var_.assign(xs.size(), 0);
  stamp_ = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    ++stamp_;
    augment(i);
  }
}

std::size_t HallSets::position(std::int64_t v) const {
  if (values_.empty()) {
    const std::int64_t at = v - lo_;
    return at >= 0 && std::size_t(at) < nvalues_ ? std::size_t(at) : kNone;
  }
  const auto at = std::lower_bound(values_.begin(), values_.end(), v);
  return at == values_.end() || *at != v ? kNone : std::size_t(at - values_.begin());
}

bool HallSets::same_domains(const Space& before, std::span<const Var> xs) const {
  if (snapshot_.empty()) return false;
  std::size_t at = 0;
  for (const Var x : xs) {
    const std::span<const std::uint64_t> words = before.bits(x.base());
    if (at + kHead + words.size() > snapshot_.size() || snapshot_[at] != x.scale ||
        snapshot_[at + 1] != x.offset || snapshot_[at + 2] != before.base(x.base()) ||
        snapshot_[at + 3] != std::int64_t(words.size()))
      return false;
    at += kHead;
    for (const std::uint64_t w : words)
      if (std::uint64_t(snapshot_[at++]) != w) return false;
  }
  return at == snapshot_.size();
}

void HallSets::take_snapshot(const Space& before, std::span<const Var> xs) {
  snapshot_.clear();
  for (const Var x : xs) {
    const std::span<const std::uint64_t> words = before.bits(x.base());
    snapshot_.push_back(x.scale);
    snapshot_.push_back(x.offset);
    snapshot_.push_back(before.base(x.base()));
    snapshot_.push_back(std::int64_t(words.size()));
    for (const std::uint64_t w : words) snapshot_.push_back(std::int64_t(w));
  }
}

bool HallSets::augment(std::size_t var) {
  for (std::size_t k = adj_begin_[var]; k < adj_begin_[var + 1]; ++k) {
    const std::size_t w = adj_[k];
    if (seen_value_[w] == stamp_) continue;
    seen_value_[w] = stamp_;
    if (mate_of_value_[w] < 0 || augment(std::size_t(mate_of_value_[w]))) {
      mate_of_value_[w] = std::ptrdiff_t(var);
      mate_of_var_[var] = std::ptrdiff_t(w);
      return true;
    }
  }
  return false;
}

bool HallSets::reach(std::size_t from, std::size_t avoid) {
  ++stamp_;
  queue_.assign(1, from);
  seen_var_[from] = stamp_;
  for (std::size_t q = 0; q < queue_.size(); ++q)
    for (std::size_t k = adj_begin_[queue_[q]]; k < adj_begin_[queue_[q] + 1]; ++k) {
      const std::size_t w = adj_[k];
      if (seen_value_[w] == stamp_) continue;
      seen_value_[w] = stamp_;
      const std::ptrdiff_t m = mate_of_value_[w];
      if (m < 0 || std::size_t(m) == avoid) return false;
      if (seen_var_[std::size_t(m)] != stamp_) {
        seen_var_[std::size_t(m)] = stamp_;
        queue_.push_back(std::size_t(m));
      }
    }
  return true;
}

bool HallSets::value_taken(std::size_t x, int v, Reason& r) {
  const std::size_t at = position(v);
  if (at == kNone) return false;
  const std::ptrdiff_t y = mate_of_value_[at];
  return y >= 0 && std::size_t(y) != x && reach(std::size_t(y), x) && name(r);
}

bool HallSets::overloaded(Reason& r) {
  for (std::size_t i = 0; i < xs_.size(); ++i)
    if (mate_of_var_[i] < 0) {
      reach(i, xs_.size());  // every value reached is matched (the matching is maximum)
      return name(r);
    }
  return false;
}

bool HallSets::name(Reason& r) const {
  for (std::size_t i = 0; i < xs_.size(); ++i) {
    if (seen_var_[i] != stamp_) continue;
    const Var z = xs_[i];
    if (before_->assigned(z)) {
      r.add(Literal::eq(z, before_->value(z)));
      continue;
    }
    if (std::int64_t(before_->max(z)) - before_->min(z) > 256) return false;
    add_bounds(*before_, z, r);
    // z takes a value of the set: its holes outside the set's values are named
    for (int v = before_->min(z), next; v < before_->max(z); v = next) {
      next = before_->next_value(z, v);
      for (std::int64_t w = std::int64_t(v) + 1; w < next; ++w)
        if (reachable(z, w) && !in_set(int(w))) r.add(Literal::ne(z, int(w)));
    }
  }
  return true;
}

bool HallSets::in_set(int w) const {
  const std::size_t at = position(w);
  return at != kNone && seen_value_[at] == stamp_;
}

}  // namespace solve::detail
