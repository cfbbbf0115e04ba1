// stenen: covers a board with polyomino stones (Leiden "Stenen leggen" and cap_puzzle files).
// Only the command line and I/O live here; see model.hpp for how libsolve is asked.
#include <unistd.h>

#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "board.hpp"
#include "play.hpp"
#include "print.hpp"
#include "solve/error.hpp"
#include "svg.hpp"

namespace {

using namespace stenen;

struct Args {
  std::string file;
  std::vector<int> size;  // rows, columns
  std::string moves;
  std::string svg;
  int threads = 1;
  bool json = false, all = false, dumb = false, smart = false, identical = false, unique = false, no_limits = false;
};

void add_common(CLI::App* sub, Args& a) {
  sub->add_option("FILE", a.file, "stones: Leiden format, or a cap_puzzle .cfg file")->required();
  sub->add_option("SIZE", a.size,
                  "board rows and columns, H B (a cap_puzzle file gives its own board)")
      ->expected(0, 2);
  sub->add_option("--moves", a.moves, "start from these moves, e.g. \"(0,3,1,3) (0,0,4,1)\"");
  auto* dumb = sub->add_flag("--dumb", a.dumb, "the statement's plain backtracking: first empty cell, stones in order");
  auto* smart = sub->add_flag("--smart", a.smart, "--dumb plus the region test after every placement");
  dumb->excludes(smart);
  sub->add_flag("--identical", a.identical, "stones congruent to each other are interchangeable");
  sub->add_flag("--unique", a.unique, "also count boards equal up to rotating or mirroring once (implies --identical)");
  sub->add_flag("--no-limits", a.no_limits, "allow more than 20 stones, stones over 5x5, boards over 20x20");
}

Method method(const Args& a) { return a.dumb ? Method::dumb : a.smart ? Method::smart : Method::fast; }

Counting counting(const Args& a) {
  return a.unique ? Counting::unique : a.identical ? Counting::identical : Counting::labelled;
}

/// Progress on stderr when it is a terminal and the search has run for a second.
std::function<void(const solve::Progress&)> progress_line(bool& shown) {
  if (!isatty(STDERR_FILENO)) return {};
  return [&shown](const solve::Progress& p) {
    if (p.seconds < 1) return;
    shown = true;
    std::cerr << fmt::format("\r{:5.1f}% done, {} solutions, {} positions ", 100 * p.done, p.solutions,
                             p.nodes)
              << std::flush;
  };
}

Board make_board(const Puzzle& puzzle, const Args& a, Limits limits) {
  int rows = puzzle.rows, cols = puzzle.cols;
  if (a.size.size() == 1) throw CLI::ValidationError("SIZE", "give both the rows and the columns: H B");
  if (puzzle.format == Format::leiden && a.size.empty())
    throw CLI::ValidationError("SIZE", "a Leiden file needs the board size: H B");
  if (a.size.size() == 2) {
    if (puzzle.format == Format::cap_puzzle && (a.size[0] != rows || a.size[1] != cols))
      throw CLI::ValidationError("SIZE", fmt::format("{} declares a {}x{} board", a.file, rows, cols));
    rows = a.size[0];
    cols = a.size[1];
  }
  check_board(puzzle, rows, cols, limits);
  Board board(puzzle, rows, cols);
  for (const Move& m : parse_moves(a.moves, puzzle, "--moves"))
    if (auto why = board.place(m))
      throw solve::InputError(fmt::format("--moves: illegal move {}: {}", to_string(m, &puzzle), *why));
  return board;
}

int run(const std::string& command, const Args& a) {
  const Limits limits{!a.no_limits};
  const Puzzle puzzle = read_puzzle(a.file, limits);
  Board board = make_board(puzzle, a, limits);
  bool shown = false;
  RunOptions o{method(a), counting(a), a.threads, progress_line(shown)};
  const auto clear = [&] {
    if (shown) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
  };
  if (command == "play") return play(board, o, std::cin, std::cout, !isatty(STDIN_FILENO));
  if (command == "count") {
    const CountResult r = count_solutions(board, o);
    clear();
    std::cout << (a.json ? count_json(r) : count_text(r));
    return r.solutions > 0 ? 0 : 1;
  }
  if (a.all) {
    const CountResult r = list_solutions(board, o, [&](const std::vector<int>& grid) {
      std::cout << board_text(puzzle, board.cols(), grid) << "\n";
    });
    clear();
    std::cout << count_text(r);
    return r.solutions > 0 ? 0 : 1;
  }
  const SolveResult r = find_solution(board, o);
  clear();
  std::cout << (a.json ? solve_json(board, r) : solve_text(board, r));
  if (r.grid && !a.svg.empty()) {
    std::ofstream svg(a.svg);
    if (!(svg << board_svg(puzzle, board.rows(), board.cols(), *r.grid)))
      throw solve::InputError(a.svg + ": cannot write");
  }
  return r.grid ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "stenen: cover a board with stones (polyominoes), as in the Leiden assignment \"Stenen leggen\"\n"
      "and cap_puzzle. Moves are (row,col,stone,orient); exit status 0 answer, 1 no solution,\n"
      "2 bad input or usage."};
  app.require_subcommand(1);
  app.footer(
      "Methods: --dumb, --smart (the statement's), default the fastest (smart along the short side,\n"
      "counting through the board's symmetry). Counting: labelled boards by default, --identical,\n"
      "--unique. See docs/stenen.md.");
  Args a;
  CLI::App* solve = app.add_subcommand("solve", "print one solution (the board of stone numbers)");
  CLI::App* count = app.add_subcommand("count", "count the solutions");
  CLI::App* play = app.add_subcommand("play", "play: place stones, undo, solve or count from the position");
  for (CLI::App* sub : {solve, count, play}) add_common(sub, a);
  for (CLI::App* sub : {solve, count}) {
    sub->add_option("--threads", a.threads, "worker threads (counts do not depend on it)")
        ->check(CLI::Range(1, 256));
    sub->add_flag("--json", a.json, "print the result as one JSON object");
  }
  auto* svg = solve->add_option("--svg", a.svg, "also draw the solution into this SVG file");
  solve->add_flag("--all", a.all, "print every solution (with --unique: one of each kind), then the count")
      ->excludes(svg)
      ->excludes(solve->get_option("--json"));
  try {
    app.parse(argc, argv);
    return run(app.get_subcommands().front()->get_name(), a);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::Error& e) {
    app.exit(e);
    return 2;
  } catch (const solve::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const solve::Error& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 3;
  }
}
