// carcassonne PUZZLE [-board_dimensions R C] [-all_solutions] [-allow_rotations] [-tile_size N]
// carcassonne square [TILES.xml] [--no-rotations] [--timeout S] [--output FILE]
// Thin adapter: command line, files, printing. The models live in carcassonne_core.
#include <string>
#include <vector>

#include "cli.hpp"
#include "common/run.hpp"

int main(int argc, char** argv) {
  return cli::guarded("carcassonne", [&] {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "square") {
      args.erase(args.begin());
      return carcassonne::run_square(args);
    }
    return carcassonne::run_sequence(args);
  });
}
