// The longer figures (a fraction of a second to a few seconds in a Release build; labelled
// `slow`, so the sanitizer run leaves them out).
#include <string>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "solver.hpp"

using namespace stenen;

namespace {

CountResult count(const std::string& name, int rows, int cols, Counting c,
                  Method m = Method::fast) {
  const Puzzle p = read_puzzle(std::string(SOLVE_PUZZLES_DIR) + "/" + name);
  Board b(p, rows ? rows : p.rows, cols ? cols : p.cols);
  return count_solutions(b, RunOptions{m, c, 1, {}});
}

}  // namespace

TEST_CASE("the twelve pentominoes: 6x10, 5x12, 4x15", "[stenen][figures][slow]") {
  CHECK(count("stenen/stenen2.in", 6, 10, Counting::labelled).solutions == 9356);
  CHECK(count("stenen/stenen2.in", 6, 10, Counting::unique).solutions == 2339);
  CHECK(count("stenen/stenen2.in", 10, 6, Counting::identical).solutions == 9356);
  CHECK(count("stenen/stenen2.in", 5, 12, Counting::labelled).solutions == 4040);
  CHECK(count("stenen/stenen2.in", 5, 12, Counting::unique).solutions == 1010);
  CHECK(count("stenen/stenen2.in", 4, 15, Counting::labelled).solutions == 1472);
  CHECK(count("stenen/stenen2.in", 4, 15, Counting::unique).solutions == 368);
  // The statement's smart search agrees.
  CHECK(count("stenen/stenen2.in", 4, 15, Counting::unique, Method::smart).solutions == 368);
}

TEST_CASE("cap_puzzle aaguilerav, corrected: 336588 solutions, 84147 unique",
          "[stenen][figures][slow]") {
  const CountResult r =
      count("cap_puzzle/aaguilerav_puzzle_solver_fixed.cfg", 0, 0, Counting::labelled);
  CHECK(r.solutions == 336588);
  CHECK(r.unique == 84147u);
}

TEST_CASE("a 1000x1000 stone on its board: one solution (issue 22 item 8)",
          "[stenen][figures][slow]") {
  // More than 400 s before the breaker's images were matched in linear time; about 2 s now.
  std::string text = "1\n1000 1000\n";
  for (int r = 0; r < 1000; ++r) text += std::string(1000, 'X') + "\n";
  const Puzzle p = parse_puzzle(text, "block.in", Limits{false});
  const Board b(p, 1000, 1000);
  const CountResult r = count_solutions(b, RunOptions{});
  CHECK(r.complete);
  CHECK(r.solutions == 1);
  CHECK(r.positions == 1);
}
