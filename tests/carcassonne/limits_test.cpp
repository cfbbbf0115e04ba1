// Hostile sizes and limits (issue 7 items 5, 6, 10): picture sizes, search limits with
// partial answers, tile sets of tens of thousands of tiles, a timeout that counts reading.
#include <catch2/catch.hpp>

#include <chrono>
#include <sstream>
#include <stdexcept>

#include <solve/error.hpp>
#include "ascii_art.hpp"
#include "puzzle_reader.hpp"
#include "report.hpp"
#include "square_model.hpp"
#include "tile_xml.hpp"

using namespace carcassonne;

namespace {

const std::string dir = SOLVE_PUZZLES_DIR "/carcassonne/";

/// An XML set of n copies of one tile, one per line after two header lines.
std::string xml_of(std::size_t n, const std::string& tile_line) {
  std::string text = "<?xml version=\"1.0\"?>\n<tiles>\n";
  for (std::size_t i = 0; i < n; ++i) text += tile_line + "\n";
  return text + "</tiles>\n";
}

std::string error_of(const std::string& text) {
  try {
    read_tiles_xml(text, "t.xml");
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("issue 7 item 5: tile sizes are bounded", "[carcassonne][limits]") {
  // 65537 overflowed int (SIGSEGV), 32769 asked for 4 GB (bad_alloc).
  const Tile cross{{Edge::road, Edge::road, Edge::road, Edge::road}};
  for (int size : {65537, 32769, 101, 9, 12, -11}) {
    INFO(size);
    CHECK_FALSE(valid_tile_size(size));
    CHECK_THROWS_AS(draw_tile(cross, size), std::invalid_argument);
  }
  const auto lines = draw_tile(cross, max_tile_size);
  CHECK(lines.size() == std::size_t(max_tile_size));
  CHECK(lines.back().size() == std::size_t(max_tile_size));
}

TEST_CASE("issue 7 item 6: search limits give a partial answer", "[carcassonne][limits]") {
  const auto tiles = read_puzzle_file(dir + "puzzle9.txt");
  solve::SearchOptions search = default_search();
  search.limits.max_nodes = 2000;  // the whole search takes 22.5 k nodes
  std::ostringstream out;
  const SequenceResult r = write_sequence_answer(out, tiles, {true, 0, 0}, true, 11, search);
  CHECK_FALSE(r.complete());
  CHECK(r.search.stop == solve::StopReason::node_limit);
  CHECK(r.maps > 0);
  CHECK(r.maps < 378);
  const std::string text = out.str();
  CHECK(text.ends_with(format_partial(r.maps, solve::StopReason::node_limit)));
  CHECK(text.find("Found") == std::string::npos);
  // No map yet: a partial line, not "No Solutions."
  search.limits.max_nodes = 3;
  std::ostringstream none;
  const SequenceResult first = write_sequence_answer(none, tiles, {true, 0, 0}, false, 11, search);
  CHECK(first.maps == 0);
  CHECK(none.str() ==
        "Partial: 0 Solution(s) found; stopped by the node limit (--max-nodes) before the search "
        "was complete.\n");
  // Stopping after the first map on purpose is complete.
  search.limits.max_nodes = 0;
  const SequenceResult one = write_sequence_answer(none, tiles, {true, 0, 0}, false, 11, search);
  CHECK(one.maps == 1);
  CHECK(one.complete());
}

TEST_CASE("issue 7 item 10: a tile set of 40 000 tiles reads (linear reader)",
          "[carcassonne][limits]") {
  // Each tile used to count the newlines from the start of the file: 50 s for this set.
  const std::string line = "  <tile left=\"city\" right=\"field\" top=\"field\" bottom=\"city\"/>";
  CHECK(read_tiles_xml(xml_of(40000, line), "t.xml").size() == 40000);
  // Positions in messages are still exact, at the end of a long file too.
  std::string text = xml_of(40000, line);
  text.replace(text.rfind("left=\"city\""), 11, "left=\"sea\"");
  CHECK(error_of(text) == "t.xml:40002:3: left=\"sea\": expected field, road or city");
  CHECK(error_of(xml_of(1, line) + "<tile/>\n") ==
        "t.xml:5:1: <tile> after the root element <tiles>");
  CHECK(error_of("<!-- nothing -->") == "t.xml:1:17: bad XML: No document element found");
  CHECK(error_of(xml_of(max_xml_tiles + 1, line)).find("too many tiles (at most 50000)") !=
        std::string::npos);
}

TEST_CASE("the square's timeout counts from the options' clock (reading included)",
          "[carcassonne][limits]") {
  const std::string line = "  <tile left=\"city\" right=\"field\" top=\"field\" bottom=\"city\"/>";
  const auto tiles = read_tiles_xml(xml_of(400, line), "t.xml");
  SquareOptions o;
  o.timeout = 1;
  o.started = std::chrono::steady_clock::now() - std::chrono::seconds(2);  // reading took it all
  const SquareResult r = biggest_square(tiles, o);
  CHECK(r.k == 0);
  CHECK_FALSE(r.proven);
  CHECK(r.stats.nodes == 0);
  o.started = std::chrono::steady_clock::now();
  o.timeout = 0;
  const SquareResult full = biggest_square(tiles, o);
  CHECK(full.k == 20);  // corners make 2 x 2 rings, rings make any even square
  CHECK(full.proven);
}
