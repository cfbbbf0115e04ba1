// stenen: covers a board with polyomino stones (Leiden "Stenen leggen" and cap_puzzle files).
// Only the command line and I/O live here; see model.hpp for how libsolve is asked.
#include <sys/ioctl.h>
#include <unistd.h>

#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <solve/error.hpp>

#include "board.hpp"
#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/json.hpp"
#include "common/names.hpp"
#include "common/options.hpp"
#include "common/output.hpp"
#include "common/progress.hpp"
#include "common/report.hpp"
#include "common/run.hpp"
#include "play.hpp"
#include "print.hpp"
#include "svg.hpp"

// --twins's words.
template <>
const cli::NameTable<stenen::Twins>& cli::names() {
  static const NameTable<stenen::Twins> table{{"auto", stenen::Twins::automatic},
                                              {"multiplicity", stenen::Twins::multiplicity},
                                              {"ordered", stenen::Twins::ordered}};
  return table;
}

namespace {

using namespace stenen;

struct Args {
  std::string file;
  std::vector<int> size;  // rows, columns
  std::string moves;
  std::string svg;
  int threads = 1;
  double timeout = 0;
  std::uint64_t max_nodes = 0;
  bool json = false, all = false, dumb = false, smart = false, identical = false, unique = false,
       no_limits = false;
  bool memo = false, no_memo = false, stats = false;
  Twins twins = Twins::automatic;
  std::size_t memo_mb = solve::CoverOptions{}.memo_mb;
};

void add_common(CLI::App* sub, Args& a) {
  sub->add_option("FILE", a.file, "stones: Leiden format, or a cap_puzzle .cfg file")->required();
  sub->add_option("SIZE", a.size,
                  "board rows and columns, H B (a cap_puzzle file gives its own board)")
      ->expected(0, 2);
  sub->add_option("--moves", a.moves, "start from these moves, e.g. \"(0,3,1,3) (0,0,4,1)\"");
  auto* dumb = sub->add_flag(
      "--dumb", a.dumb, "the statement's plain backtracking: first empty cell, stones in order");
  auto* smart =
      sub->add_flag("--smart", a.smart, "--dumb plus the region test after every placement");
  dumb->excludes(smart);
  sub->add_flag("--identical", a.identical, "stones congruent to each other are interchangeable");
  sub->add_flag("--unique", a.unique,
                "also count boards equal up to rotating or mirroring once (implies --identical)");
  sub->add_option(
         "--twins", a.twins,
         "interchangeable stones as one item with a multiplicity, or ordered by the prune hook\n"
         "(auto: ordered when the problem is small enough for libsolve's bitset engine)")
      ->transform(cli::one_of<Twins>())
      ->default_str("auto");
  sub->add_flag("--no-limits", a.no_limits,
                "allow more than 20 stones, stones over 5x5, boards over 20x20");
}

Method method(const Args& a) {
  return a.dumb ? Method::dumb : a.smart ? Method::smart : Method::fast;
}

Counting counting(const Args& a) {
  return a.unique ? Counting::unique : a.identical ? Counting::identical : Counting::labelled;
}

Board make_board(const Puzzle& puzzle, const Args& a, Limits limits) {
  int rows = puzzle.rows, cols = puzzle.cols;
  if (a.size.size() == 1)
    throw CLI::ValidationError("SIZE", "give both the rows and the columns: H B");
  if (puzzle.format == Format::leiden && a.size.empty())
    throw CLI::ValidationError("SIZE", "a Leiden file needs the board size: H B");
  if (a.size.size() == 2) {
    if (puzzle.format == Format::cap_puzzle && (a.size[0] != rows || a.size[1] != cols))
      throw CLI::ValidationError("SIZE",
                                 fmt::format("{} declares a {}x{} board", a.file, rows, cols));
    rows = a.size[0];
    cols = a.size[1];
  }
  check_board(puzzle, rows, cols, limits);
  Board board(puzzle, rows, cols);
  for (const Move& m : parse_moves(a.moves, puzzle, "--moves"))
    if (auto why = board.place(m))
      throw solve::InputError(
          fmt::format("--moves: illegal move {}: {}", to_string(m, &puzzle), *why));
  return board;
}

// "after 12 solutions (3456 positions examined, 1.2 s)": the partial figures of a cut search.
std::string partial(const CountResult& r) {
  return fmt::format("after {} solutions ({} positions examined, {:.1f} s)",
                     r.solutions.to_string(), r.positions, r.seconds);
}

// Each prints its answer after erasing the progress line of the search (a terminal's line
// shared by standard error and output).
int count(const Board& board, RunOptions o, const Args& a, cli::ProgressLine& progress) {
  o.memo = a.memo;
  o.memo_trial = !a.no_memo;
  o.memo_mb = a.memo ? cli::memo_mb_in_memory(a.memo_mb, "stenen", std::cerr) : a.memo_mb;
  const CountResult r = count_solutions(board, o);
  progress.clear();
  if (a.stats) std::cerr << libsolve_stats_text(r);
  const int status = cli::cut_short(r.stop) ? cli::stopped
                     : r.solutions != 0     ? cli::answered
                                            : cli::no_solution;
  if (a.json) {
    cli::Json extra;
    if (r.unique) extra["unique"] = cli::json_count(*r.unique);
    cli::JsonAnswer(std::cout, "stenen", a.file, "count")
        .finish(status, cli::json_count(r.solutions), status != cli::stopped, extra,
                stats_json(r.stats, r.stop, r.positions, r.seconds, r.memo));
  } else if (status != cli::stopped) {
    std::cout << count_text(r);
  }
  if (status == cli::stopped)
    std::cerr << cli::stopped_message("stenen", r.stop, partial(r) + "; the count is incomplete")
              << "\n";
  return status;
}

int list_all(const Puzzle& puzzle, const Board& board, const RunOptions& o, const Args& a,
             cli::ProgressLine& progress) {
  std::optional<cli::JsonAnswer> json;
  if (a.json) json.emplace(std::cout, "stenen", a.file, "all");
  const CountResult r = list_solutions(board, o, [&](const std::vector<int>& grid) {
    progress.clear();
    if (json) json->solution(board_json(board, grid, nullptr));
    else std::cout << board_text(puzzle, board.cols(), grid) << "\n";
    if (!std::cout) cli::cancel_flag() = true;  // the output failed: stop (cli::guarded reports it)
  });
  progress.clear();
  if (!std::cout) return cli::bad_input;
  const int status = cli::cut_short(r.stop) ? cli::stopped
                     : r.solutions != 0     ? cli::answered
                                            : cli::no_solution;
  if (json)
    json->finish(status, cli::json_count(r.solutions), status != cli::stopped, nullptr,
                 stats_json(r.stats, r.stop, r.positions, r.seconds));
  else if (status != cli::stopped) std::cout << count_text(r);
  if (status == cli::stopped)
    std::cerr << cli::stopped_message("stenen", r.stop, partial(r) + "; the list is incomplete")
              << "\n";
  return status;
}

int solve_one(const Puzzle& puzzle, const Board& board, const RunOptions& o, const Args& a,
              cli::ProgressLine& progress) {
  const SolveResult r = find_solution(board, o);
  progress.clear();
  const int status = r.grid                   ? cli::answered
                     : cli::cut_short(r.stop) ? cli::stopped
                                              : cli::no_solution;
  if (a.json) {
    cli::JsonAnswer json(std::cout, "stenen", a.file, "first");
    if (r.grid) json.solution(board_json(board, *r.grid, &r.moves));
    json.finish(status, r.grid ? 1 : 0, status != cli::stopped, nullptr,
                stats_json(r.stats, r.stop, r.positions, r.seconds));
  } else if (status != cli::stopped) {
    std::cout << solve_text(board, r);
  }
  if (status == cli::stopped)
    std::cerr << cli::stopped_message("stenen", r.stop,
                                      fmt::format("before any solution was found ({} positions "
                                                  "examined, {:.1f} s)",
                                                  r.positions, r.seconds))
              << "\n";
  if (r.grid && !a.svg.empty())
    cli::write_file(a.svg, board_svg(puzzle, board.rows(), board.cols(), *r.grid));
  return status;
}

// The terminal's columns when standard output is one (the stone pictures of play), else 80.
int terminal_width() {
  winsize w{};
  if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0)
    return w.ws_col;
  return 80;
}

int play_here(Board& board, const RunOptions& o, cli::ProgressLine& progress) {
  PlayInput how;
  how.echo = !::isatty(STDIN_FILENO);
  how.edit = ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO);  // no escape codes into a pipe
  how.screen.width = terminal_width;
  how.screen.search_done = [&progress] { progress.clear(); };
  return play(board, o, std::cin, std::cout, std::move(how));
}

int run(const std::string& command, const Args& a) {
  // Ctrl-C and SIGTERM stop solve and count from the start: a big stone's model takes seconds
  // to build, and is polled as the search is (exit 3). play handles them per command.
  std::optional<cli::InterruptGuard> ctrl_c;
  if (command != "play") ctrl_c.emplace();
  const Limits limits{!a.no_limits};
  const Puzzle puzzle = read_puzzle(a.file, limits);
  Board board = make_board(puzzle, a, limits);
  if (!a.svg.empty()) cli::check_writable(a.svg);  // before the search, not after it
  cli::ProgressLine progress;
  RunOptions o{method(a), counting(a), a.threads, progress.hook()};
  o.twins = a.twins;
  o.max_seconds = a.timeout;
  o.max_nodes = a.max_nodes;
  o.cancel = &cli::cancel_flag();
  if (command == "play") return play_here(board, o, progress);
  if (command == "count") return count(board, o, a, progress);
  return a.all ? list_all(puzzle, board, o, a, progress) : solve_one(puzzle, board, o, a, progress);
}

}  // namespace

int main(int argc, char** argv) {
  return cli::guarded("stenen", [&] {
    CLI::App app{
        "stenen: cover a board with stones (polyominoes), as in the Leiden assignment \"Stenen "
        "leggen\"\n"
        "and cap_puzzle. Moves are (row,col,stone,orient). See docs/stenen.md.",
        "stenen"};
    app.require_subcommand(1);
    app.footer(
        "Methods: --dumb, --smart (the statement's), default the fastest (smart along the short "
        "side,\n"
        "counting through the board's symmetry). Counting: labelled boards by default, "
        "--identical,\n"
        "--unique. A puzzle file may have " +
        cli::size_text(text_limits.max_bytes) + ", a line " + cli::size_text(text_limits.max_line) +
        ".\n" + cli::exit_status_help);
    Args a;
    CLI::App* solve =
        app.add_subcommand("solve", "print one solution (the board of stone numbers)");
    CLI::App* count = app.add_subcommand("count", "count the solutions");
    CLI::App* play =
        app.add_subcommand("play", "play: place stones, undo, solve or count from the position");
    for (CLI::App* sub : {solve, count, play}) {
      add_common(sub, a);
      cli::add_timeout(
          *sub, a.timeout,
          "stop a search (solve, count, or in play) after SECONDS (exit 3); 0: no limit");
      cli::add_max_nodes(*sub, a.max_nodes,
                         "stop a search after N nodes of libsolve's search (exit 3); 0: no limit");
      sub->footer(cli::exit_status_help);
    }
    for (CLI::App* sub : {solve, count}) {
      sub->add_option("--threads", a.threads, "worker threads (counts do not depend on it)")
          ->check(CLI::Range(1, 256));
      sub->add_flag("--json", a.json, "print the answer as one JSON object (docs/json.md)");
    }
    auto* memo = count->add_flag(
        "--memo", a.memo,
        "remember the count of each subproblem met and reuse it (one thread, no region test,\n"
        "no symmetry: labelled or --identical; exact at any size)");
    count
        ->add_flag("--no-memo", a.no_memo,
                   "no memoised try first (made where few subproblems can repeat)")
        ->excludes(memo);
    cli::add_memo_mb(*count, a.memo_mb);
    count->add_flag("--stats", a.stats,
                    "also print libsolve's figures on standard error (nodes, updates)");
    auto* svg = solve->add_option(
        "--svg", a.svg, "also draw the solution into this SVG file (checked before the search)");
    solve
        ->add_flag("--all", a.all,
                   "print every solution (with --unique: one of each kind), then the count")
        ->excludes(svg);
    if (const auto status = cli::parse(app, argc, argv)) return *status;
    return run(app.get_subcommands().front()->get_name(), a);
  });
}
