// Reading puzzle files: the nine course puzzles and the malformed ones in tests/data.
#include <catch2/catch.hpp>

#include <solve/error.hpp>
#include "program.hpp"
#include "puzzle_reader.hpp"

using namespace carcassonne;

TEST_CASE("the nine course puzzles read", "[carcassonne][reader]") {
  const int sizes[] = {4, 9, 4, 8, 8, 9, 9, 10, 13};
  for (int i = 1; i <= 9; ++i) {
    const auto tiles = read_puzzle_file(std::string(SOLVE_PUZZLES_DIR "/carcassonne/puzzle") +
                                        std::to_string(i) + ".txt");
    CHECK(int(tiles.size()) == sizes[i - 1]);
  }
  const auto p5 = read_puzzle_file(SOLVE_PUZZLES_DIR "/carcassonne/puzzle5.txt");
  CHECK(p5[1] == Tile{{Edge::city, Edge::city, Edge::road, Edge::road}});
}

TEST_CASE("legal tiles", "[carcassonne][reader]") {
  using E = Edge;
  CHECK_FALSE(legal(Tile{{E::road, E::city, E::pasture, E::pasture}}));
  CHECK_FALSE(legal(Tile{{E::road, E::city, E::city, E::pasture}}));
  CHECK_FALSE(legal(Tile{{E::road, E::city, E::road, E::city}}));
  CHECK(legal(Tile{{E::road, E::city, E::city, E::city}}));
  CHECK(legal(Tile{{E::city, E::city, E::road, E::road}}));
  CHECK(legal(Tile{{E::road, E::pasture, E::pasture, E::pasture}}));
  CHECK(legal(Tile{{E::road, E::road, E::city, E::pasture}}));
}

TEST_CASE("turning a tile: new north = old west", "[carcassonne][reader]") {
  using E = Edge;
  const Tile t{{E::road, E::city, E::pasture, E::pasture}};
  CHECK(t.turned(1) == Tile{{E::pasture, E::road, E::city, E::pasture}});
  CHECK(t.turned(4) == t);
  std::array<int, 4> turns{};
  CHECK(distinct_turns(Tile{{E::road, E::road, E::road, E::road}}, turns) == 1);
  CHECK(distinct_turns(Tile{{E::road, E::pasture, E::road, E::pasture}}, turns) == 2);
  CHECK(distinct_turns(t, turns) == 4);
}

namespace {

std::string error_of(const std::string& text) {
  try {
    read_puzzle(text, "p.txt");
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("malformed puzzles name the line", "[carcassonne][reader]") {
  CHECK(error_of("tile road road pasture pasture\ntiles road road road road\n") ==
        "p.txt:2: unknown keyword 'tiles' (expected 'tile')");
  CHECK(error_of("\ntile road road pasture\n") ==
        "p.txt:2: a tile has 4 edges (north east south west), found 3");
  CHECK(error_of("tile road road pasture pasture pasture\n")
            .rfind("p.txt:1: a tile has 4 edges", 0) == 0);
  CHECK(error_of("tile road river pasture pasture\n") ==
        "p.txt:1: unknown edge label 'river' (expected pasture, road or city)");
  CHECK(error_of("tile road city pasture pasture\n").rfind("p.txt:1: illegal tile", 0) == 0);
  CHECK(error_of("tile road city road city\n").rfind("p.txt:1: illegal tile", 0) == 0);
  CHECK(error_of("\n\n") == "p.txt: no tiles");
  CHECK(error_of("tile road road pasture pasture \r\n\r\n") == "no error");
}

TEST_CASE("malformed puzzle files are rejected with their line", "[carcassonne][reader]") {
  const std::pair<const char*, const char*> cases[] = {
      {"bad_keyword.txt", ":2: unknown keyword 'tiles' (expected 'tile')"},
      {"bad_edge_count.txt", ":3: a tile has 4 edges (north east south west), found 3"},
      {"bad_label.txt", ":1: unknown edge label 'river' (expected pasture, road or city)"},
      {"illegal_one_road.txt",
       ":2: illegal tile 'road city pasture pasture' (1 road(s) with 1 city edge(s))"},
      {"illegal_opposite.txt",
       ":1: illegal tile 'road city road city' (2 road(s) with 2 city edge(s) on opposite sides)"},
      {"empty.txt", ": no tiles"},
  };
  for (const auto& [file, message] : cases) {
    const std::string path = std::string(SOLVE_TESTDATA_DIR "/carcassonne/") + file;
    INFO(file);
    try {
      read_puzzle_file(path);
      FAIL("accepted");
    } catch (const solve::InputError& e) {
      CHECK(std::string(e.what()) == path + message);
    }
  }
}

namespace {

// The error of read_puzzle_file for a scratch file with this content.
std::string file_error_of(const std::string& name, const std::string& content) {
  try {
    read_puzzle_file(test::scratch_file(name, content));
  } catch (const solve::InputError& e) {
    const std::string what = e.what();
    return what.substr(what.rfind('/') + 1);  // without the scratch folder
  }
  return "no error";
}

}  // namespace

TEST_CASE("hostile puzzle texts are refused in bounded memory", "[carcassonne][reader][limits]") {
  // issue 7 item 7: one 100 MB line cost 2.3 GB, /dev/zero was read until memory ran out.
  // read_puzzle_file reads through cli::read_text_file within text_limits (1 MiB, lines of
  // 1000 bytes); tests/carcassonne/test_cli.cpp checks /dev/zero and the 100 MB line.
  CHECK(file_error_of("long.txt", "tile " + std::string(2000, 'x') + "\n") ==
        "long.txt:1: line longer than 1000 bytes: too long for a carcassonne puzzle");
  CHECK(file_error_of("nul.txt", std::string(5000, '\0')) ==
        "nul.txt:1:1: a NUL byte: not a text file");
  CHECK(file_error_of("large.txt", std::string(text_limits.max_bytes + 1, '\n')) ==
        "large.txt: more than 1 MiB: too large for a carcassonne puzzle");
  CHECK(file_error_of("bom.txt", "\xEF\xBB\xBFtile road road pasture pasture\n") == "no error");
  try {
    read_puzzle_file(SOLVE_TESTDATA_DIR "/carcassonne");
    FAIL("accepted");
  } catch (const solve::InputError& e) {
    CHECK(std::string(e.what()) == SOLVE_TESTDATA_DIR "/carcassonne: is a directory");
  }
}
