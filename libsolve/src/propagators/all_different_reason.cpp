// Hall sets of all_different for its reasons (all_different_reason.hpp): Kuhn's augmenting
// paths for the matching (explanations are asked rarely, of small scopes: no need for
// Hopcroft-Karp), then one breadth-first walk per reason.
#include "propagators/all_different_reason.hpp"

#include <algorithm>
#include <climits>

#include "propagators/explain_removals.hpp"

namespace solve::detail {

HallSets::HallSets(const Space& before, std::span<const Var> xs)
    : before_(before),
      xs_(xs),
      adj_(xs.size()),
      mate_of_var_(xs.size(), -1),
      seen_var_(xs.size(), 0) {
  for (const Var x : xs) before.for_each_value(x, [&](int v) { values_.push_back(v); });
  std::sort(values_.begin(), values_.end());
  values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
  for (std::size_t i = 0; i < xs.size(); ++i)
    before.for_each_value(xs[i], [&](int v) {
      adj_[i].push_back(
          std::size_t(std::lower_bound(values_.begin(), values_.end(), v) - values_.begin()));
    });
  mate_of_value_.assign(values_.size(), -1);
  seen_value_.assign(values_.size(), 0);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    ++stamp_;
    augment(i);
  }
}

bool HallSets::augment(std::size_t var) {
  for (const std::size_t w : adj_[var]) {
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
  std::vector<std::size_t> queue{from};
  seen_var_[from] = stamp_;
  for (std::size_t q = 0; q < queue.size(); ++q)
    for (const std::size_t w : adj_[queue[q]]) {
      if (seen_value_[w] == stamp_) continue;
      seen_value_[w] = stamp_;
      const std::ptrdiff_t m = mate_of_value_[w];
      if (m < 0 || std::size_t(m) == avoid) return false;
      if (seen_var_[std::size_t(m)] != stamp_) {
        seen_var_[std::size_t(m)] = stamp_;
        queue.push_back(std::size_t(m));
      }
    }
  return true;
}

bool HallSets::value_taken(std::size_t x, int v, Reason& r) {
  const auto at = std::lower_bound(values_.begin(), values_.end(), v);
  if (at == values_.end() || *at != v) return false;
  const std::ptrdiff_t y = mate_of_value_[std::size_t(at - values_.begin())];
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
    if (before_.assigned(z)) {
      r.add(Literal::eq(z, before_.value(z)));
      continue;
    }
    if (std::int64_t(before_.max(z)) - before_.min(z) > 256) return false;
    add_bounds(before_, z, r);
    // z takes a value of the set: its holes outside the set's values are named
    for (int v = before_.min(z), next; v < before_.max(z); v = next) {
      next = before_.next_value(z, v);
      for (std::int64_t w = std::int64_t(v) + 1; w < next; ++w)
        if (reachable(z, w) && !in_set(int(w))) r.add(Literal::ne(z, int(w)));
    }
  }
  return true;
}

bool HallSets::in_set(int w) const {
  const auto at = std::lower_bound(values_.begin(), values_.end(), w);
  return at != values_.end() && *at == w &&
         seen_value_[std::size_t(at - values_.begin())] == stamp_;
}

}  // namespace solve::detail
