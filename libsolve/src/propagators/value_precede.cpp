// value_precede_chain(c_1 .. c_k, xs): c_{j+1} appears only after c_j's first appearance.
// Scanning xs left to right, the state q is the longest prefix c_1 .. c_q seen so far: a
// variable may take c_j only when j <= q + 1 (the state becomes max(q, j)), any other value
// leaves q alone. Domain consistency on that automaton unrolled over xs (as Pesant's regular,
// written for this automaton: k + 1 states, at most k + 1 transitions out of each): the
// states reachable before each position (forward pass) and those from which the rest can be
// completed (backward pass); a value stays when a reachable state takes it to a completable
// one. The unrolled graph is a chain of layers, so one pass is a fixpoint.
#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/values.hpp"

namespace solve {
namespace detail {
namespace {

class ValuePrecedeChain final : public CloneableConstraint<ValuePrecedeChain> {
 public:
  ValuePrecedeChain(std::vector<int> chain, std::vector<Var> xs)
      : chain_(std::move(chain)), xs_(std::move(xs)) {
    for (std::size_t j = 0; j < chain_.size(); ++j) index_.emplace_back(chain_[j], int(j) + 1);
    std::sort(index_.begin(), index_.end());
  }
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "value_precede_chain"; }
  bool check(std::span<const int> v) const override {
    int q = 0;
    for (int x : v) {
      const int j = position(x);
      if (j > q + 1) return false;
      q = std::max(q, j);
    }
    return true;
  }

  PropStatus propagate(Space& s) override {
    const std::size_t n = xs_.size(), states = chain_.size() + 1;
    reach_.assign((n + 1) * states, 0);  // reach_[i * states + q]: q before position i
    done_.assign((n + 1) * states, 0);   // done_[i * states + q]: from q, xs[i..] completable
    reach_[0] = 1;
    for (std::size_t i = 0; i < n; ++i) {
      const char* r = &reach_[i * states];
      char* next = &reach_[(i + 1) * states];
      const bool other = has_other_value(s, xs_[i]);
      for (std::size_t q = 0; q < states; ++q) {
        if (!r[q]) continue;
        if (other) next[q] = 1;
        for (std::size_t j = 1; j <= std::min(q + 1, states - 1); ++j)
          if (s.contains(xs_[i], chain_[j - 1])) next[std::max(q, j)] = 1;
      }
    }
    std::fill(done_.begin() + std::ptrdiff_t(n * states), done_.end(), 1);
    for (std::size_t i = n; i-- > 0;) {
      const char* later = &done_[(i + 1) * states];
      char* d = &done_[i * states];
      const bool other = has_other_value(s, xs_[i]);
      for (std::size_t q = 0; q < states; ++q) {
        bool ok = other && later[q];
        for (std::size_t j = 1; !ok && j <= std::min(q + 1, states - 1); ++j)
          ok = s.contains(xs_[i], chain_[j - 1]) && later[std::max(q, j)];
        d[q] = ok;
      }
    }
    bool open = false;
    for (std::size_t i = 0; i < n; ++i) {
      const char* r = &reach_[i * states];
      const char* later = &done_[(i + 1) * states];
      // a value outside the chain keeps q: supported when some reachable q stays completable
      bool other_ok = false;
      for (std::size_t q = 0; q < states && !other_ok; ++q) other_ok = r[q] && later[q];
      keep_.clear();
      const Var x = xs_[i];
      bool dropped = false;
      s.for_each_value(x, [&](int v) {
        const int j = position(v);
        bool ok = false;
        if (j == 0) {
          ok = other_ok;
        } else {
          for (std::size_t q = std::size_t(j) - 1; q < states && !ok; ++q)
            ok = r[q] && later[std::max(q, std::size_t(j))];
        }
        if (ok) keep_.push_back(v);
        else dropped = true;
      });
      if (dropped && s.keep_only(x, keep_) == Event::failed) return PropStatus::failed;
      open = open || !s.assigned(x);
    }
    return open ? PropStatus::fixpoint : PropStatus::entailed;
  }

 private:
  /// j when v is c_j, 0 when v is not in the chain.
  int position(int v) const {
    const auto it = std::lower_bound(index_.begin(), index_.end(), std::pair{v, 0});
    return it != index_.end() && it->first == v ? it->second : 0;
  }
  /// True when x can take a value outside the chain.
  bool has_other_value(const Space& s, Var x) const {
    int inside = 0;
    for (int c : chain_) inside += s.contains(x, c);
    return s.size(x) > inside;
  }

  std::vector<int> chain_;
  std::vector<std::pair<int, int>> index_;  // (c_j, j), sorted
  std::vector<Var> xs_;
  std::vector<char> reach_, done_;  // scratch: the two passes
  std::vector<int> keep_;           // scratch
};

}  // namespace
}  // namespace detail

void value_precede_chain(Model& m, std::span<const int> values, std::span<const Var> xs) {
  std::vector<int> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw ModelError("value_precede_chain: a value is listed twice");
  for (Var x : xs) m.check(x);
  if (values.size() < 2 || xs.empty()) return;  // nothing to precede
  m.post(std::make_unique<detail::ValuePrecedeChain>(std::vector<int>(values.begin(), values.end()),
                                                     std::vector<Var>(xs.begin(), xs.end())));
}

void value_precede(Model& m, int s, int t, std::span<const Var> xs) {
  if (s == t) throw ModelError("value_precede: s == t");
  const int chain[] = {s, t};
  value_precede_chain(m, chain, xs);
}

}  // namespace solve
