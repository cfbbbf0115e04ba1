// The renderer against every picture of the instructor's four output files.
#include <catch2/catch.hpp>

#include "ascii_art.hpp"
#include "instructor_file.hpp"
#include "puzzle_reader.hpp"
#include "report.hpp"

using namespace carcassonne;

namespace {

const std::string dir = SOLVE_PUZZLES_DIR "/carcassonne/";

struct Case {
  const char* output;
  const char* puzzle;
};

}  // namespace

TEST_CASE("every instructor picture is redrawn exactly", "[carcassonne][ascii]") {
  const Case cases[] = {{"output3rotations.txt", "puzzle3.txt"},
                        {"output4allrotations.txt", "puzzle4.txt"},
                        {"output5.txt", "puzzle5.txt"},
                        {"output6all.txt", "puzzle6.txt"}};
  int pictures = 0;
  for (const Case& c : cases) {
    INFO(c.output);
    const auto tiles = read_puzzle_file(dir + c.puzzle);
    const std::string text = test::read_text(dir + c.output);
    const auto file = test::parse_output(text);
    REQUIRE(!file.blocks.empty());
    std::string redrawn;
    for (const auto& b : file.blocks) {
      REQUIRE(b.layout.placements.size() == tiles.size());
      CHECK(draw_board(tiles, b.layout, 11) == b.board);
      redrawn += format_solution(tiles, b.layout, 11);
      ++pictures;
    }
    if (file.found) redrawn += format_summary(std::size_t(*file.found));
    CHECK(redrawn == text);  // the whole file, byte for byte
  }
  CHECK(pictures == 10);
}

TEST_CASE("tile pictures follow the size rules", "[carcassonne][ascii]") {
  const Tile cross{{Edge::road, Edge::road, Edge::road, Edge::road}};
  for (int size : {11, 13, 15, 21}) {
    const auto lines = draw_tile(cross, size);
    REQUIRE(lines.size() == std::size_t(size));
    for (const auto& l : lines) CHECK(l.size() == std::size_t(size));
    const int h = (size - 2) / 2;
    const std::string& middle = lines[std::size_t(h + 1)];  // the inner row h
    CHECK(middle.front() == '|');
    CHECK(middle.back() == '|');
    CHECK(middle.substr(1, std::size_t(size - 2)) == std::string(std::size_t(size - 2), '#'));
  }
  const Tile city{{Edge::city, Edge::city, Edge::city, Edge::city}};
  for (const auto& l : draw_tile(city, 11))
    if (l[0] == '|') CHECK(l == "|.........|");
}
