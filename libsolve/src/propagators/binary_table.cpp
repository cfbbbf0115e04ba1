// binary_table: for every value a of x, the bitset of y's values supported by a (in y's domain
// layout), and the same from y to x. Revising y = OR of the bitsets of x's values, then
// intersect; alternate until neither side shrinks (arc consistency). The bitsets are laid out
// on the first run, once the domain layouts (base, words) are known. At the forward level only
// an assigned side revises the other; at none a pair is only checked once both are assigned.
#include <algorithm>
#include <cstdint>

#include "propagators/status.hpp"
#include "solve/binary_table.hpp"
#include "solve/constraint.hpp"

namespace solve::detail {

namespace {

class BinaryTable : public CloneableConstraint<BinaryTable> {
 public:
  BinaryTable(Var x, Var y, std::vector<std::pair<int, int>> allowed)
      : vars_{x, y}, allowed_(std::move(allowed)) {}

  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "binary_table"; }
  bool check(std::span<const int> v) const override {
    return std::find(allowed_.begin(), allowed_.end(), std::pair<int, int>{v[0], v[1]}) != allowed_.end();
  }

  PropStatus propagate(Space& s) override {
    if (side_[0].words == 0) layout(s);
    const bool x_set = s.assigned(vars_[0]), y_set = s.assigned(vars_[1]);
    if (check_only(s) && !(x_set && y_set)) return PropStatus::fixpoint;  // none: check pairs
    if (from_assigned_only(s)) {
      // forward (and none's check): revise only from an assigned side
      if (x_set && revise(s, 0) == Event::failed) return PropStatus::failed;
      if (y_set && revise(s, 1) == Event::failed) return PropStatus::failed;
      return s.assigned(vars_[0]) && s.assigned(vars_[1]) ? PropStatus::entailed : PropStatus::fixpoint;
    }
    for (int turn = 0;; ++turn) {
      const int from = turn & 1;  // revise vars_[1 - from] from vars_[from]
      const Event e = revise(s, from);
      if (e == Event::failed) return PropStatus::failed;
      if (e == Event::none && turn > 0) break;
    }
    return s.assigned(vars_[0]) && s.assigned(vars_[1]) ? PropStatus::entailed : PropStatus::fixpoint;
  }

 private:
  /// Supports of one variable's values in the other's layout.
  struct Side {
    int base = 0;            // value of bit 0 of this variable
    std::size_t bits = 0;    // bits in this variable's layout
    std::size_t words = 0;   // words of the other variable's layout
    std::vector<std::uint64_t> support;  // bits * words
  };

  void layout(const Space& s) {
    for (int k = 0; k < 2; ++k) {
      side_[k].base = s.base(vars_[k]);
      side_[k].bits = s.bits(vars_[k]).size() * 64;
      side_[k].words = s.bits(vars_[1 - k]).size();
      side_[k].support.assign(side_[k].bits * side_[k].words, 0);
    }
    for (const auto& [a, b] : allowed_) {
      const long ia = long(a) - side_[0].base, ib = long(b) - side_[1].base;
      if (ia < 0 || ib < 0 || std::size_t(ia) >= side_[0].bits || std::size_t(ib) >= side_[1].bits) continue;
      side_[0].support[std::size_t(ia) * side_[0].words + std::size_t(ib) / 64] |= 1ull << (ib % 64);
      side_[1].support[std::size_t(ib) * side_[1].words + std::size_t(ia) / 64] |= 1ull << (ia % 64);
    }
    mask_.resize(std::max(side_[0].words, side_[1].words));
  }

  Event revise(Space& s, int from) {
    const Side& sd = side_[from];
    std::fill(mask_.begin(), mask_.begin() + long(sd.words), 0);
    const auto bits = s.bits(vars_[from]);
    for (std::size_t w = 0; w < bits.size(); ++w)
      for (std::uint64_t b = bits[w]; b; b &= b - 1) {
        const std::size_t i = w * 64 + std::size_t(std::countr_zero(b));
        const std::uint64_t* sup = sd.support.data() + i * sd.words;
        for (std::size_t k = 0; k < sd.words; ++k) mask_[k] |= sup[k];
      }
    return s.intersect(vars_[1 - from], std::span<const std::uint64_t>(mask_.data(), sd.words));
  }

  Var vars_[2];
  std::vector<std::pair<int, int>> allowed_;
  Side side_[2];
  std::vector<std::uint64_t> mask_;  // scratch
};

}  // namespace

}  // namespace solve::detail

namespace solve {

void binary_table(Model& m, Var x, Var y, const std::vector<std::pair<int, int>>& allowed) {
  m.check(x);
  m.check(y);
  m.post(std::make_unique<detail::BinaryTable>(x, y, allowed));
}

}  // namespace solve
