#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "ascii_art.hpp"
#include "cli.hpp"
#include "output_file.hpp"
#include "puzzle_reader.hpp"
#include "report.hpp"
#include "sequence_model.hpp"
#include "solve/error.hpp"
#include "svg.hpp"
#include "stats_text.hpp"

namespace carcassonne {

std::vector<std::string> double_dash(std::vector<std::string> args, const std::vector<std::string>& names) {
  for (std::string& a : args)
    if (a.size() > 2 && a[0] == '-' && a[1] != '-' &&
        std::find(names.begin(), names.end(), a.substr(1, a.find('=') - 1)) != names.end())
      a.insert(0, "-");
  return args;
}

int parse_args(CLI::App& app, std::vector<std::string> args) {
  std::reverse(args.begin(), args.end());  // CLI11 takes them last-first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // --help is a "ParseError" that exits 0
  }
  return -1;
}

int run_sequence(std::vector<std::string> args) {
  CLI::App app{"Tile-sequence puzzles of the course homework (Carcassonne)", "carcassonne"};
  std::string puzzle, svg;
  std::vector<int> dims;
  bool all = false, rotations = false, stats = false;
  int tile_size = 11;
  double timeout = 0;
  std::uint64_t max_nodes = 0;
  app.add_option("puzzle", puzzle, "puzzle file (tile N E S W per line)")->required();
  app.add_option("--board_dimensions", dims, "largest board: ROWS COLS")->expected(2);
  app.add_flag("--all_solutions", all, "print every distinct map and their number");
  app.add_flag("--allow_rotations", rotations, "tiles may be turned by 90, 180, 270 degrees");
  app.add_option("--tile_size", tile_size, "picture size of a tile (odd, 11 to 99)");
  app.add_option("--timeout", timeout, "seconds; then print what was found, marked partial (exit 3)");
  app.add_option("--max-nodes", max_nodes, "search nodes; then print what was found, marked partial (exit 3)");
  app.add_option("--svg", svg, "also draw the first map as an SVG picture");
  app.add_flag("--stats", stats, "search statistics on standard error");
  app.footer("Single-dash spellings (-all_solutions ...) work too. 'carcassonne square --help' "
             "for the biggest-square problem.");
  if (const int code = parse_args(app, double_dash(std::move(args),
                                              {"board_dimensions", "all_solutions", "allow_rotations",
                                               "tile_size", "svg", "timeout"}));
      code >= 0)
    return code;
  if (!valid_tile_size(tile_size)) {
    std::fprintf(stderr, "carcassonne: -tile_size must be odd, %d to %d (got %d)\n", min_tile_size,
                 max_tile_size, tile_size);
    return 2;
  }
  if (!(timeout >= 0)) {
    std::fprintf(stderr, "carcassonne: --timeout must be a number of seconds >= 0\n");
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
  if (!svg.empty()) check_writable(svg);
  solve::SearchOptions search = default_search();
  search.max_seconds = timeout;
  search.max_nodes = max_nodes;
  Layout first;
  const SequenceResult r = write_sequence_answer(std::cout, tiles, o, all, tile_size, search, &first);
  std::cout.flush();
  if (stats) {
    const std::string text = r.proof.empty() ? format_stats(r.search.stats) : "no search: " + r.proof + "\n";
    std::fputs(text.c_str(), stderr);
  }
  if (!svg.empty() && r.maps > 0) write_svg_file(svg, tiles, first);
  if (r.cut_short(all)) return 3;
  return r.maps > 0 ? 0 : 1;
}

}  // namespace carcassonne
