#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli.hpp"
#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/output.hpp"
#include "common/report.hpp"
#include "common/run.hpp"
#include "puzzle_reader.hpp"
#include "report.hpp"
#include "sequence_model.hpp"
#include "svg.hpp"

namespace carcassonne {

std::vector<std::string> double_dash(std::vector<std::string> args, const std::vector<std::string>& names) {
  for (std::string& a : args)
    if (a.size() > 2 && a[0] == '-' && a[1] != '-' &&
        std::find(names.begin(), names.end(), a.substr(1, a.find('=') - 1)) != names.end())
      a.insert(0, "-");
  return args;
}

int run_sequence(std::vector<std::string> args) {
  CLI::App app{"Tile-sequence puzzles of the course homework (Carcassonne)", "carcassonne"};
  std::string puzzle, svg;
  std::vector<int> dims;
  bool all = false, rotations = false, stats = false;
  int tile_size = 11;
  app.add_option("puzzle", puzzle, "puzzle file (tile N E S W per line)")->required();
  app.add_option("--board_dimensions", dims, "largest board: ROWS COLS")->expected(2);
  app.add_flag("--all_solutions", all, "print every distinct map and their number");
  app.add_flag("--allow_rotations", rotations, "tiles may be turned by 90, 180, 270 degrees");
  app.add_option("--tile_size", tile_size, "picture size of a tile (odd, >= 11)");
  app.add_option("--svg", svg, "also draw the first map as an SVG picture");
  app.add_flag("--stats", stats, "search statistics on standard error");
  app.footer(std::string("Single-dash spellings (-all_solutions ...) work too. 'carcassonne square --help'\n"
                         "for the biggest-square problem. A puzzle file may have ") +
             cli::size_text(text_limits.max_bytes) + ", a line " + cli::size_text(text_limits.max_line) +
             ".\n" + cli::exit_status_help);
  if (const auto status = cli::parse(app, double_dash(std::move(args),
                                                      {"board_dimensions", "all_solutions", "allow_rotations",
                                                       "tile_size", "svg"})))
    return *status;
  if (tile_size < 11 || tile_size % 2 == 0) {
    std::fprintf(stderr, "carcassonne: -tile_size must be odd and at least 11 (got %d)\n", tile_size);
    return 2;
  }
  SequenceOptions o;
  o.rotations = rotations;
  if (!dims.empty()) {
    if (dims[0] <= 0 || dims[1] <= 0) {
      std::fprintf(stderr, "carcassonne: -board_dimensions must be positive (got %d %d)\n", dims[0],
                   dims[1]);
      return 2;
    }
    o.rows = dims[0];
    o.cols = dims[1];
  }
  const auto tiles = read_puzzle_file(puzzle);
  if (!svg.empty()) cli::check_writable(svg);  // before the search, not after it
  solve::SearchOptions search = default_search();
  const cli::InterruptGuard ctrl_c;
  search.cancel = &cli::cancel_flag();

  // Each map is printed as soon as it is found: -all_solutions may find very many.
  Layout first;
  const SequenceResult r = solve_sequence(tiles, o, all, [&](const Layout& l) {
    if (first.placements.empty()) first = l;
    std::cout << format_solution(tiles, l, tile_size);
    if (!std::cout) cli::cancel_flag() = true;  // the output failed: stop (cli::guarded reports it)
  }, search);
  if (stats) std::cerr << cli::format_stats(r.search.stats, r.search.stop, cli::Engine::csp);
  if (!std::cout) return cli::bad_input;
  if (!svg.empty() && r.maps > 0) write_svg_file(svg, tiles, first);
  if (cli::cut_short(r.search.stop)) {
    std::cerr << cli::stopped_message("carcassonne", r.search.stop,
                                      r.maps == 0 ? std::string("before any map was found")
                                                  : fmt::format("after {} maps; the list is incomplete", r.maps))
              << '\n';
    return cli::stopped;
  }
  if (r.maps == 0) {
    std::cout << format_none();
    return cli::no_solution;
  }
  if (all) std::cout << format_summary(r.maps);
  return cli::answered;
}

}  // namespace carcassonne
