// among(xs, S, lo, hi): the number of xs taking a value in S lies in [lo, hi]; or, with a
// count variable n, is n (then lo, hi are n's bounds, and n is kept within [sure, possible]).
//
// Each variable is "sure" (every value left is in S), "possible" (some value is in S) or
// "out". Fails when sure > hi or possible < lo; at sure == hi the possible-but-not-sure
// variables lose S; at possible == lo they lose everything outside S. Set tests are word-wise
// on the domain bitsets, with S turned into a mask per variable on the first run.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "propagators/basic.hpp"
#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/counting.hpp"
#include "solve/error.hpp"

namespace solve::detail {

namespace {

class Among : public CloneableConstraint<Among> {
 public:
  /// Counts within [lo, hi], or equal to `count` when it names a variable.
  Among(std::vector<Var> xs, std::vector<int> values, int lo, int hi, Var count = Var{})
      : xs_(std::move(xs)),
        n_(xs_.size()),
        values_(std::move(values)),
        lo_(lo),
        hi_(hi),
        count_(count) {
    if (has_count()) xs_.push_back(count);
  }

  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "among"; }
  bool check(std::span<const int> v) const override {
    int n = 0;
    for (std::size_t i = 0; i < n_; ++i)
      n += std::binary_search(values_.begin(), values_.end(), v[i]);
    return has_count() ? n == v[n_] : lo_ <= n && n <= hi_;
  }

  PropStatus propagate(Space& s) override {
    if (offsets_.empty()) build_masks(s);
    int sure = 0, possible = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      const Kind k = kind(s, i);
      sure += k == Kind::sure;
      possible += k != Kind::out;
    }
    int lo = lo_, hi = hi_;
    if (has_count()) {
      if (s.set_min(count_, sure) == Event::failed || s.set_max(count_, possible) == Event::failed)
        return PropStatus::failed;
      lo = s.min(count_);
      hi = s.max(count_);
      if (sure == possible) return PropStatus::entailed;  // the count is fixed to it
    }
    if (sure > hi || possible < lo) return PropStatus::failed;
    if (sure >= lo && possible <= hi && !has_count()) return PropStatus::entailed;
    if (sure < hi && possible > lo) return PropStatus::fixpoint;
    // One bound is reached: decide every undecided variable.
    const bool into = possible == lo;
    for (std::size_t i = 0; i < n_; ++i) {
      if (kind(s, i) != Kind::mixed) continue;
      if (s.intersect(xs_[i], mask(i, into)) == Event::failed) return PropStatus::failed;
    }
    return has_count() ? PropStatus::changed : PropStatus::entailed;  // the count follows next run
  }
  // The count is at least the sure variables (each named as within S) and at most the
  // possible ones (the others named as outside S); at a bound reached, the undecided lose S
  // or its complement because of the variables on that bound's side and the count's bound.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      int sure = 0, possible = 0;
      for (std::size_t i = 0; i < n_; ++i) {
        const Kind k = kind_by_values(before, i);
        sure += k == Kind::sure;
        possible += k != Kind::out;
      }
      const int lo = has_count() ? before.min(count_) : lo_;
      const int hi = has_count() ? before.max(count_) : hi_;
      // the count's bound that made it (none for a constant)
      auto at_least = [&] {
        if (has_count()) r.add(Literal::ge(count_, lo));
      };
      auto at_most = [&] {
        if (has_count()) r.add(Literal::le(count_, hi));
      };
      if (!pruned) {
        if (sure > hi) return at_most(), name(before, Kind::sure, r);
        if (possible < lo) return at_least(), name(before, Kind::out, r);
        return false;
      }
      bool named_sure = false, named_out = false;
      auto sure_side = [&] { return named_sure || (named_sure = name(before, Kind::sure, r)); };
      auto out_side = [&] { return named_out || (named_out = name(before, Kind::out, r)); };
      if (has_count() && pruned->var == count_ &&
          explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
            return (w < sure && sure_side()) || (w > possible && out_side());
          }))
        return true;
      if (sure == possible) return false;                   // nothing else pruned from `before`
      const bool into = possible == lo, away = sure == hi;  // the undecided join or leave S
      if (!into && !away) return false;
      for (std::size_t i = 0; i < n_; ++i) {
        if (xs_[i] != pruned->var || kind_by_values(before, i) != Kind::mixed) continue;
        return explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
          if (in_set(w) ? !away : !into) return false;
          if (in_set(w)) return at_most(), sure_side();
          return at_least(), out_side();
        });
      }
      return false;
    });
  }

 private:
  enum class Kind { out, mixed, sure };

  bool has_count() const { return count_.id >= 0; }

  void build_masks(const Space& s) {
    for (std::size_t i = 0; i < n_; ++i) {
      const Var x = xs_[i];
      const auto words = s.bits(x).size();
      const int base = s.base(x);
      offsets_.push_back(std::uint32_t(in_.size()));
      const std::size_t start = in_.size();
      in_.resize(start + words, 0);
      for (int v : values_) {
        const long i = long(v) - base;
        if (i >= 0 && std::size_t(i) < words * 64)
          in_[start + std::size_t(i) / 64] |= 1ull << (i % 64);
      }
    }
    out_.resize(in_.size());
    std::transform(in_.begin(), in_.end(), out_.begin(), [](std::uint64_t w) { return ~w; });
  }

  std::span<const std::uint64_t> mask(std::size_t i, bool in) const {
    const std::size_t n = (i + 1 < offsets_.size() ? offsets_[i + 1] : in_.size()) - offsets_[i];
    return {(in ? in_ : out_).data() + offsets_[i], n};
  }

  Kind kind(const Space& s, std::size_t i) const {
    const auto bits = s.bits(xs_[i]);
    const auto in = mask(i, true);
    bool any_in = false, any_out = false;
    for (std::size_t w = 0; w < bits.size(); ++w) {
      any_in = any_in || (bits[w] & in[w]);
      any_out = any_out || (bits[w] & ~in[w]);
    }
    return !any_in ? Kind::out : any_out ? Kind::mixed : Kind::sure;
  }

  bool in_set(int v) const { return std::binary_search(values_.begin(), values_.end(), v); }
  /// The kind of variable i, from its values (explain() runs on a copy that may never have
  /// built the masks).
  Kind kind_by_values(const Space& before, std::size_t i) const {
    bool any_in = false, any_out = false;
    before.for_each_value(xs_[i], [&](int v) { (in_set(v) ? any_in : any_out) = true; });
    return !any_in ? Kind::out : any_out ? Kind::mixed : Kind::sure;
  }
  /// Names every counted variable of kind k (sure: within S; out: outside S) in `before`;
  /// false when one would take too many literals.
  bool name(const Space& before, Kind k, Reason& r) const {
    for (std::size_t i = 0; i < n_; ++i) {
      if (kind_by_values(before, i) != k) continue;
      const Var x = xs_[i];
      if (before.assigned(x)) {
        r.add(Literal::eq(x, before.value(x)));
        continue;
      }
      const std::int64_t lo = before.min(x), hi = before.max(x);
      if (k == Kind::sure) {  // the bounds, and the values between them outside S
        if (hi - lo > 256) return false;
        add_bounds(before, x, r);
        for (std::int64_t w = lo + 1; w < hi; ++w)
          if (!in_set(int(w)) && reachable(x, w)) r.add(Literal::ne(x, int(w)));
        continue;
      }
      // out: the values of S, those beyond a bound by the bound
      bool below = false, above = false;
      for (const int v : values_) {
        if (v < lo) below = true;
        else if (v > hi) above = true;
        else if (reachable(x, v)) r.add(Literal::ne(x, v));
      }
      if (below) r.add(Literal::ge(x, int(lo)));
      if (above) r.add(Literal::le(x, int(hi)));
    }
    return true;
  }

  std::vector<Var> xs_;  // the counted variables, then the count when there is one
  std::size_t n_;        // counted variables
  std::vector<int> values_;
  int lo_, hi_;
  Var count_;
  std::vector<std::uint32_t> offsets_;  // per variable, first word of its masks
  std::vector<std::uint64_t> in_;       // bit set for the values of S
  std::vector<std::uint64_t> out_;      // the complement
};

}  // namespace

}  // namespace solve::detail

namespace solve {

void among(Model& m, std::span<const Var> xs, std::span<const int> values, int lo, int hi) {
  if (lo > hi) throw ModelError("among: lo > hi");
  if (values.empty()) throw ModelError("among: empty value set");
  for (Var x : xs) m.check(x);
  m.post(std::make_unique<detail::Among>(std::vector<Var>(xs.begin(), xs.end()),
                                         detail::sorted_set(values), std::max(lo, 0), hi));
}

void among(Model& m, std::span<const Var> xs, std::span<const int> values, Var n) {
  m.post(std::make_unique<detail::Among>(std::vector<Var>(xs.begin(), xs.end()),
                                         detail::sorted_set(values), 0, int(xs.size()), n));
}

void occurrences(Model& m, std::span<const Var> xs, int value, Var n) {
  const int v[] = {value};
  among(m, xs, v, n);
}

}  // namespace solve
