// Fuzzes the reader of carcassonne tile sets in XML (`<tiles><tile left= right= top= bottom=/>`).
// seeds: puzzles/carcassonne/square tests/data/carcassonne
//
// Oracles beyond "no crash":
//  - an accepted set has 1..max_xml_tiles tiles and written back as XML reads the same;
//  - up to 12 tiles, the biggest square found is a valid square; written with its positions,
//    the XML reads back as the tiles as placed;
//  - up to 8 tiles, the side equals the brute force's (tests/carcassonne/square_brute_force)
//    when the search was not cut short, with and without rotations.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <solve/error.hpp>

#include "square_model.hpp"
#include "tile_xml.hpp"

// The test suite's independent reference, compiled in here: fuzz/CMakeLists.txt gives each
// harness one source file.
#include "../tests/carcassonne/square_brute_force.cpp"

namespace {

using namespace carcassonne;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

std::vector<Tile> reads_back(const std::string& xml) {
  try {
    return read_tiles_xml(xml, "written");
  } catch (const solve::InputError&) {
    fail("written XML does not read back");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<Tile> tiles;
  try {
    tiles = read_tiles_xml(text, "fuzz");
  } catch (const solve::InputError&) {
    return 0;  // rejected with a message: fine
  }
  if (tiles.empty() || tiles.size() > max_xml_tiles) fail("accepted an empty or oversized set");
  if (reads_back(write_tiles_xml(tiles, {}, "comment -- with dashes")) != tiles)
    fail("written XML reads back as another set");
  if (tiles.size() > 12) return 0;

  for (bool rotations : {false, true}) {
    SquareOptions o;
    o.rotations = rotations;
    o.node_limit = 5000;
    const SquareResult r = biggest_square(tiles, o);
    if (r.k < 1 || !test::valid_square(tiles, r)) fail("the square found is not a valid square");
    std::vector<const Placement*> placed;
    for (const auto& p : r.placements) placed.push_back(p ? &*p : nullptr);
    const auto back = reads_back(write_tiles_xml(tiles, placed, "k"));
    for (std::size_t i = 0; i < tiles.size(); ++i)
      if (back[i] != (r.placements[i] ? oriented(tiles[i], *r.placements[i]) : tiles[i]))
        fail("the XML with positions does not read back as the tiles placed");
    if (tiles.size() <= 8 && r.proven && r.k != test::brute_biggest(tiles, rotations))
      fail("the biggest square differs from the brute force");
  }
  return 0;
}
