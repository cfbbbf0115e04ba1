#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <iostream>

#include "cli.hpp"
#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/json.hpp"
#include "common/learning.hpp"
#include "common/options.hpp"
#include "common/output.hpp"
#include "common/report.hpp"
#include "common/run.hpp"
#include "map_json.hpp"
#include "square_model.hpp"
#include "standard_set.hpp"
#include "svg.hpp"
#include "tile_xml.hpp"

namespace carcassonne {

namespace {

std::string summary(const SquareResult& r, std::size_t n) {
  if (r.proven)
    return r.k == r.bound
               ? fmt::format("biggest square: {} (= floor(sqrt({})), optimal)", r.k, n)
               : fmt::format("biggest square: {} (optimal: {} proven impossible)", r.k, r.k + 1);
  return fmt::format("biggest square: {} found, not proven optimal: stopped by {} (bound {})", r.k,
                     cli::stop_cause(r.stop), r.bound);
}

}  // namespace

int run_square(std::vector<std::string> args) {
  CLI::App app{"Biggest square of matching tiles (Carcassonne Solitaire)", "carcassonne square"};
  std::string input, output, svg;
  bool no_rotations = false, stats = false, json = false, learning = false;
  double timeout = 0;
  app.add_option("tiles", input, "XML tile set (default: the standard 72 tiles)");
  app.add_flag("--no-rotations", no_rotations, "tiles keep their orientation");
  cli::add_timeout(
      app, timeout,
      "stop after SECONDS in all and print the best square found, not proven (exit 3); "
      "0: no limit");
  cli::add_learning(app, learning, cli::learning_default::carcassonne, cli::learning_help);
  app.add_option("-o,--output", output, "write the XML there instead of standard output");
  app.add_option("--svg", svg, "also draw the square as an SVG picture");
  app.add_flag("--stats", stats, "search statistics on standard error");
  app.add_flag("--json", json,
               "print the answer as one JSON object instead of the XML (-o still gets the XML; "
               "docs/json.md)");
  app.footer(
      "Every option may be written with one dash or two, and with '_' or '-'.\nA tile set may "
      "have " +
      cli::size_text(xml_limits.max_bytes) + ".\n" + cli::exit_status_help);
  if (const auto status = cli::parse(app, std::move(args), /*single_dash=*/true)) return *status;
  SquareOptions options;  // the clock of --timeout starts here: reading counts too
  options.rotations = !no_rotations;
  options.timeout = timeout;
  options.learning = learning;
  const std::vector<Tile> tiles = input.empty() ? standard_tiles() : read_tiles_xml_file(input);
  for (const std::string& path : {output, svg})
    if (!path.empty()) cli::check_writable(path);  // before the search, not after it
  const cli::InterruptGuard ctrl_c;
  options.cancel = &cli::cancel_flag();
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
  // The best square so far when a limit stopped the climb, not proven.
  const int status = cli::cut_short(r.stop) ? cli::stopped
                     : r.k > 0              ? cli::answered
                                            : cli::no_solution;
  if (json) {
    cli::JsonAnswer answer(std::cout, "carcassonne", input.empty() ? cli::Json() : cli::Json(input),
                           "square");
    if (r.k > 0) answer.solution(map_json(square_tiles, layout, numbers));
    answer.finish(status, r.k > 0 ? 1 : 0, status != cli::stopped,
                  {{"side", r.k}, {"bound", r.bound}, {"proven", r.proven}},
                  cli::json_stats(r.stats, r.stop, cli::Counters::csp));
  }
  if (!output.empty()) cli::write_file(output, xml);
  else if (!json) std::cout << xml;
  std::cerr << text << '\n';
  if (stats) std::cerr << cli::format_stats(r.stats, r.stop, cli::Counters::csp);
  if (!svg.empty() && r.k > 0) write_svg_file(svg, square_tiles, layout, numbers);
  return status;
}

}  // namespace carcassonne
