#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>

#include "ascii_art.hpp"
#include "cli.hpp"
#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/json.hpp"
#include "common/options.hpp"
#include "common/output.hpp"
#include "common/report.hpp"
#include "common/run.hpp"
#include "map_json.hpp"
#include "puzzle_reader.hpp"
#include "report.hpp"
#include "sequence_model.hpp"
#include "svg.hpp"

namespace carcassonne {

int run_sequence(std::vector<std::string> args) {
  CLI::App app{"Tile-sequence puzzles of the course homework (Carcassonne)", "carcassonne"};
  std::string puzzle, svg;
  std::vector<int> dims;
  bool all = false, rotations = false, stats = false, json = false;
  int tile_size = 11;
  double timeout = 0;
  std::uint64_t max_nodes = 0;
  app.add_option("puzzle", puzzle, "puzzle file (tile N E S W per line; '-' for standard input)")
      ->required();
  app.add_option("--board_dimensions", dims, "largest board: ROWS COLS")->expected(2);
  app.add_flag("--all_solutions", all, "print every distinct map and their number");
  app.add_flag("--allow_rotations", rotations, "tiles may be turned by 90, 180, 270 degrees");
  app.add_option("--tile_size", tile_size, "picture size of a tile (odd, 11 to 99)");
  cli::add_timeout(app, timeout,
                   "stop the search after SECONDS: the maps found, then a Partial: line (exit 3); "
                   "0: no limit");
  cli::add_max_nodes(
      app, max_nodes,
      "stop the search after N nodes: the maps found, then a Partial: line (exit 3); "
      "0: no limit");
  app.add_option("--svg", svg, "also draw the first map as an SVG picture");
  app.add_flag("--stats", stats, "search statistics on standard error");
  app.add_flag("--json", json,
               "print the answer as one JSON object instead of the course's text (docs/json.md)");
  app.footer(
      std::string(
          "Every option may be written with one dash or two, and with '_' or '-' (-all_solutions,\n"
          "--all-solutions). 'carcassonne square --help'\n"
          "for the biggest-square problem. A puzzle file may have ") +
      cli::size_text(text_limits.max_bytes) + ", a line " + cli::size_text(text_limits.max_line) +
      ".\n" + cli::exit_status_help);
  if (const auto status = cli::parse(app, std::move(args), /*single_dash=*/true)) return *status;
  if (!valid_tile_size(tile_size)) {
    std::fprintf(stderr, "carcassonne: -tile_size must be odd, %d to %d (got %d)\n", min_tile_size,
                 max_tile_size, tile_size);
    return cli::bad_input;
  }
  SequenceOptions o;
  o.rotations = rotations;
  if (!dims.empty()) {
    if (dims[0] <= 0 || dims[1] <= 0) {
      std::fprintf(stderr, "carcassonne: -board_dimensions must be positive (got %d %d)\n", dims[0],
                   dims[1]);
      return cli::bad_input;
    }
    o.rows = dims[0];
    o.cols = dims[1];
  }
  const auto tiles = read_puzzle_file(puzzle);
  if (!svg.empty()) cli::check_writable(svg);  // before the search, not after it
  solve::SearchOptions search = default_search();
  search.limits.max_seconds = timeout;
  search.limits.max_nodes = max_nodes;
  const cli::InterruptGuard ctrl_c;
  search.limits.cancel = &cli::cancel_flag();

  // Each map is printed as soon as it is found (-all_solutions may find very many); a failed
  // write stops the search.
  Layout first;
  std::optional<cli::JsonAnswer> json_answer;
  SequenceResult r;
  if (json) {
    json_answer.emplace(std::cout, "carcassonne", puzzle, all ? "all" : "first");
    r = solve_sequence(
        tiles, o, all,
        [&](const Layout& l) {
          if (first.placements.empty()) first = l;
          return json_answer->solution(map_json(tiles, l));
        },
        search);
  } else {
    r = write_sequence_answer(std::cout, tiles, o, all, tile_size, search, &first);
  }
  if (stats)
    std::cerr << (r.proof.empty()
                      ? cli::format_stats(r.search.stats, r.search.stop, cli::Counters::csp)
                      : "no search: " + r.proof + "\n");
  if (!std::cout) return cli::bad_input;  // cli::guarded reports the failed write
  const int status = r.cut_short(all) ? cli::stopped
                     : r.maps > 0     ? cli::answered
                                      : cli::no_solution;
  if (json_answer) {
    cli::Json extra;
    if (!r.proof.empty()) extra["proof"] = r.proof;  // no search: a counting argument answered
    json_answer->finish(status, r.maps, status != cli::stopped, extra,
                        cli::json_stats(r.search.stats, r.search.stop, cli::Counters::csp));
  }
  if (!svg.empty() && r.maps > 0) write_svg_file(svg, tiles, first);
  if (status == cli::stopped)  // standard output ends with the Partial: line; the same cause here
    std::cerr << cli::stopped_message(
                     "carcassonne", r.search.stop,
                     r.maps == 0 ? std::string("before any map was found")
                                 : fmt::format("after {} maps; the list is incomplete", r.maps))
              << '\n';
  return status;
}

}  // namespace carcassonne
