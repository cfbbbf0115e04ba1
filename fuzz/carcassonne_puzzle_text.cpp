// Fuzzes the reader of carcassonne tile-sequence puzzles (`tile N E S W` lines).
// seeds: puzzles/carcassonne tests/data/carcassonne
//
// Oracles beyond "no crash":
//  - an accepted puzzle has 1..max_tiles legal tiles, and written back as text reads the same;
//  - every map the solver reports is a valid map (cells distinct, touching edges equal, no
//    road or city edge open, a play order exists: each tile touches an earlier one, within
//    the board), reported once;
//  - up to 6 tiles: the maps are exactly the brute force's (tests/carcassonne/brute_force);
//  - the counting proofs never claim "No Solutions." for a puzzle the search solves, and the
//    search with and without the counting arguments agrees (within a node limit).
// Options (rotations, board) come from a hash of the input, so the corpus explores them too.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include <solve/error.hpp>

#include "map_key.hpp"
#include "puzzle_reader.hpp"
#include "sequence_model.hpp"
#include "sequence_proofs.hpp"

// The test suite's independent reference (plain recursion, no libsolve), compiled in here:
// fuzz/CMakeLists.txt gives each harness one source file.
#include "../tests/carcassonne/brute_force.cpp"

namespace {

using namespace carcassonne;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

std::string as_text(const std::vector<Tile>& tiles) {
  std::string text;
  for (const Tile& t : tiles) {
    text += "tile";
    for (Edge e : t.edges) (text += ' ') += edge_name(e);
    text += '\n';
  }
  return text;
}

/// An independent check of one map (normalised layout).
bool valid_map(const std::vector<Tile>& tiles, const Layout& l, const SequenceOptions& o) {
  constexpr int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
  if (l.placements.size() != tiles.size()) return false;
  std::map<std::pair<int, int>, std::size_t> at;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Placement& p = l.placements[i];
    if (p.turn < 0 || p.turn > 3 || (!o.rotations && p.turn != 0)) return false;
    if (!at.emplace(std::pair{p.row, p.col}, i).second) return false;
  }
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Placement& p = l.placements[i];
    const Tile t = oriented(tiles[i], p);
    bool touches_earlier = i == 0;
    for (int s = 0; s < 4; ++s) {
      const auto n = at.find({p.row + dr[s], p.col + dc[s]});
      if (n == at.end()) {
        if (t[s] != Edge::pasture) return false;  // open road or city
        continue;
      }
      if (oriented(tiles[n->second], l.placements[n->second])[opposite(s)] != t[s]) return false;
      touches_earlier = touches_earlier || n->second < i;
    }
    if (!touches_earlier) return false;
  }
  if (o.rows > 0) {
    const bool fits = l.rows() <= o.rows && l.cols() <= o.cols;
    const bool fits_turned = o.rotations && l.rows() <= o.cols && l.cols() <= o.rows;
    if (!fits && !fits_turned) return false;
  }
  return true;
}

struct Found {
  std::set<MapKey> keys;
  SequenceResult result;
};

Found maps_found(const std::vector<Tile>& tiles, const SequenceOptions& o,
                 std::uint64_t max_nodes) {
  solve::SearchOptions search = default_search();
  search.limits.max_nodes = max_nodes;
  Found f;
  f.result = solve_sequence(
      tiles, o, true,
      [&](const Layout& l) {
        if (!valid_map(tiles, l, o)) fail("the solver reported an invalid map");
        if (!f.keys.insert(map_key(tiles, l, o.rotations)).second)
          fail("the solver reported a map twice");
        return true;
      },
      search);
  return f;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<Tile> tiles;
  try {
    tiles = read_puzzle(text, "fuzz");
  } catch (const solve::InputError&) {
    return 0;  // rejected with a message: fine
  }
  if (tiles.empty() || tiles.size() > std::size_t(max_tiles))
    fail("accepted an empty or oversized puzzle");
  for (const Tile& t : tiles)
    if (!legal(t)) fail("accepted an illegal tile");
  if (read_puzzle(as_text(tiles), "written") != tiles)
    fail("written text reads back as another puzzle");

  std::uint64_t h = 1469598103934665603ull;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 1099511628211ull;
  SequenceOptions o;
  o.rotations = h & 1;
  if (h & 2) {
    o.rows = 1 + int(h >> 8 & 3);
    o.cols = 1 + int(h >> 16 & 3);
  }
  const std::size_t n = tiles.size();
  if (n > 30) return 0;  // the oracles below search: keep each run well under a second (ASan)

  const Found with = maps_found(tiles, o, 4000);
  const auto proof = no_solution_proof(tiles, o);
  if (proof && (with.result.maps > 0 || with.result.proof.empty()))
    fail("a proof and the search disagree");
  SequenceOptions plain_o = o;
  plain_o.counting = false;
  const Found plain = maps_found(tiles, plain_o, 4000);
  if (proof && !plain.keys.empty()) fail("the counting proof hid a map the plain search finds");
  if (with.result.complete() && plain.result.complete() && with.keys != plain.keys)
    fail("the search with and without the counting arguments finds different maps");
  if (with.result.complete() && !plain.result.complete())
    for (const MapKey& k : plain.keys)
      if (!with.keys.count(k)) fail("the counting arguments lost a map");

  if (n <= 6) {
    std::set<MapKey> reference;
    for (const Layout& l : test::brute_force_maps(tiles, {o.rotations, o.rows, o.cols}))
      reference.insert(map_key(tiles, l, o.rotations));
    if (with.result.complete() && with.keys != reference)
      fail("the maps differ from the brute force");
  }
  return 0;
}
