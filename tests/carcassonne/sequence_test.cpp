// Part A: the course's figures, the instructor's solution sets, and random puzzles against
// the brute-force reference.
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <set>

#include <solve/model.hpp>
#include "brute_force.hpp"
#include "instructor_file.hpp"
#include "map_key.hpp"
#include "puzzle_reader.hpp"
#include "random_puzzles.hpp"
#include "report.hpp"
#include "sequence_constraints.hpp"
#include "sequence_model.hpp"

using namespace carcassonne;

namespace {

const std::string dir = SOLVE_PUZZLES_DIR "/carcassonne/";

std::vector<Layout> maps_of(const std::vector<Tile>& tiles, const SequenceOptions& o) {
  std::vector<Layout> maps;
  solve_sequence(tiles, o, true, [&](const Layout& l) {
    maps.push_back(l);
    return true;
  });
  return maps;
}

std::set<MapKey> keys(const std::vector<Tile>& tiles, const std::vector<Layout>& maps, bool turns) {
  std::set<MapKey> k;
  for (const Layout& l : maps) k.insert(map_key(tiles, l, turns));
  return k;
}

bool fits(const Layout& l, const SequenceOptions& o) {
  return o.rows == 0 || (l.rows() <= o.rows && l.cols() <= o.cols);
}

}  // namespace

TEST_CASE("the course's figures", "[carcassonne][sequence]") {
  struct Figure {
    int puzzle, rows, cols;
    bool rotations;
    std::size_t maps;
  };
  const Figure figures[] = {
      {1, 2, 2, false, 1},
      {2, 3, 3, false, 1},
      {3, 2, 2, false, 0},
      {3, 2, 2, true, 1},
      {4, 4, 4, true, 4},
      {5, 4, 3, false, 1},
      {5, 4, 3, true, 1},
      {6, 4, 4, false, 4},
      {6, 0, 0, true, 7},
      {7, 0, 0, false, 8},
      {7, 0, 0, true, 60},
      {8, 0, 0, false, 1},
      {8, 0, 0, true, 23},
      {9, 0, 0, false, 9},
      {9, 0, 0, true, 378},
      // the same without board limits
      {1, 0, 0, false, 1},
      {2, 0, 0, false, 1},
      {3, 0, 0, false, 0},
      {3, 0, 0, true, 1},
      {4, 0, 0, true, 4},
      {5, 0, 0, false, 1},
      {5, 0, 0, true, 1},
      {6, 0, 0, false, 4},
  };
  for (const Figure& f : figures) {
    INFO("puzzle" << f.puzzle << " " << f.rows << "x" << f.cols
                  << (f.rotations ? " rotations" : ""));
    const auto tiles = read_puzzle_file(dir + "puzzle" + std::to_string(f.puzzle) + ".txt");
    const SequenceOptions o{f.rotations, f.rows, f.cols};
    const auto maps = maps_of(tiles, o);
    CHECK(maps.size() == f.maps);
    CHECK(keys(tiles, maps, f.rotations).size() == maps.size());
    for (const Layout& l : maps) CHECK(fits(l, o));
  }
}

TEST_CASE("the instructor's solutions are exactly ours", "[carcassonne][sequence]") {
  struct Case {
    const char* output;
    int puzzle, rows, cols;
    bool rotations;
  };
  const Case cases[] = {{"output3rotations.txt", 3, 2, 2, true},
                        {"output4allrotations.txt", 4, 4, 4, true},
                        {"output5.txt", 5, 4, 3, false},
                        {"output6all.txt", 6, 4, 4, false}};
  for (const Case& c : cases) {
    INFO(c.output);
    const auto tiles = read_puzzle_file(dir + "puzzle" + std::to_string(c.puzzle) + ".txt");
    const auto file = test::parse_output(test::read_text(dir + c.output));
    std::vector<Layout> theirs;
    for (const auto& b : file.blocks) theirs.push_back(b.layout);
    const auto ours = maps_of(tiles, {c.rotations, c.rows, c.cols});
    CHECK(keys(tiles, ours, c.rotations) == keys(tiles, theirs, c.rotations));
    // Each of their pictures is one of ours, drawn the same once turned/moved like theirs.
    for (const auto& b : file.blocks) {
      bool found = false;
      for (const Layout& l : ours) {
        Layout t = l.normalised();
        for (int q = 0; q < (c.rotations ? 4 : 1) && !found; ++q, t = t.turned())
          found = format_solution(tiles, t, 11).find([&] {
            std::string s;
            for (const auto& line : b.board) {
              s += line;
              s += '\n';
            }
            return s;
          }()) != std::string::npos;
      }
      CHECK(found);
    }
  }
}

TEST_CASE("random small puzzles agree with the brute force", "[carcassonne][sequence][random]") {
  std::mt19937 rng(20260422);
  int cases = 0, solvable = 0;
  for (int round = 0; round < test_scale::rounds(160); ++round) {
    const bool rotations = round % 2 == 1;
    const int n = 1 + (round / 2) % 7;
    const auto tiles = test::random_puzzle(rng, n, rotations);
    SequenceOptions o{rotations, 0, 0};
    if (round % 3 == 0) {
      o.rows = std::uniform_int_distribution<int>(1, 4)(rng);
      o.cols = std::uniform_int_distribution<int>(1, 4)(rng);
    }
    INFO("round " << round);
    const auto reference = test::brute_force_maps(tiles, {o.rotations, o.rows, o.cols});
    const auto ours = maps_of(tiles, o);
    CHECK(keys(tiles, ours, rotations) == keys(tiles, reference, rotations));
    CHECK(ours.size() == reference.size());
    ++cases;
    solvable += !reference.empty();
  }
  CHECK(cases >= test_scale::scaled(100));
  CHECK(solvable >= test_scale::scaled(40));
}

TEST_CASE("a picture table that forgets at once changes no map",
          "[carcassonne][sequence][random]") {
  // picture_table_bytes bounds the memory of skip_equivalent_states (c-past12 grew to 235 MB);
  // at 1 byte it forgets after every state: more nodes, the same maps.
  std::mt19937 rng(11);
  for (int round = 0; round < test_scale::rounds(40); ++round) {
    const bool rotations = round % 2 == 1;
    const auto tiles = test::random_puzzle(rng, 3 + round % 5, rotations);
    SequenceOptions o{rotations, 0, 0};
    o.picture_table_bytes = 1;
    INFO("round " << round);
    const auto reference = test::brute_force_maps(tiles, {rotations, 0, 0});
    CHECK(keys(tiles, maps_of(tiles, o), rotations) == keys(tiles, reference, rotations));
  }
  const auto tiles = read_puzzle_file(dir + "puzzle9.txt");
  SequenceOptions tiny{true, 0, 0};
  tiny.picture_table_bytes = 1;
  CHECK(maps_of(tiles, tiny).size() == 378);
}

TEST_CASE("program output matches the golden files byte for byte",
          "[carcassonne][sequence][golden]") {
  struct Golden {
    const char* file;
    int puzzle, rows, cols;
    bool rotations, all;
    int size;
  };
  const std::string golden = SOLVE_TESTDATA_DIR "/carcassonne/golden/";
  const Golden cases[] = {
      {"puzzle9_all.txt", 9, 0, 0, false, true, 11},
      {"puzzle2_size13.txt", 2, 0, 0, false, false, 13},
      {"puzzle8_all_rot_size15.txt", 8, 0, 0, true, true, 15},
      {"puzzle3_none.txt", 3, 0, 0, false, false, 11},
  };
  for (const Golden& g : cases) {
    INFO(g.file);
    const auto tiles = read_puzzle_file(dir + "puzzle" + std::to_string(g.puzzle) + ".txt");
    CHECK(sequence_output(tiles, {g.rotations, g.rows, g.cols}, g.all, g.size) ==
          test::read_text(golden + g.file));
  }
  // The instructor's single-solution file for puzzle5 (4 x 3), which has one map.
  const auto tiles = read_puzzle_file(dir + "puzzle5.txt");
  CHECK(sequence_output(tiles, {false, 4, 3}, false, 11) == test::read_text(dir + "output5.txt"));
}

TEST_CASE("the sequence constraints refuse views as tile variables", "[carcassonne][sequence]") {
  // They read the tile variables as plain variables (no scale or offset) for speed.
  const Grid g{5, 5};
  solve::Model m;
  const std::vector<solve::Var> plain = m.add_vars(2, 0, g.cells() * 4 - 1);
  const std::vector<Tile> tiles(2);
  CHECK_NOTHROW(play_order(g, tiles, plain, 0));
  CHECK_NOTHROW(closed_map(g, tiles, plain, true));
  CHECK_NOTHROW(bounding_box(g, 2, 2, plain));
  const std::vector<solve::Var> shifted{plain[0], plain[1] + 4};
  CHECK_THROWS_AS(play_order(g, tiles, shifted, 0), std::invalid_argument);
  CHECK_THROWS_AS(closed_map(g, tiles, shifted, true), std::invalid_argument);
  CHECK_THROWS_AS(bounding_box(g, 2, 2, shifted), std::invalid_argument);
}
