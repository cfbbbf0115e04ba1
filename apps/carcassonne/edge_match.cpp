#include "edge_match.hpp"

#include <cstdint>

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
    if (masks_[0][0].empty()) layout(s);
    // Two revisions reach the fixpoint: after the second, both sides show the same edge kinds.
    int kinds = 0;
    for (int from : {0, 1}) {
      kinds = edge_kinds(s, from);
      if (kinds == 0) return PropStatus::failed;
      if (kinds == 7) continue;  // every kind: nothing to remove
      const int to = 1 - from;
      allowed_.assign(masks_[to][0].size(), 0);
      for (int e = 0; e < 3; ++e)
        if (kinds >> e & 1)
          for (std::size_t w = 0; w < allowed_.size(); ++w) allowed_[w] |= masks_[to][e][w];
      if (s.intersect(vars_[to], allowed_) == Event::failed) return PropStatus::failed;
    }
    // one kind left on both sides: every remaining pair matches
    return kinds == 1 || kinds == 2 || kinds == 4 ? PropStatus::entailed : PropStatus::fixpoint;
  }

 private:
  /// masks_[k][e]: the values of vars_[k] whose edge on sides_[k] is e, in its domain layout.
  void layout(const Space& s) {
    for (int k = 0; k < 2; ++k) {
      const int base = s.base(vars_[k]);
      const std::size_t words = s.bits(vars_[k]).size();
      for (auto& m : masks_[k]) m.assign(words, 0);
      for (std::size_t i = 0; i < table_->edges.size(); ++i) {
        const long bit = long(table_->first) + long(i) - base;
        if (bit < 0 || std::size_t(bit) >= words * 64) continue;
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
      for (std::size_t w = 0; w < dom.size(); ++w)
        if (dom[w] & masks_[k][std::size_t(e)][w]) {
          kinds |= 1 << e;
          break;
        }
    return kinds;
  }

  std::array<Var, 2> vars_;
  std::array<int, 2> sides_;
  std::shared_ptr<const ValueEdges> table_;
  std::array<std::array<std::vector<std::uint64_t>, 3>, 2> masks_;
  std::vector<std::uint64_t> allowed_;  // scratch
};

}  // namespace

std::unique_ptr<solve::Constraint> edges_match(Var a, Var b, int side,
                                               std::shared_ptr<const ValueEdges> table) {
  return std::make_unique<EdgesMatch>(a, b, side, std::move(table));
}

}  // namespace carcassonne
