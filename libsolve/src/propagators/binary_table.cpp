// binary_table: for every value a of x, the bitset of y's values supported by a (in y's domain
// layout), and the same from y to x. Revising y = OR of the bitsets of x's values, then
// intersect; alternate until neither side shrinks (arc consistency). The bitsets are laid out
// on the first run, once the domain layouts (base, words) are known. Below arc the engine
// checks pairs through check() (a binary search in the sorted table).
//
// Memory: the dense matrices take width(x) x width(y) bits per side; above kMaxDenseWords
// (two variables over wide, sparse domains: {0, 1000000}) each side keeps instead one row
// per value of the table, with only its nonzero words: O(pairs) words in all.
#include <algorithm>
#include <cstdint>

#include "propagators/explain_removals.hpp"
#include "propagators/tuple_reason.hpp"
#include "solve/binary_table.hpp"
#include "solve/constraint.hpp"

namespace solve::detail {

namespace {

class BinaryTable : public CloneableConstraint<BinaryTable> {
 public:
  BinaryTable(Var x, Var y, std::vector<std::pair<int, int>> allowed)
      : vars_{x, y}, allowed_(std::move(allowed)) {
    std::sort(allowed_.begin(), allowed_.end());
  }

  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "binary_table"; }
  bool check(std::span<const int> v) const override {
    return std::binary_search(allowed_.begin(), allowed_.end(), std::pair<int, int>{v[0], v[1]});
  }

  PropStatus propagate(Space& s) override {
    if (side_[0].words == 0) layout(s);
    for (int turn = 0;; ++turn) {
      const int from = turn & 1;  // revise vars_[1 - from] from vars_[from]
      const Event e = revise(s, from);
      if (e == Event::failed) return PropStatus::failed;
      if (e == Event::none && turn > 0) break;
    }
    return s.assigned(vars_[0]) && s.assigned(vars_[1]) ? PropStatus::entailed
                                                        : PropStatus::fixpoint;
  }
  // [x != a]: every pair (a, b) lost b from y (by y's bounds or [y != b]); a failure: every
  // pair lost a side. From the domains the call began with (a value lost in a later revision
  // falls back to the scope).
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      TupleCover cover(before, vars_, r);
      if (!pruned) {
        for (const auto& [a, b] : allowed_)
          if (const int t[] = {a, b}; !cover.exclude(t, 2)) return false;
        return true;
      }
      const std::size_t i = pruned->var == vars_[0] ? 0 : pruned->var == vars_[1] ? 1 : 2;
      if (i == 2) return false;
      return explain_by_removals(before, *pruned, r, [&](int v, Reason&) {
        for (const auto& [a, b] : allowed_)
          if (const int t[] = {a, b}; t[i] == v && !cover.exclude(t, i)) return false;
        return true;
      });
    });
  }

 private:
  /// Largest dense support matrices, both sides together (8 MiB).
  static constexpr std::size_t kMaxDenseWords = std::size_t(1) << 20;

  /// Supports of one variable's values in the other's layout.
  struct Side {
    int base = 0;                        // value of bit 0 of this variable
    std::size_t bits = 0;                // bits in this variable's layout
    std::size_t words = 0;               // words of the other variable's layout
    std::vector<std::uint64_t> support;  // dense: bits * words
    // sparse: the rows of this variable's values that occur in the table, ascending
    std::vector<int> row_value;
    std::vector<std::uint32_t> row_start;  // row r's entries: [row_start[r], row_start[r + 1])
    std::vector<std::pair<std::uint32_t, std::uint64_t>> entries;  // (word of the other, bits)
  };

  void layout(const Space& s) {
    for (int k = 0; k < 2; ++k) {
      side_[k].base = s.base(vars_[k]);
      side_[k].bits = s.bits(vars_[k]).size() * 64;
      side_[k].words = s.bits(vars_[1 - k]).size();
    }
    mask_.resize(std::max(side_[0].words, side_[1].words));
    sparse_ = side_[0].bits * side_[0].words + side_[1].bits * side_[1].words > kMaxDenseWords;
    if (sparse_) {
      for (int k = 0; k < 2; ++k) lay_rows(k);
      return;
    }
    for (int k = 0; k < 2; ++k) side_[k].support.assign(side_[k].bits * side_[k].words, 0);
    for (const auto& [a, b] : allowed_) {
      const long ia = long(a) - side_[0].base, ib = long(b) - side_[1].base;
      if (ia < 0 || ib < 0 || std::size_t(ia) >= side_[0].bits || std::size_t(ib) >= side_[1].bits)
        continue;
      side_[0].support[std::size_t(ia) * side_[0].words + std::size_t(ib) / 64] |= 1ull
                                                                                   << (ib % 64);
      side_[1].support[std::size_t(ib) * side_[1].words + std::size_t(ia) / 64] |= 1ull
                                                                                   << (ia % 64);
    }
  }

  /// Side k's rows: the pairs ordered by side k's value, then by the other's.
  void lay_rows(int k) {
    Side& sd = side_[k];
    const Side& other = side_[1 - k];
    std::vector<std::pair<int, int>> pairs;  // (this value, the other's bit)
    for (const auto& [a, b] : allowed_) {
      const long mine = long(k == 0 ? a : b) - sd.base, theirs = long(k == 0 ? b : a) - other.base;
      if (mine < 0 || theirs < 0 || std::size_t(mine) >= sd.bits ||
          std::size_t(theirs) >= other.bits)
        continue;
      pairs.emplace_back(k == 0 ? a : b, int(theirs));
    }
    std::sort(pairs.begin(), pairs.end());
    for (const auto& [v, bit] : pairs) {
      if (sd.row_value.empty() || sd.row_value.back() != v) {
        sd.row_value.push_back(v);
        sd.row_start.push_back(std::uint32_t(sd.entries.size()));
      }
      const std::uint32_t w = std::uint32_t(bit / 64);
      const std::size_t first = sd.row_start.back();
      if (sd.entries.size() == first || sd.entries.back().first != w) sd.entries.emplace_back(w, 0);
      sd.entries.back().second |= 1ull << (bit % 64);
    }
    sd.row_start.push_back(std::uint32_t(sd.entries.size()));
  }

  Event revise(Space& s, int from) {
    const Side& sd = side_[from];
    std::fill(mask_.begin(), mask_.begin() + long(sd.words), 0);
    if (sparse_) {
      add_rows(s, from);
    } else {
      const auto bits = s.bits(vars_[from]);
      for (std::size_t w = 0; w < bits.size(); ++w)
        for (std::uint64_t b = bits[w]; b; b &= b - 1) {
          const std::size_t i = w * 64 + std::size_t(std::countr_zero(b));
          const std::uint64_t* sup = sd.support.data() + i * sd.words;
          for (std::size_t k = 0; k < sd.words; ++k) mask_[k] |= sup[k];
        }
    }
    return s.intersect(vars_[1 - from], std::span<const std::uint64_t>(mask_.data(), sd.words));
  }

  /// mask |= the rows of the values left to vars_[from]: over the rows, or over the domain
  /// (finding each value's row) when the domain is the smaller.
  void add_rows(const Space& s, int from) {
    const Side& sd = side_[from];
    const Var x = vars_[from];
    const auto add = [&](std::size_t r) {
      for (std::uint32_t e = sd.row_start[r]; e < sd.row_start[r + 1]; ++e)
        mask_[sd.entries[e].first] |= sd.entries[e].second;
    };
    if (std::size_t(s.size(x)) < sd.row_value.size()) {
      s.for_each_value(x, [&](int v) {
        const auto it = std::lower_bound(sd.row_value.begin(), sd.row_value.end(), v);
        if (it != sd.row_value.end() && *it == v) add(std::size_t(it - sd.row_value.begin()));
      });
      return;
    }
    for (std::size_t r = 0; r < sd.row_value.size(); ++r)
      if (s.contains(x, sd.row_value[r])) add(r);
  }

  Var vars_[2];
  std::vector<std::pair<int, int>> allowed_;  // sorted
  Side side_[2];
  bool sparse_ = false;              // rows instead of dense matrices
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
