#pragma once
// New puzzles of a chosen difficulty (docs/futoshiki.md, "Generating and grading").
//
// A random Latin square is the solution; the puzzle starts with every digit given and every
// sign between neighbours, and the clues (digits and signs) are taken away one by one in a
// random order, each for good when the puzzle stays solved by the level's deductions
// (candidates.hpp). What is left is minimal: without any one of its clues the level's
// reasoning no longer solves it (it becomes ambiguous or needs stronger reasoning), since
// removing clues only ever weakens the deductions. When the result is also solved by the
// level below, the generator starts again with a new square. The solution is unique (the
// deductions are sound) and checked once more by libsolve.
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "difficulty.hpp"
#include "puzzle.hpp"

namespace futoshiki {

/// No puzzle of the level asked was found in 20000 tries (not seen from 4x4 up).
class NoPuzzle : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Sides generate() accepts.
inline constexpr int min_generated_size = 4;  // 3x3 extreme puzzles are too rare
inline constexpr int max_generated_size = 16;

/// A puzzle of side `size`, graded exactly `level`, the same for a seed on every machine.
/// Throws solve::InputError for a size out of range, NoPuzzle when no puzzle of that
/// level was found in 20000 tries.
Puzzle generate(int size, Difficulty level, std::uint64_t seed);

/// generate() that gives up (returns false, leaves *out alone) when *cancel becomes true.
bool generate(int size, Difficulty level, std::uint64_t seed, const std::atomic<bool>* cancel,
              Puzzle* out);

/// The puzzle in the course's text format: n rows of digits, a blank line, n rows of n-1
/// horizontal signs, a blank line, n-1 rows of n vertical signs (what parse_puzzle reads).
std::string format_puzzle(const Puzzle& p);

}  // namespace futoshiki
