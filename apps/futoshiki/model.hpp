#pragma once
// The Futoshiki puzzle as a libsolve model (see model.cpp for the formulation).
#include <vector>

#include <solve/model.hpp>
#include <solve/search.hpp>

#include "puzzle.hpp"

namespace futoshiki {

struct FutoshikiModel {
  int n = 0;
  solve::Model model;
  std::vector<solve::Var> cells;  ///< n*n, row-major; cell (r,c) is named "r<r+1>c<c+1>"

  solve::Var cell(int r, int c) const { return cells[std::size_t(r * n + c)]; }
  /// The grid (n*n values, row-major) that a solution of `model` stands for.
  std::vector<int> grid(const solve::Solution& s) const;
};

/// Builds the model of a parsed puzzle.
FutoshikiModel build_model(const Puzzle& p);

}  // namespace futoshiki
