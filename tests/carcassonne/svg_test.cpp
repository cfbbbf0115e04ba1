// The SVG picture: well-formed, one group per tile with its number, the game's colours.
#include <catch2/catch.hpp>

#include <pugixml.hpp>

#include "puzzle_reader.hpp"
#include "sequence_model.hpp"
#include "svg.hpp"

using namespace carcassonne;

TEST_CASE("the SVG of puzzle5 shows every tile", "[carcassonne][svg]") {
  const auto tiles = read_puzzle_file(SOLVE_PUZZLES_DIR "/carcassonne/puzzle5.txt");
  Layout first;
  solve_sequence(tiles, {false, 4, 3}, false, [&](const Layout& l) {
    first = l;
    return true;
  });
  REQUIRE(first.placements.size() == tiles.size());
  const std::string svg = svg_picture(tiles, first);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(svg.c_str()));
  const auto root = doc.child("svg");
  CHECK(root.attribute("width").as_int() == 100 * first.cols());
  CHECK(root.attribute("height").as_int() == 100 * first.rows());
  int groups = 0, abbeys = 0, cities = 0, roads = 0;
  for (const auto g : root.children("g")) {
    ++groups;
    CHECK(std::string(g.attribute("id").value()) == "tile" + std::to_string(groups));
    CHECK(g.child("text").text().as_int() == groups);  // the tile's number
    CHECK(std::string(g.child("rect").attribute("fill").value()) == "#5a9e3a");  // pasture
    for (const auto p : g.children("polygon")) {
      const std::string fill = p.attribute("fill").value();
      cities += fill == "#8b5a2b";
      abbeys += fill == "#b03020";  // the roof
    }
    for (const auto n : g.children())
      roads += std::string(n.attribute("stroke").value()) == "black" &&
               std::string(n.name()) != "rect" && std::string(n.name()) != "polygon";
  }
  CHECK(groups == int(tiles.size()));
  int abbey_tiles = 0, city_edges = 0;
  for (const Tile& t : tiles) {
    abbey_tiles += t.abbey();
    city_edges += t.count(Edge::city);
  }
  CHECK(abbeys == abbey_tiles);
  CHECK(cities == city_edges);  // one wedge per city edge
  CHECK(roads > 0);
}
