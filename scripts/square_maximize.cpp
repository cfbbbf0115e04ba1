// square-maximize: the biggest square of `carcassonne square` as ONE model solved by
// Model::maximize over the side k, to time it against the CLI's climb of solve_first calls
// (apps/carcassonne/square_model.cpp says why the CLI climbs; scripts/bench square-maximize
// times both). A bench driver, not a user-facing option of the carcassonne CLI.
//
// The model: a bound x bound grid (bound = floor(sqrt(n))) whose cells take kind * 4 + turn
// as in build_square_model, or `empty` (= kinds * 4); k in 1..bound; inside[m] <=> k > m for
// each ring m (the cells with max(row, col) = m); a cell of ring m is not empty <=> inside[m];
// edges_match between neighbours holds when the outer ring of the two is inside (half
// reification); global_cardinality on the kinds over all cells. maximize(k).
//
//   square-maximize [--no-rotations] [--k-order auto|up|down] [tiles.xml]
// prints "biggest square: K (optimal)" or "... (not proven)", as the first number
// `carcassonne square` prints, so that a script can compare the two.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <solve/counting.hpp>
#include <solve/linear.hpp>
#include <solve/reify.hpp>
#include <solve/search.hpp>

#include "edge_match.hpp"
#include "square_model.hpp"
#include "standard_set.hpp"
#include "tile_xml.hpp"

namespace {

using carcassonne::Tile;

struct Grid {
  solve::Model model;
  solve::Var k;
  std::vector<solve::Var> cells;  // bound x bound, row by row
};

Grid build(const std::vector<Tile>& tiles, int bound, bool rotations) {
  // The kinds and their values as the CLI's model for the full bound has them.
  const carcassonne::SquareModel sq = carcassonne::build_square_model(tiles, bound, rotations);
  const int empty = int(sq.kinds.size()) * 4;
  std::vector<int> values = sq.model.initial_domain(sq.cells.front());
  values.push_back(empty);
  Grid g;
  g.k = g.model.add_var(1, bound, "k");
  std::vector<solve::Var> inside;
  for (int m = 0; m < bound; ++m) {
    inside.push_back(g.model.add_bool("inside" + std::to_string(m)));
    solve::reify(g.model, inside.back(),
                 [&](solve::Model& mm) { solve::compare(mm, g.k, solve::Rel::gt, m); });
  }
  for (int i = 0; i < bound * bound; ++i) {
    g.cells.push_back(g.model.add_var(values, "cell" + std::to_string(i)));
    const int ring = std::max(i / bound, i % bound);
    solve::reify(g.model, inside[std::size_t(ring)], [&](solve::Model& mm) {
      solve::compare(mm, g.cells.back(), solve::Rel::ne, empty);
    });
  }
  // `empty` needs edges in the shared table; they are never compared: a constraint touching
  // an empty cell is switched off by its inside flag.
  std::vector<Tile> value_edges;
  for (int v = 0; v < empty; ++v) value_edges.push_back(sq.kinds[std::size_t(v / 4)].turned(v % 4));
  value_edges.push_back(sq.kinds.front());
  const auto table = std::make_shared<const carcassonne::ValueEdges>(0, std::move(value_edges));
  for (int r = 0; r < bound; ++r)
    for (int c = 0; c < bound; ++c) {
      const solve::Var x = g.cells[std::size_t(r * bound + c)];
      if (c + 1 < bound)
        solve::reify(g.model, inside[std::size_t(std::max(r, c + 1))],
                     carcassonne::edges_match(x, g.cells[std::size_t(r * bound + c + 1)],
                                              carcassonne::east, table),
                     solve::Reification::implies);
      if (r + 1 < bound)
        solve::reify(g.model, inside[std::size_t(std::max(r + 1, c))],
                     carcassonne::edges_match(x, g.cells[std::size_t((r + 1) * bound + c)],
                                              carcassonne::south, table),
                     solve::Reification::implies);
    }
  std::vector<solve::ValueCount> groups;
  for (std::size_t j = 0; j < sq.kinds.size(); ++j) {
    const int held = int(std::count(tiles.begin(), tiles.end(), sq.kinds[j]));
    if (held >= bound * bound) continue;  // cannot run out
    solve::ValueCount vc{{}, 0, held};
    for (int v : values)
      if (v != empty && v / 4 == int(j)) vc.values.push_back(v);
    groups.push_back(std::move(vc));
  }
  solve::global_cardinality(g.model, g.cells, groups);
  g.model.maximize(g.k);
  return g;
}

int floor_sqrt(std::size_t n) {
  int k = 0;
  while (std::size_t(k + 1) * std::size_t(k + 1) <= n) ++k;
  return k;
}

}  // namespace

int main(int argc, char** argv) try {
  CLI::App app{
      "Biggest square by Model::maximize (bench driver, see scripts/bench square-maximize)"};
  std::string input, order = "auto";
  bool no_rotations = false, learning = false;
  app.add_option("tiles", input, "XML tile set (default: the standard 72 tiles)");
  app.add_flag("--no-rotations", no_rotations, "tiles keep their orientation");
  app.add_option("--k-order", order,
                 "auto: k is a variable like the others (dom/wdeg); "
                 "up / down: k first, ascending / descending")
      ->check(CLI::IsMember({"auto", "up", "down"}));
  app.add_option("--learning", learning,
                 "on: learn from failures (the default of Model::maximize); off (default "
                 "here): the frame search")
      ->transform(CLI::Transformer(std::map<std::string, std::string>{{"on", "1"}, {"off", "0"}}))
      ->type_name("on|off");
  CLI11_PARSE(app, argc, argv);
  const std::vector<Tile> tiles =
      input.empty() ? carcassonne::standard_tiles() : carcassonne::read_tiles_xml_file(input);
  const int bound = floor_sqrt(tiles.size());
  if (bound == 0) {
    fmt::print("biggest square: 0 (optimal)\n");
    return 0;
  }
  Grid g = build(tiles, bound, !no_rotations);
  if (order != "auto")
    g.model.branch(std::vector<solve::Var>{g.k}, solve::VarOrder::input,
                   order == "up" ? solve::ValOrder::ascending : solve::ValOrder::descending);
  solve::Result r;
  // off unless asked, though Model::maximize learns by default: measured slower here (one run
  // each, --no-rotations: hard64-k5 0.16 s of user CPU off, 2.7 s on; the 72 standard tiles
  // 0.92 s off, no proof in 60 s on)
  solve::SearchOptions o;
  o.learning.use = learning ? solve::Learning::on : solve::Learning::off;
  const auto best = solve::solve_best(g.model, o, &r);
  if (!best) {
    fmt::print(stderr, "square-maximize: no square found ({})\n",
               r.complete() ? "complete" : "stopped");
    return 1;
  }
  fmt::print("biggest square: {} ({})\n", (*best)[g.k], r.complete() ? "optimal" : "not proven");
  fmt::print(stderr, "nodes {}, fails {}, {:.3f} s\n", r.stats.nodes, r.stats.failures,
             r.stats.seconds);
  return 0;
} catch (const std::exception& e) {
  fmt::print(stderr, "square-maximize: {}\n", e.what());
  return 2;
}
