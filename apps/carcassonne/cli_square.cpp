#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>

#include "cli.hpp"
#include "output_file.hpp"
#include "solve/error.hpp"
#include "square_model.hpp"
#include "standard_set.hpp"
#include "svg.hpp"
#include "stats_text.hpp"
#include "tile_xml.hpp"

namespace carcassonne {

namespace {

std::string summary(const SquareResult& r, std::size_t n) {
  if (r.proven)
    return r.k == r.bound
               ? fmt::format("biggest square: {} (= floor(sqrt({})), optimal)", r.k, n)
               : fmt::format("biggest square: {} (optimal: {} proven impossible)", r.k, r.k + 1);
  return fmt::format("biggest square: {} found, not proven optimal (time limit; bound {})", r.k, r.bound);
}

}  // namespace

int run_square(std::vector<std::string> args) {
  CLI::App app{"Biggest square of matching tiles (Carcassonne Solitaire)", "carcassonne square"};
  std::string input, output, svg;
  bool no_rotations = false, stats = false;
  double timeout = 0;
  app.add_option("tiles", input, "XML tile set (default: the standard 72 tiles)");
  app.add_flag("--no-rotations", no_rotations, "tiles keep their orientation");
  app.add_option("--timeout", timeout, "seconds; then print the best square found, not proven");
  app.add_option("-o,--output", output, "write the XML there instead of standard output");
  app.add_option("--svg", svg, "also draw the square as an SVG picture");
  app.add_flag("--stats", stats, "search statistics on standard error");
  if (const int code = parse_args(app, std::move(args)); code >= 0) return code;
  if (!(timeout >= 0)) {
    std::fprintf(stderr, "carcassonne square: --timeout must be a number of seconds >= 0\n");
    return 2;
  }
  SquareOptions options;  // the clock of --timeout starts here: reading counts too
  options.rotations = !no_rotations;
  options.timeout = timeout;
  const std::vector<Tile> tiles = input.empty() ? standard_tiles() : read_tiles_xml_file(input);
  for (const std::string& path : {output, svg})
    if (!path.empty()) check_writable(path);
  const SquareResult r = biggest_square(tiles, options);
  std::vector<const Placement*> placed;
  std::vector<Tile> square_tiles;
  std::vector<int> numbers;  // position in the input set
  Layout layout;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    placed.push_back(r.placements[i] ? &*r.placements[i] : nullptr);
    if (r.placements[i]) {
      square_tiles.push_back(tiles[i]);
      numbers.push_back(int(i) + 1);
      layout.placements.push_back(*r.placements[i]);
    }
  }
  const std::string text = summary(r, tiles.size());
  const std::string xml = write_tiles_xml(tiles, placed, text);
  if (output.empty()) {
    std::fputs(xml.c_str(), stdout);
  } else {
    write_text_file(output, xml);
  }
  std::fprintf(stderr, "%s\n", text.c_str());
  if (stats) std::fputs(format_stats(r.stats).c_str(), stderr);
  if (!svg.empty() && r.k > 0) write_svg_file(svg, square_tiles, layout, numbers);
  if (!r.proven) return 3;  // a limit stopped the climb: the square printed may not be the biggest
  return r.k > 0 ? 0 : 1;
}

}  // namespace carcassonne
