// all_different: value propagation (forward, arc), plus Regin's domain-consistent filtering
// at the domain level (propagators/regin.hpp; value propagation again where its graph would
// pass ReginFilter::kMaxBits). Value propagation is forward checking of the clique of !=; at
// none the propagator only checks that no two assigned variables share a value (plain
// backtracking of that clique: a check() of the complete scope would come far too late).
#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <memory>
#include <tuple>
#include <vector>

#include "propagators/all_different_reason.hpp"
#include "propagators/explain_removals.hpp"
#include "propagators/regin.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

class AllDifferent final : public CloneableConstraint<AllDifferent> {
 public:
  explicit AllDifferent(std::vector<Var> xs) : xs_(std::move(xs)) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "all_different"; }
  /// Value propagation acts on assignments only; Regin's filter on any removal.
  Wake wakes_on(Propagation p) const override {
    return p == Propagation::domain ? Wake::domain : Wake::assigned;
  }
  Propagation propagates_from() const override { return Propagation::none; }
  bool check(std::span<const int> v) const override {
    std::vector<int> sorted(v.begin(), v.end());
    std::sort(sorted.begin(), sorted.end());
    return std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
  }

  PropStatus propagate(Space& s) override {
    if (s.propagation() == Propagation::none) return check_assigned(s);
    // at the domain level Regin's filter subsumes value propagation (unless its graph would
    // be too large: then values are propagated, as at the arc level)
    const ReginFilter::Outcome regin = s.propagation() == Propagation::domain
                                           ? regin_.filter(s, xs_)
                                           : ReginFilter::Outcome::too_large;
    if (regin == ReginFilter::Outcome::failed) return PropStatus::failed;
    if (regin == ReginFilter::Outcome::too_large && !propagate_values(s)) return PropStatus::failed;
    for (Var x : xs_)
      if (!s.assigned(x)) return PropStatus::fixpoint;
    return PropStatus::entailed;
  }
  // x != v because another variable is v; a failure because two are the same value. Else a
  // Hall set (all_different_reason.hpp): what Regin's filter prunes by, and what chains of
  // value propagation within one call amount to.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    if (explain_by_assigned(before, xs_, pruned, r, [](int) { return true; })) return;
    explain_or_scope(*this, before, r, [&](Reason& r) {
      hall_.match(before, xs_);
      if (!pruned) return hall_.overloaded(r);
      const auto at = std::find(xs_.begin(), xs_.end(), pruned->var);
      if (at == xs_.end()) return false;
      const std::size_t x = std::size_t(at - xs_.begin());
      return explain_by_removals(before, *pruned, r,
                                 [&](int v, Reason& r) { return hall_.value_taken(x, v, r); });
    });
  }

 private:
  /// Plain backtracking's test: no two assigned variables share a value.
  PropStatus check_assigned(const Space& s) {
    work_.clear();
    for (Var x : xs_)
      if (s.assigned(x)) work_.push_back(s.value(x));
    std::sort(work_.begin(), work_.end());
    if (std::adjacent_find(work_.begin(), work_.end()) != work_.end()) return PropStatus::failed;
    return work_.size() == xs_.size() ? PropStatus::entailed : PropStatus::fixpoint;
  }

  /// Removes the value of every assigned variable from the others, following new
  /// assignments as they appear. Fails on two variables with the same value.
  bool propagate_values(Space& s) {
    if (words_ == 0) layout(s);
    return words_ <= kMaxWords ? propagate_by_bits(s) : propagate_by_value(s);
  }

  /// The value range every domain lies in, from the layouts (fixed for the search). Scaled
  /// views have no cheap bitset: they take the value-by-value path.
  void layout(const Space& s) {
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    bool scaled = false;
    for (Var x : xs_) {
      scaled = scaled || x.scale != 1;
      lo = std::min<std::int64_t>(lo, s.base(x));
      hi = std::max<std::int64_t>(hi, s.base(x) + std::int64_t(s.bits(x).size()) * 64 - 1);
    }
    lo_ = int(lo);
    words_ = scaled ? kMaxWords + 1 : std::size_t((hi - lo) / 64 + 1);
  }

  /// The values of the assigned variables as one bitset; each open variable loses them word
  /// by word. O(variables * words) per round instead of O(assigned * variables).
  bool propagate_by_bits(Space& s) {
    used_.assign(words_, 0);
    open_.clear();
    for (std::size_t i = 0; i < xs_.size(); ++i) {
      const Var x = xs_[i];
      if (!s.assigned(x)) {
        open_.push_back(std::uint32_t(i));
        continue;
      }
      const std::size_t b = std::size_t(s.value(x) - lo_);
      if ((used_[b >> 6] >> (b & 63)) & 1u) return false;
      used_[b >> 6] |= std::uint64_t{1} << (b & 63);
    }
    for (bool again = true; again;) {
      again = false;
      for (std::size_t k = 0; k < open_.size();) {
        const Var x = xs_[open_[k]];
        for (std::size_t w = 0; w < words_; ++w)
          for (std::uint64_t drop = s.word_at(x, lo_ + std::int64_t(w) * 64) & used_[w]; drop;
               drop &= drop - 1)
            if (s.remove(x, lo_ + int(w * 64) + std::countr_zero(drop)) == Event::failed)
              return false;
        if (!s.assigned(x)) {
          ++k;
          continue;
        }
        const std::size_t b = std::size_t(s.value(x) - lo_);  // not a used value: those are gone
        used_[b >> 6] |= std::uint64_t{1} << (b & 63);
        open_[k] = open_.back();
        open_.pop_back();
        again = true;
      }
    }
    return true;
  }

  /// The same one value at a time (scaled views, sparse value ranges).
  bool propagate_by_value(Space& s) {
    work_.clear();
    for (int i = 0; i < int(xs_.size()); ++i)
      if (s.assigned(xs_[std::size_t(i)])) work_.push_back(i);
    while (!work_.empty()) {
      const int i = work_.back();
      work_.pop_back();
      const int v = s.value(xs_[std::size_t(i)]);
      for (int j = 0; j < int(xs_.size()); ++j) {
        if (j == i) continue;
        const Var y = xs_[std::size_t(j)];
        if (!s.contains(y, v)) continue;
        const Event e = s.remove(y, v);
        if (e == Event::failed) return false;
        if (e == Event::assigned) work_.push_back(j);
      }
    }
    return true;
  }

  static constexpr std::size_t kMaxWords = 16;  // above 1024 values, value by value
  std::vector<Var> xs_;
  std::vector<int> work_;            // scratch, kept only to avoid allocation
  int lo_ = 0;                       // value of bit 0 of used_
  std::size_t words_ = 0;            // words of used_ (0: not laid out yet)
  std::vector<std::uint64_t> used_;  // scratch: values of the assigned variables
  std::vector<std::uint32_t> open_;  // scratch: positions of the open variables
  ReginFilter regin_;                // its matching is a hint kept between runs
  // explain()'s matching, kept while it is asked of the same domains (each thread's search has
  // its own clone: no sharing)
  mutable HallSets hall_;
};

}  // namespace
}  // namespace detail

void all_different(Model& m, std::span<const Var> xs) {
  std::vector<Var> vars(xs.begin(), xs.end());
  for (Var x : vars) m.check(x);
  std::vector<Var> sorted = vars;  // the same variable twice (as the same view) can never differ
  std::sort(sorted.begin(), sorted.end(), [](Var a, Var b) {
    return std::tie(a.id, a.scale, a.offset) < std::tie(b.id, b.scale, b.offset);
  });
  const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
  if (twice != sorted.end())
    throw ModelError("all_different: variable " + m.name(*twice) + " appears twice");
  if (vars.size() < 2) return;
  if (vars.size() == 2) {
    not_equal(m, vars[0], vars[1]);
    return;
  }
  m.post(std::make_unique<detail::AllDifferent>(std::move(vars)));
}

}  // namespace solve
