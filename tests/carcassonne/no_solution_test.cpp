// Proofs of "No Solutions." (sequence_proofs.hpp, edge_counts.hpp): the inputs of issue 7
// item 6 answered without search, each argument on a small example, and random tile sets
// against the brute force (a proof never hides a map; search with the counting look-ahead
// finds the same maps).
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <random>
#include <set>

#include "brute_force.hpp"
#include "map_key.hpp"
#include "puzzle_reader.hpp"
#include "random_puzzles.hpp"
#include "sequence_model.hpp"
#include "sequence_proofs.hpp"

using namespace carcassonne;

namespace {

const std::string data = SOLVE_TESTDATA_DIR "/carcassonne/";

Tile tile(Edge n, Edge e, Edge s, Edge w) { return Tile{{n, e, s, w}}; }
constexpr Edge P = Edge::pasture, R = Edge::road, C = Edge::city;

std::vector<Tile> repeat(const Tile& t, int n) { return std::vector<Tile>(std::size_t(n), t); }

std::vector<Tile> operator+(std::vector<Tile> a, const std::vector<Tile>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::set<MapKey> keys(const std::vector<Tile>& tiles, const std::vector<Layout>& maps, bool turns) {
  std::set<MapKey> k;
  for (const Layout& l : maps) k.insert(map_key(tiles, l, turns));
  return k;
}

}  // namespace

TEST_CASE("issue 7 item 6: the slow no-solution inputs are proven without search",
          "[carcassonne][proof]") {
  // Before: c-past12 25 s and 235 MB; 14 + 1 tiles over 100 s; 100 all-city tiles over 60 s.
  for (const char* file : {"c-past12.txt", "c-past14.txt", "city100.txt", "past12-2straight.txt"})
    for (bool rotations : {false, true}) {
      INFO(file << (rotations ? " with rotations" : ""));
      const auto tiles = read_puzzle_file(data + file);
      const SequenceResult r =
          solve_sequence(tiles, {rotations, 0, 0}, true, [](const Layout&) { return true; });
      CHECK(r.maps == 0);
      CHECK(r.complete());
      CHECK_FALSE(r.proof.empty());
      CHECK(r.search.stats.nodes == 0);
    }
}

TEST_CASE("each counting argument on a small example", "[carcassonne][proof]") {
  const auto proof = [](const std::vector<Tile>& tiles, SequenceOptions o) {
    return no_solution_proof(tiles, o).value_or("");
  };
  const auto pasture = repeat(tile(P, P, P, P), 3);
  // too many tiles for the board
  CHECK(proof(pasture, {false, 1, 2}) == "3 tiles do not fit on a 1 x 2 board");
  CHECK(proof(pasture, {false, 1, 3}).empty());
  // an odd number of road edges
  CHECK(proof(pasture + repeat(tile(R, P, P, P), 1), {true, 0, 0}).find("1 road edges in all") !=
        std::string::npos);
  // without rotations, north roads meet south roads
  const auto two_north_ends = pasture + repeat(tile(R, P, P, P), 2);
  CHECK(
      proof(two_north_ends, {false, 0, 0}).find("2 tile(s) have a road on the north side but 0") ==
      0);
  CHECK(proof(two_north_ends, {true, 0, 0}).empty());  // turned, they can face each other
  // roads that cannot end form loops: four bends needed
  CHECK(proof(pasture + repeat(tile(R, P, R, P), 2), {true, 0, 0}).find("loops") !=
        std::string::npos);
  CHECK(proof(repeat(tile(P, R, R, P), 4), {true, 0, 0}).empty());  // four bends make a ring
  // without rotations a loop bends each way: an east-south and a west-north bend are not enough
  const std::vector<Tile> two_bends{tile(P, C, C, P), tile(C, P, P, C)};
  CHECK(proof(two_bends, {false, 0, 0}).find("loops") != std::string::npos);
  // the outline is pasture
  CHECK(proof(repeat(tile(C, C, C, C), 100), {true, 0, 0}).find("outline") != std::string::npos);
  CHECK(proof(repeat(tile(C, C, C, C), 100), {false, 0, 0}).find("every column") == 0);
  // a 2 x 2 ring of city corners: outline 8, exactly the pasture there is
  const std::vector<Tile> ring{tile(P, C, C, P), tile(P, P, C, C), tile(C, P, P, C),
                               tile(C, C, P, P)};
  CHECK(proof(ring, {false, 0, 0}).empty());
  CHECK(proof(ring, {false, 1, 4}).find("every column") == 0);  // one row holds one tile
}

TEST_CASE("random tile sets: proofs and search agree with the brute force",
          "[carcassonne][proof][random]") {
  std::mt19937 rng(7);
  int proven = 0, none = 0, some = 0;
  for (int round = 0; round < test_scale::rounds(600); ++round) {
    const bool rotations = round % 2 == 1;
    const int n = 1 + (round / 2) % 6;
    std::vector<Tile> tiles;
    if (round % 3 == 0) {
      tiles = test::random_puzzle(rng, n, rotations);  // mostly solvable
    } else {
      while (int(tiles.size()) < n) {  // any legal tiles: mostly not
        Tile t;
        for (Edge& e : t.edges)
          e = Edge(std::uniform_int_distribution<int>(0, round % 3 == 1 ? 1 : 2)(rng));
        if (legal(t)) tiles.push_back(t);
      }
    }
    SequenceOptions o{rotations, 0, 0};
    if (round % 4 == 0) {
      o.rows = std::uniform_int_distribution<int>(1, 3)(rng);
      o.cols = std::uniform_int_distribution<int>(1, 3)(rng);
    }
    INFO("round " << round);
    const auto reference = test::brute_force_maps(tiles, {o.rotations, o.rows, o.cols});
    const auto why = no_solution_proof(tiles, o);
    if (why) {
      INFO(*why);
      CHECK(reference.empty());
      ++proven;
    }
    std::vector<Layout> ours;
    solve_sequence(tiles, o, true, [&](const Layout& l) {
      ours.push_back(l);
      return true;
    });
    CHECK(keys(tiles, ours, rotations) == keys(tiles, reference, rotations));
    o.counting = false;  // the plain search agrees too
    std::vector<Layout> plain;
    solve_sequence(tiles, o, true, [&](const Layout& l) {
      plain.push_back(l);
      return true;
    });
    CHECK(keys(tiles, plain, rotations) == keys(tiles, reference, rotations));
    (reference.empty() ? none : some) += 1;
  }
  CHECK(some >= test_scale::scaled(100));
  CHECK(none >= test_scale::scaled(200));
  CHECK(proven >= test_scale::scaled(100));  // the proofs do answer many of them
}
