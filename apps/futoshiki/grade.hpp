#pragma once
// The grade of a puzzle: does it have a solution, only one, and which reasoning fills it in
// (difficulty.hpp; the deductions are those of candidates.hpp).
#include <atomic>
#include <optional>
#include <vector>

#include "difficulty.hpp"
#include "puzzle.hpp"

namespace futoshiki {

struct Grade {
  bool solvable = false;
  bool unique = false;
  std::optional<Difficulty> level;  ///< nullopt: beyond extreme (or not unique, or no solution)
};

/// Grades p (n <= Candidates::max_n, else solve::InputError). When the deductions solve p, or
/// find a contradiction, that is the proof; otherwise libsolve searches for two solutions.
Grade grade(const Puzzle& p);

/// grade() with a time limit (seconds, 0: none) and a cancel flag on that search; nullopt
/// when it was cut short.
std::optional<Grade> grade(const Puzzle& p, double max_seconds, const std::atomic<bool>* cancel);

/// The solutions of p found by libsolve, at most `most` of them (n*n digits each, row-major).
std::vector<std::vector<int>> some_solutions(const Puzzle& p, int most);

}  // namespace futoshiki
