#pragma once
// How many random rounds a test runs. The sanitizer and thread-sanitizer legs of scripts/test
// run 5-20x slower than Release and the CI has a time budget, so they set SOLVE_TEST_SCALE
// (a number in (0, 1]) and the random loops run that share of their rounds: the same seeds,
// the first rounds of the same sequence. A count a test requires of its rounds (instances with
// a solution, say) is scaled alike. Release runs everything (no variable, or 1).
#include <algorithm>
#include <cstdlib>
#include <string>

namespace test_scale {

/// The scale of SOLVE_TEST_SCALE: 1 when unset or not a number in (0, 1].
inline double scale() {
  static const double value = [] {
    const char* text = std::getenv("SOLVE_TEST_SCALE");
    if (!text) return 1.0;
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    return end != text && *end == '\0' && v > 0 && v <= 1 ? v : 1.0;
  }();
  return value;
}

/// The number of rounds to run of a loop of n (at least 1).
inline int rounds(int n) { return std::max(1, int(n * scale())); }

/// A lower bound `n` that a test asserts of a full run, scaled to the rounds run; at least 1
/// when n is, so that the check can still fail on the share run.
inline int scaled(int n) { return n > 0 ? std::max(1, int(n * scale())) : n; }

}  // namespace test_scale
