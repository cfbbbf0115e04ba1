#include "edge_match.hpp"

#include <cstdint>

#include "solve/error.hpp"

namespace carcassonne {

namespace {

using solve::Event;
using solve::PropStatus;
using solve::Space;
using solve::Var;

class EdgesMatch : public solve::CloneableConstraint<EdgesMatch> {
 public:
  EdgesMatch(Var a, Var b, int side, std::shared_ptr<const ValueEdges> table)
      : vars_{a, b}, sides_{side, opposite(side)}, table_(std::move(table)) {}

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
      Words allowed{};
      for (int e = 0; e < 3; ++e)
        if (kinds >> e & 1)
          for (std::size_t w = 0; w < words_; ++w) allowed[w] |= masks_[to][std::size_t(e)][w];
      if (s.intersect(vars_[to], std::span(allowed.data(), words_)) == Event::failed) return PropStatus::failed;
    }
    // one kind left on both sides: every remaining pair matches
    return kinds == 1 || kinds == 2 || kinds == 4 ? PropStatus::entailed : PropStatus::fixpoint;
  }

 private:
  /// masks_[k][e]: the values of vars_[k] whose edge on sides_[k] is e, in its domain layout.
  void layout(const Space& s) {
    words_ = s.bits(vars_[0]).size();
    if (words_ != s.bits(vars_[1]).size() || words_ > max_words)
      throw solve::ModelError("edges_match: the two cells need the same domain of at most 512 values");
    for (int k = 0; k < 2; ++k) {
      const int base = s.base(vars_[k]);
      for (std::size_t i = 0; i < table_->edges.size(); ++i) {
        const long bit = long(table_->first) + long(i) - base;
        if (bit < 0 || std::size_t(bit) >= words_ * 64) continue;
        const Edge e = table_->edges[i][sides_[k]];
        masks_[k][std::size_t(e)][std::size_t(bit) >> 6] |= 1ull << (bit & 63);
      }
    }
  }

  /// The edge kinds (bit e for Edge e) that vars_[k]'s values show on its side.
  int edge_kinds(const Space& s, int k) const {
    const auto dom = s.bits(vars_[k]);
    int kinds = 0;
    for (int e = 0; e < 3; ++e)
      for (std::size_t w = 0; w < words_; ++w)
        if (dom[w] & masks_[k][std::size_t(e)][w]) {
          kinds |= 1 << e;
          break;
        }
    return kinds;
  }

  std::array<Var, 2> vars_;
  std::array<int, 2> sides_;
  std::shared_ptr<const ValueEdges> table_;
  // Inline, not on the heap: a big square has hundreds of thousands of these. The values
  // are kind x 4 + turn over at most 81 kinds: 324 values, 6 words.
  static constexpr std::size_t max_words = 8;
  using Words = std::array<std::uint64_t, max_words>;
  std::size_t words_ = 0;  // of both domains; 0 until layout()
  std::array<std::array<Words, 3>, 2> masks_{};
};

}  // namespace

std::unique_ptr<solve::Constraint> edges_match(Var a, Var b, int side,
                                               std::shared_ptr<const ValueEdges> table) {
  return std::make_unique<EdgesMatch>(a, b, side, std::move(table));
}

}  // namespace carcassonne
