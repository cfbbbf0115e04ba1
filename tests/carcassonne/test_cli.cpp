// Command-line handling: course spellings, bad flags and values exit 2.
#include <catch2/catch.hpp>

#include "cli.hpp"

using namespace carcassonne;

namespace {
const std::string puzzle1 = SOLVE_PUZZLES_DIR "/carcassonne/puzzle1.txt";
}

TEST_CASE("single-dash course options become long options", "[carcassonne][cli]") {
  const auto out = double_dash({"p.txt", "-all_solutions", "-board_dimensions", "2", "3", "-x", "--allow_rotations"},
                               {"all_solutions", "board_dimensions", "allow_rotations"});
  CHECK(out == std::vector<std::string>{"p.txt", "--all_solutions", "--board_dimensions", "2", "3", "-x",
                                        "--allow_rotations"});
}

TEST_CASE("bad values and flags exit 2", "[carcassonne][cli]") {
  CHECK(run_sequence({puzzle1, "-tile_size", "12"}) == 2);
  CHECK(run_sequence({puzzle1, "-tile_size", "9"}) == 2);
  CHECK(run_sequence({puzzle1, "-board_dimensions", "0", "3"}) == 2);
  CHECK(run_sequence({puzzle1, "-board_dimensions", "3"}) == 2);
  CHECK(run_sequence({puzzle1, "--bogus"}) == 2);
  CHECK(run_sequence({}) == 2);
  CHECK(run_square({"--timeout", "-1"}) == 2);
  CHECK(run_square({"--timeout", "soon"}) == 2);
}
