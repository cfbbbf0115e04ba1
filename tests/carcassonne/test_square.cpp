// Part B: the biggest square, its XML, and small random sets against a brute force.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "solve/error.hpp"
#include "square_model.hpp"
#include "standard_set.hpp"
#include "tile_xml.hpp"

using namespace carcassonne;

namespace {

const std::string dir = SOLVE_PUZZLES_DIR "/carcassonne/square/";

/// The placed tiles form a k x k square whose touching edges match.
bool valid_square(const std::vector<Tile>& tiles, const SquareResult& r) {
  std::map<std::pair<int, int>, Tile> cells;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const auto& p = r.placements[i];
    if (!p) continue;
    if (p->row < 0 || p->row >= r.k || p->col < 0 || p->col >= r.k) return false;
    if (!cells.emplace(std::pair{p->row, p->col}, oriented(tiles[i], *p)).second) return false;
  }
  if (int(cells.size()) != r.k * r.k) return false;
  for (const auto& [c, t] : cells) {
    const auto right = cells.find({c.first, c.second + 1});
    const auto below = cells.find({c.first + 1, c.second});
    if (right != cells.end() && right->second[west] != t[east]) return false;
    if (below != cells.end() && below->second[north] != t[south]) return false;
  }
  return true;
}

/// Brute force: is there a k x k square? Fills cells row by row with unused tiles.
bool brute_square(const std::vector<Tile>& tiles, int k, bool rotations, std::vector<Tile>& grid,
                  std::vector<bool>& used) {
  const int i = int(grid.size());
  if (i == k * k) return true;
  for (std::size_t t = 0; t < tiles.size(); ++t) {
    if (used[t]) continue;
    for (int q = 0; q < (rotations ? 4 : 1); ++q) {
      const Tile o = tiles[t].turned(q);
      if (i % k > 0 && grid[std::size_t(i - 1)][east] != o[west]) continue;
      if (i >= k && grid[std::size_t(i - k)][south] != o[north]) continue;
      used[t] = true;
      grid.push_back(o);
      const bool found = brute_square(tiles, k, rotations, grid, used);
      grid.pop_back();
      used[t] = false;
      if (found) return true;
    }
  }
  return false;
}

int brute_biggest(const std::vector<Tile>& tiles, bool rotations) {
  for (int k = int(std::sqrt(double(tiles.size()))); k >= 1; --k) {
    std::vector<Tile> grid;
    std::vector<bool> used(tiles.size(), false);
    if (brute_square(tiles, k, rotations, grid, used)) return k;
  }
  return 0;
}

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

TEST_CASE("hard sets without rotations: proven optimum below floor(sqrt(n))", "[carcassonne][square]") {
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
  for (int round = 0; round < 60; ++round) {
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
