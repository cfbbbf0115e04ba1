// Futoshiki as a constraint satisfaction problem.
//
// Problem:     fill an N x N grid with 1..N so that no value repeats in a row or a column,
//              the givens are kept, and every sign between two neighbours holds.
// Variables:   one per cell, domain {1..N}, created row by row (so a solution's values are
//              the grid in reading order, and "first" in a tie means reading order).
// Constraints: all_different on each row and each column (2N constraints of N variables);
//              less(a, b) for each sign, oriented so the smaller cell comes first
//              ('<' and '^': this cell < the next; '>' and 'v': the next < this cell);
//              fix(cell, v) for each given, so that the first propagation (forward checking
//              from the givens, as the course asks) removes v from the cell's row and column.
// Branching:   chosen per search by SearchOptions, not here. The course method is forward
//              checking + MRV with degree tie-break + ascending values; a cell's degree is
//              the number of these constraints it shares with unassigned cells (its row,
//              its column, its signs), so among equal domains a cell with signs goes first.
#include "model.hpp"

#include <fmt/format.h>

#include <solve/constraints.hpp>

namespace futoshiki {

std::vector<int> FutoshikiModel::grid(const solve::Solution& s) const {
  std::vector<int> out;
  out.reserve(cells.size());
  for (const solve::Var x : cells) out.push_back(s[x]);
  return out;
}

FutoshikiModel build_model(const Puzzle& p) {
  FutoshikiModel fm;
  const int n = p.n;
  fm.n = n;
  fm.cells.reserve(std::size_t(n * n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      fm.cells.push_back(fm.model.add_var(1, n, fmt::format("r{}c{}", r + 1, c + 1)));

  std::vector<solve::Var> line(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) line[std::size_t(c)] = fm.cell(r, c);
    solve::all_different(fm.model, line);
  }
  for (int c = 0; c < n; ++c) {
    for (int r = 0; r < n; ++r) line[std::size_t(r)] = fm.cell(r, c);
    solve::all_different(fm.model, line);
  }

  auto post_sign = [&](Relation rel, solve::Var here, solve::Var next) {
    if (rel == Relation::less) solve::less(fm.model, here, next);
    if (rel == Relation::greater) solve::less(fm.model, next, here);
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c + 1 < n; ++c) post_sign(p.right_of(r, c), fm.cell(r, c), fm.cell(r, c + 1));
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c < n; ++c) post_sign(p.below(r, c), fm.cell(r, c), fm.cell(r + 1, c));

  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (p.given(r, c) != 0) solve::fix(fm.model, fm.cell(r, c), p.given(r, c));
  return fm;
}

}  // namespace futoshiki
