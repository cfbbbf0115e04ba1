// Part B: the biggest square, its XML, and small random sets against a brute force.
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <algorithm>
#include <random>

#include <solve/error.hpp>
#include <solve/search.hpp>
#include "edge_match.hpp"
#include "square_brute_force.hpp"
#include "square_model.hpp"
#include "standard_set.hpp"
#include "tile_xml.hpp"

using namespace carcassonne;
using test::brute_biggest;
using test::valid_square;

namespace {

const std::string dir = SOLVE_PUZZLES_DIR "/carcassonne/square/";

}  // namespace

TEST_CASE("the standard set makes an 8 x 8 square", "[carcassonne][square]") {
  const auto tiles = standard_tiles();
  REQUIRE(tiles.size() == 72);
  const auto r = biggest_square(tiles, {});
  CHECK(r.k == 8);
  CHECK(r.bound == 8);
  CHECK(r.proven);
  CHECK(valid_square(tiles, r));
}

TEST_CASE("hard sets without rotations: proven optimum below floor(sqrt(n))",
          "[carcassonne][square]") {
  const std::pair<const char*, int> sets[] = {
      {"hard16-k3.xml", 3}, {"hard25-k4.xml", 4}, {"hard36-k4.xml", 4}, {"hard49-k5.xml", 5}};
  for (const auto& [file, k] : sets) {
    INFO(file);
    const auto tiles = read_tiles_xml_file(dir + file);
    const auto r = biggest_square(tiles, {false});
    CHECK(r.k == k);
    CHECK(r.k < r.bound);
    CHECK(r.proven);
    CHECK(valid_square(tiles, r));
    // With rotations the same set reaches its bound.
    CHECK(biggest_square(tiles, {true}).k == r.bound);
  }
}

TEST_CASE("a search cut short is not a proof", "[carcassonne][square]") {
  const auto tiles = read_tiles_xml_file(dir + "hard49b-k5.xml");
  SquareOptions o{false};
  o.node_limit = 50;
  const auto r = biggest_square(tiles, o);
  CHECK_FALSE(r.proven);
  CHECK(r.k <= 5);
  CHECK(valid_square(tiles, r));
}

TEST_CASE("random small sets agree with a brute force", "[carcassonne][square][random]") {
  std::mt19937 rng(72);
  const auto all = standard_tiles();
  for (int round = 0; round < test_scale::rounds(60); ++round) {
    auto tiles = all;
    std::shuffle(tiles.begin(), tiles.end(), rng);
    tiles.resize(std::size_t(4 + round % 9));
    const bool rotations = round % 2 == 0;
    INFO("round " << round);
    const auto r = biggest_square(tiles, {rotations});
    CHECK(r.proven);
    CHECK(r.k == brute_biggest(tiles, rotations));
    CHECK(valid_square(tiles, r));
  }
}

TEST_CASE("XML written with positions reads back", "[carcassonne][square][xml]") {
  const auto tiles = standard_tiles();
  const auto r = biggest_square(tiles, {});
  std::vector<const Placement*> placed;
  for (const auto& p : r.placements) placed.push_back(p ? &*p : nullptr);
  const std::string xml = write_tiles_xml(tiles, placed, "k = 8");
  CHECK(xml.find("<!-- k = 8 -->") != std::string::npos);
  CHECK(std::count(xml.begin(), xml.end(), '\n') == 72 + 4);
  CHECK(xml.find("positionX=\"7\" positionY=\"7\"") != std::string::npos);
  const auto back = read_tiles_xml(xml, "out.xml");
  REQUIRE(back.size() == tiles.size());
  for (std::size_t i = 0; i < tiles.size(); ++i)
    CHECK(back[i] == (r.placements[i] ? oriented(tiles[i], *r.placements[i]) : tiles[i]));
}

TEST_CASE("malformed XML is rejected with its place", "[carcassonne][square][xml]") {
  const std::pair<const char*, const char*> cases[] = {
      {"bad_syntax.xml", ":4:3: bad XML: Start-end tags mismatch"},
      {"wrong_root.xml", ":2:1: the root element must be <tiles>, not <tileset>"},
      {"missing_attribute.xml", ":4:3: <tile> without attribute 'bottom'"},
      {"bad_label.xml", ":3:1: left=\"water\": expected field, road or city"},
      {"unknown_element.xml", ":4:1: unexpected element <stone> (expected <tile>)"},
      {"no_tiles.xml", ": no tiles"},
  };
  for (const auto& [file, message] : cases) {
    const std::string path = std::string(SOLVE_TESTDATA_DIR "/carcassonne/") + file;
    INFO(file);
    try {
      read_tiles_xml_file(path);
      FAIL("accepted");
    } catch (const solve::InputError& e) {
      CHECK(std::string(e.what()) == path + message);
    }
  }
}

TEST_CASE("edges_match on cells laid out unlike its table (own masks, x + c views)",
          "[carcassonne][square]") {
  // Values 0..11: three kinds, four turns each. The square model's cells start at the table's
  // first value and share its masks; these start elsewhere, which takes masks of their own.
  const auto tiles = standard_tiles();
  std::vector<Tile> edges;
  for (int v = 0; v < 12; ++v) edges.push_back(tiles[std::size_t(v / 4) * 7].turned(v % 4));
  const auto table = std::make_shared<const ValueEdges>(0, edges);
  const auto pairs = [&](int lo_a, int lo_b, int side) {  // brute force: matching pairs
    std::uint64_t n = 0;
    for (int u = lo_a; u < 12; ++u)
      for (int v = lo_b; v < 12; ++v)
        n += edges[std::size_t(u)][side] == edges[std::size_t(v)][opposite(side)];
    return n;
  };
  for (int side : {int(east), int(south)}) {
    INFO("side " << side);
    solve::Model shifted;  // domains 3..11 and 5..11: bit 0 is not the table's first value
    const solve::Var a = shifted.add_var(3, 11), b = shifted.add_var(5, 11);
    shifted.post(edges_match(a, b, side, table));
    CHECK(solve::count(shifted).stats.solutions == pairs(3, 5, side));

    solve::Model views;  // x + 2 over 1..9 stands for 3..11
    const solve::Var x = views.add_var(1, 9), y = views.add_var(5, 11);
    views.post(edges_match(x + 2, y, side, table));
    CHECK(solve::count(views).stats.solutions == pairs(3, 5, side));
  }
  solve::Model scaled;
  const solve::Var z = scaled.add_var(0, 5), w = scaled.add_var(0, 11);
  CHECK_THROWS_AS(edges_match(2 * z, w, east, table), solve::ModelError);
}
