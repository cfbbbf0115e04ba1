// among(xs, S, lo, hi): the number of xs taking a value in S lies in [lo, hi].
//
// Each variable is "sure" (every value left is in S), "possible" (some value is in S) or
// "out". Fails when sure > hi or possible < lo; at sure == hi the possible-but-not-sure
// variables lose S; at possible == lo they lose everything outside S. Set tests are word-wise
// on the domain bitsets, with S turned into a mask per variable on the first run.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "solve/constraint.hpp"
#include "solve/counting.hpp"
#include "solve/error.hpp"

namespace solve::detail {

namespace {

class Among : public CloneableConstraint<Among> {
 public:
  Among(std::vector<Var> xs, std::vector<int> values, int lo, int hi)
      : xs_(std::move(xs)), values_(std::move(values)), lo_(lo), hi_(hi) {}

  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "among"; }
  bool check(std::span<const int> v) const override {
    int n = 0;
    for (int x : v) n += std::binary_search(values_.begin(), values_.end(), x);
    return lo_ <= n && n <= hi_;
  }

  PropStatus propagate(Space& s) override {
    if (offsets_.empty()) build_masks(s);
    int sure = 0, possible = 0;
    for (std::size_t i = 0; i < xs_.size(); ++i) {
      const Kind k = kind(s, i);
      sure += k == Kind::sure;
      possible += k != Kind::out;
    }
    if (sure > hi_ || possible < lo_) return PropStatus::failed;
    if (sure >= lo_ && possible <= hi_) return PropStatus::entailed;
    if (sure < hi_ && possible > lo_) return PropStatus::fixpoint;
    // One bound is reached: decide every undecided variable.
    const bool into = possible == lo_;
    for (std::size_t i = 0; i < xs_.size(); ++i) {
      if (kind(s, i) != Kind::mixed) continue;
      if (s.intersect(xs_[i], mask(i, into)) == Event::failed) return PropStatus::failed;
    }
    return PropStatus::entailed;
  }

 private:
  enum class Kind { out, mixed, sure };

  void build_masks(const Space& s) {
    for (Var x : xs_) {
      const auto words = s.bits(x).size();
      const int base = s.base(x);
      offsets_.push_back(std::uint32_t(in_.size()));
      const std::size_t start = in_.size();
      in_.resize(start + words, 0);
      for (int v : values_) {
        const long i = long(v) - base;
        if (i >= 0 && std::size_t(i) < words * 64) in_[start + std::size_t(i) / 64] |= 1ull << (i % 64);
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

  std::vector<Var> xs_;
  std::vector<int> values_;
  int lo_, hi_;
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
  std::vector<int> v(values.begin(), values.end());
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  m.post(std::make_unique<detail::Among>(std::vector<Var>(xs.begin(), xs.end()), std::move(v),
                                         std::max(lo, 0), hi));
}

}  // namespace solve
