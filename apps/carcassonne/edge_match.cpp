#include <solve/error.hpp>

#include "edge_match.hpp"

namespace carcassonne {

ValueEdges::ValueEdges(int first_value, std::vector<Tile> value_edges)
    : first(first_value), edges(std::move(value_edges)), words((edges.size() + 63) / 64) {
  for (auto& masks : by_side) masks.assign(3 * stride, 0);
  if (words > stride) return;  // more values than fit a mask: constraints make masks of their own
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (int side = 0; side < 4; ++side)
      by_side[std::size_t(side)][std::size_t(edges[i][side]) * stride + (i >> 6)] |=
          std::uint64_t{1} << (i & 63);
}

namespace {

using solve::Event;
using solve::PropStatus;
using solve::Space;
using solve::Var;

class EdgesMatch : public solve::CloneableConstraint<EdgesMatch> {
 public:
  EdgesMatch(Var a, Var b, int side, std::shared_ptr<const ValueEdges> table)
      : vars_{a, b}, sides_{side, opposite(side)}, table_(std::move(table)) {
    if (a.scale != 1 || b.scale != 1)
      throw solve::ModelError("edges_match: a cell is a variable or x + c");
  }

  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "edges_match"; }

  PropStatus propagate(Space& s) override {
    if (words_ == 0) layout(s);
    // Two revisions reach the fixpoint: after the second, both sides show the same edge kinds.
    int kinds = 0;
    for (int from : {0, 1}) {
      kinds = edge_kinds(s, from);
      if (kinds == 0) return PropStatus::failed;
      if (kinds == 7) continue;  // every kind: nothing to remove
      const int to = 1 - from;
      // each kind's mask ANDed with all ones or zero: no branch per kind and word
      Words allowed;
      const std::uint64_t* masks = masks_[std::size_t(to)];
      const std::uint64_t pick0 = 0 - std::uint64_t(kinds & 1),
                          pick1 = 0 - std::uint64_t(kinds >> 1 & 1),
                          pick2 = 0 - std::uint64_t(kinds >> 2 & 1);
      for (std::size_t w = 0; w < words_; ++w)
        allowed[w] = (masks[w] & pick0) | (masks[max_words + w] & pick1) |
                     (masks[2 * max_words + w] & pick2);
      if (s.intersect(cell(to), std::span(allowed.data(), words_)) == Event::failed)
        return PropStatus::failed;
    }
    // one kind left on both sides: every remaining pair matches
    return kinds == 1 || kinds == 2 || kinds == 4 ? PropStatus::entailed : PropStatus::fixpoint;
  }

 private:
  static constexpr std::size_t max_words = ValueEdges::stride;
  using Words = std::array<std::uint64_t, max_words>;

  /// The variable under cell k: x + c has x's bitset layout (bits() and intersect() read and
  /// prune it alike), and Var{id} spares the Space calls their view branches.
  Var cell(int k) const { return Var{vars_[std::size_t(k)].id}; }

  /// Points masks_[k] (3 bitsets, one per edge e, max_words apart) at the values of vars_[k]
  /// whose edge on sides_[k] is e, in its domain layout: the table's shared masks when the
  /// layouts agree (the square model's case), else masks of its own.
  void layout(const Space& s) {
    const std::size_t words = s.bits(vars_[0]).size();
    if (words != s.bits(vars_[1]).size() || words > max_words)
      throw solve::ModelError(
          "edges_match: the two cells need the same domain of at most 512 values");
    std::shared_ptr<std::vector<std::uint64_t>> own;
    for (int k = 0; k < 2; ++k) {
      const int base = s.base(vars_[std::size_t(k)]);
      const int side = sides_[std::size_t(k)];
      if (base == table_->first && words <= table_->words && table_->words <= max_words) {
        masks_[std::size_t(k)] = table_->by_side[std::size_t(side)].data();
        continue;
      }
      if (!own) own = std::make_shared<std::vector<std::uint64_t>>(6 * max_words, 0);
      std::uint64_t* mine = own->data() + std::size_t(k) * 3 * max_words;
      for (std::size_t i = 0; i < table_->edges.size(); ++i) {
        const long bit = long(table_->first) + long(i) - base;
        if (bit < 0 || std::size_t(bit) >= words * 64) continue;
        const std::size_t e = std::size_t(table_->edges[i][side]);
        mine[e * max_words + (std::size_t(bit) >> 6)] |= std::uint64_t{1} << (bit & 63);
      }
      masks_[std::size_t(k)] = mine;
    }
    own_ = std::move(own);
    words_ = words;
  }

  /// The edge kinds (bit e for Edge e) that vars_[k]'s values show on its side.
  /// One pass over the words for the three kinds, without an early exit: a domain has at
  /// most 8 words, and the data-dependent exits of a search per kind mispredicted often.
  int edge_kinds(const Space& s, int k) const {
    const std::uint64_t* dom = s.bits(cell(k)).data();
    const std::uint64_t* masks = masks_[std::size_t(k)];
    std::uint64_t any0 = 0, any1 = 0, any2 = 0;
    for (std::size_t w = 0; w < words_; ++w) {
      const std::uint64_t d = dom[w];
      any0 |= d & masks[w];
      any1 |= d & masks[max_words + w];
      any2 |= d & masks[2 * max_words + w];
    }
    return int(any0 != 0) | int(any1 != 0) << 1 | int(any2 != 0) << 2;
  }

  std::array<Var, 2> vars_;
  std::array<int, 2> sides_;
  // A big square has hundreds of thousands of these: the masks live in the shared table
  // (or, for a layout of its own, in `own_`, shared by copies), not in each constraint.
  std::shared_ptr<const ValueEdges> table_;
  std::shared_ptr<const std::vector<std::uint64_t>> own_;
  std::array<const std::uint64_t*, 2> masks_{};  // into table_ or own_, which copies share
  std::size_t words_ = 0;                        // of both domains; 0 until layout()
};

}  // namespace

std::unique_ptr<solve::Constraint> edges_match(Var a, Var b, int side,
                                               std::shared_ptr<const ValueEdges> table) {
  return std::make_unique<EdgesMatch>(a, b, side, std::move(table));
}

}  // namespace carcassonne
