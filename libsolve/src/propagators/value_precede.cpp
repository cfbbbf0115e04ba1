// value_precede_chain(c_1 .. c_k, xs): c_{j+1} appears only after c_j's first appearance.
// Scanning xs left to right, the state q is the longest prefix c_1 .. c_q seen so far: a
// variable may take c_j only when j <= q + 1 (the state becomes max(q, j)), any other value
// leaves q alone. Domain consistency on that automaton unrolled over xs (as Pesant's regular,
// written for this automaton: k + 1 states, at most k + 1 transitions out of each): the
// states reachable before each position (forward pass) and those from which the rest can be
// completed (backward pass); a value stays when a reachable state takes it to a completable
// one. The unrolled graph is a chain of layers, so one pass is a fixpoint. Up to 63 values the
// sets of states are words (O(n * k) per run), beyond a byte per state.
//
// Reasons: c_j leaves x_i when no earlier x can take c_(j-1); else what the passes read of the
// other positions (the chain values each lacks, and its whole domain when it has no value
// outside the chain): any domains within those prune x_i alike.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "propagators/explain_removals.hpp"
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
    return chain_.size() < 64 ? propagate_words(s) : propagate_general(s);
  }

  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) return read(before, xs_.size(), r), true;
      const auto at = std::find(xs_.begin(), xs_.end(), pruned->var);
      if (at == xs_.end()) return false;
      const std::size_t i = std::size_t(at - xs_.begin());
      if (pruned->kind == Literal::Kind::ne && precedes_nowhere(before, i, pruned->value, r))
        return true;
      bool named = false;  // what the passes read of the other positions, once
      return explain_by_removals(before, *pruned, r, [&](int, Reason& r) {
        if (!named) read(before, i, r);
        return named = true;
      });
    });
  }

 private:
  /// True when v is c_j (j >= 2) and no x before position i can take c_(j-1) (named).
  bool precedes_nowhere(const Space& before, std::size_t i, int v, Reason& r) const {
    const int j = position(v);
    if (j < 2) return false;
    const int earlier = chain_[std::size_t(j) - 2];
    for (std::size_t p = 0; p < i; ++p)
      if (before.contains(xs_[p], earlier)) return false;
    for (std::size_t p = 0; p < i; ++p) r.add(Literal::ne(xs_[p], earlier));
    return true;
  }
  /// Names what the passes read of every position but `skip`: the chain values it lacks, or
  /// its domain when it has no value outside the chain.
  void read(const Space& before, std::size_t skip, Reason& r) const {
    for (std::size_t p = 0; p < xs_.size(); ++p) {
      if (p == skip) continue;
      if (!has_other_value(before, xs_[p])) {
        add_domain(before, xs_[p], r);
        continue;
      }
      for (int c : chain_)
        if (!before.contains(xs_[p], c)) r.add(Literal::ne(xs_[p], c));
    }
  }

  /// The passes with a word per set of states (k < 64): O(n * k) word operations. For
  /// c_j in x_i's domain, a state q >= j stays, q = j - 1 moves to j; any other value keeps q.
  PropStatus propagate_words(Space& s) {
    const std::size_t n = xs_.size(), k = chain_.size();
    in_.resize(n);
    other_.resize(n);
    words_.assign(2 * (n + 1), 0);
    std::uint64_t* reach = words_.data();   // reach[i]: states before position i
    std::uint64_t* done = reach + (n + 1);  // done[i]: states from which xs[i..] completes
    for (std::size_t i = 0; i < n; ++i) {
      std::uint64_t in = 0;
      for (std::size_t j = 1; j <= k; ++j)
        in |= std::uint64_t(s.contains(xs_[i], chain_[j - 1])) << (j - 1);
      in_[i] = in;
      other_[i] = s.size(xs_[i]) > std::popcount(in);
    }
    reach[0] = 1;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t r = reach[i];
      std::uint64_t next = other_[i] ? r : 0;
      for (std::uint64_t in = in_[i]; in;) {
        const int j = std::countr_zero(in) + 1;
        in &= in - 1;
        next |= (r & ~low(j)) | (((r >> (j - 1)) & 1u) << j);
      }
      reach[i + 1] = next;
    }
    done[n] = low(int(k) + 1);
    for (std::size_t i = n; i-- > 0;) {
      const std::uint64_t later = done[i + 1];
      std::uint64_t d = other_[i] ? later : 0;
      for (std::uint64_t in = in_[i]; in;) {
        const int j = std::countr_zero(in) + 1;
        in &= in - 1;
        d |= (later & ~low(j)) | (((later >> j) & 1u) << (j - 1));
      }
      done[i] = d;
    }
    bool open = false;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t r = reach[i], later = done[i + 1];
      const Var x = xs_[i];
      const bool other_ok = (r & later) != 0;
      keep_.clear();
      bool dropped = other_[i] && !other_ok;
      for (std::uint64_t in = in_[i]; in;) {
        const int j = std::countr_zero(in) + 1;
        in &= in - 1;
        const bool ok = (r & later & ~low(j)) || (((r >> (j - 1)) & 1u) && ((later >> j) & 1u));
        if (ok) keep_.push_back(chain_[std::size_t(j) - 1]);
        else if (other_ok && s.remove(x, chain_[std::size_t(j) - 1]) == Event::failed)
          return PropStatus::failed;
        dropped = dropped || !ok;
      }
      // no value outside the chain left: keep the chain values supported
      if (dropped && !other_ok && s.keep_only(x, keep_) == Event::failed) return PropStatus::failed;
      open = open || !s.assigned(x);
    }
    return open ? PropStatus::fixpoint : PropStatus::entailed;
  }
  /// The states 0 .. j - 1.
  static std::uint64_t low(int j) {
    return j >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << j) - 1;
  }

  /// The passes with a byte per state (k >= 64).
  PropStatus propagate_general(Space& s) {
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
  std::vector<char> reach_, done_;         // scratch: the two passes
  std::vector<int> keep_;                  // scratch
  std::vector<std::uint64_t> in_, words_;  // scratch of the word passes: chain values per x, states
  std::vector<char> other_;                // scratch: x can take a value outside the chain
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
