// futoshiki: solves Futoshiki puzzles in the course's text format (docs/futoshiki.md).
// Only the command line and the I/O live here; parsing, modelling and printing are in
// futoshiki_core, the search in libsolve.
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <solve/search.hpp>

#include "commands.hpp"
#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/json.hpp"
#include "common/learning.hpp"
#include "common/names.hpp"
#include "common/options.hpp"
#include "common/output.hpp"
#include "common/report.hpp"
#include "common/run.hpp"
#include "model.hpp"
#include "print.hpp"
#include "puzzle.hpp"
#include "svg.hpp"

namespace {

using namespace cli;  // exit statuses: answered, no_solution, stopped

enum class Mode { first, all, count, unique };

struct Settings {
  std::string input;
  std::string output;
  std::string svg;  // --svg FILE
  bool json = false;
  Mode mode = Mode::first;
  bool stats = false;
  bool trace = false;
  std::string method = "fast";
  // Unset: the method's choice.
  std::optional<solve::Propagation> propagation;
  std::optional<solve::VarOrder> var_order;
  std::optional<solve::ValOrder> val_order;
  std::optional<solve::Branching> branching;
  bool learning = cli::learning_default::futoshiki;  // --learning
  solve::SearchOptions search;  // seed and limits
};

// The search options of a method; the flags given on the command line then override them.
solve::SearchOptions method_options(const std::string& method) {
  solve::SearchOptions o;  // "fast": the library's defaults are its fastest setting
  if (method == "course") {
    // The statement's algorithm: forward checking from the givens (repeated while singletons
    // appear), then backtracking with MRV, degree tie-break, values in increasing order.
    o.propagation = solve::Propagation::forward;
    o.var_order = solve::VarOrder::mrv_degree;
    o.val_order = solve::ValOrder::ascending;
    o.branching = solve::Branching::values;  // textbook backtracking: one value after another
  }
  return o;
}

const char* mode_name(Mode m) {
  switch (m) {
    case Mode::all: return "all";
    case Mode::count: return "count";
    case Mode::unique: return "unique";
    case Mode::first: break;
  }
  return "first";
}

// Searches and prints the answer on out (text, or JSON with --json); returns the exit status.
int search_and_print(const Settings& s, const futoshiki::Puzzle& puzzle,
                     const futoshiki::FutoshikiModel& fm, std::ostream& out) {
  solve::SearchOptions opts = method_options(s.method);
  opts.propagation = s.propagation.value_or(opts.propagation);
  opts.var_order = s.var_order.value_or(opts.var_order);
  opts.val_order = s.val_order.value_or(opts.val_order);
  opts.branching = s.branching.value_or(opts.branching);
  opts.seed = s.search.seed;
  opts.limits.max_seconds = s.search.limits.max_seconds;
  opts.limits.max_nodes = s.search.limits.max_nodes;
  opts.threads = s.search.threads;
  opts.learning.use = s.learning ? solve::Learning::on : solve::Learning::off;
  if (s.mode == Mode::first) opts.limits.max_solutions = 1;
  if (s.mode == Mode::unique) opts.limits.max_solutions = 2;
  if (s.trace)
    opts.trace = [&](const solve::TraceEvent& e) {
      std::cerr << futoshiki::format_trace(fm.model, e);
    };
  const InterruptGuard ctrl_c;
  opts.limits.cancel = &cancel_flag();

  std::optional<JsonAnswer> json;
  if (s.json) json.emplace(out, "futoshiki", s.input, mode_name(s.mode));
  std::vector<std::vector<int>> kept;  // the first solution (--unique: the first two)
  std::uint64_t found = 0;
  // counting needs no solution in hand: solve::count lets threads count on their own
  const solve::Result result = s.mode == Mode::count
                                   ? solve::count(fm.model, opts)
                                   : solve::search(fm.model, opts, [&](const solve::Solution& sol) {
                                       ++found;
                                       std::vector<int> grid = fm.grid(sol);
                                       if (s.mode == Mode::all) {
                                         // streamed: --all can be endless, nothing is kept but the
                                         // first (for --svg)
                                         if (json) json->solution(futoshiki::grid_json(fm.n, grid));
                                         else
                                           out << (found > 1 ? "\n" : "")
                                               << futoshiki::format_grid(fm.n, grid);
                                         if (found == 1) kept.push_back(std::move(grid));
                                         return out.good();  // a failed write stops the search
                                       }
                                       if (kept.size() < (s.mode == Mode::unique ? 2u : 1u))
                                         kept.push_back(std::move(grid));
                                       return true;
                                     });
  if (s.mode == Mode::count) found = result.stats.solutions;
  if (s.stats) std::cerr << format_stats(result.stats, result.stop, Counters::csp);

  // A limit or Ctrl-C cuts the search short; the solution limit we set ourselves does not.
  const bool cut = cut_short(result.stop);
  int status = answered;
  std::string missing;  // what the stop leaves out, for the message
  if (s.mode == Mode::count) {
    status = cut ? stopped : found > 0 ? answered : no_solution;
    missing = fmt::format("after {} solutions; the count is incomplete", found);
  } else if (found == 0) {
    status = cut ? stopped : no_solution;
    missing = "before any solution was found";
  } else if (s.mode == Mode::all) {
    status = cut ? stopped : answered;
    missing = fmt::format("after {} solutions; the list is incomplete", found);
  } else if (s.mode == Mode::unique && found == 1 && cut) {
    status = stopped;
    missing = "before uniqueness was decided";
  }

  if (json) {
    if (s.mode != Mode::all)
      for (const std::vector<int>& grid : kept) json->solution(futoshiki::grid_json(fm.n, grid));
    Json extra;
    if (s.mode == Mode::unique)
      extra["unique"] = found >= 2 ? Json(false) : status == stopped ? Json() : Json(true);
    json->finish(status, json_count(found), status != stopped, extra,
                 json_stats(result.stats, result.stop, Counters::csp));
  } else if (s.mode == Mode::count) {
    if (!cut) out << found << '\n';
  } else if (found == 0) {
    if (!cut) out << "No solution.\n";
  } else if (s.mode != Mode::all) {
    out << futoshiki::format_grid(fm.n, kept.front());
    if (s.mode == Mode::unique)
      out << (status == stopped ? "\nunknown\n" : found == 1 ? "\nunique\n" : "\nnot unique\n");
  }
  // The picture: the puzzle, filled in with the first solution when there is one.
  if (!s.svg.empty())
    write_file(s.svg,
               futoshiki::puzzle_svg(puzzle, kept.empty() ? std::span<const int>() : kept.front()));
  if (status == stopped) std::cerr << stopped_message("futoshiki", result.stop, missing) << '\n';
  return status;
}

int run(const Settings& s) {
  const futoshiki::Puzzle puzzle = futoshiki::read_puzzle(s.input);
  const futoshiki::FutoshikiModel fm = futoshiki::build_model(puzzle);
  if (!s.svg.empty()) check_writable(s.svg);  // before the search, not after it
  if (s.output.empty()) return search_and_print(s, puzzle, fm, std::cout);
  // Opened once the input is known to be good, so bad input leaves no file behind.
  OutputFile file(s.output);
  const int status = search_and_print(s, puzzle, fm, file.stream());
  file.close();  // WriteError if anything failed
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  return cli::guarded("futoshiki", [&] {
    if (argc >= 2 && futoshiki::is_subcommand(argv[1]))
      return futoshiki::run_subcommand(argc, argv);
    Settings s;
    CLI::App app{"Solves a Futoshiki puzzle given in the course's text format (docs/futoshiki.md).",
                 "futoshiki"};
    app.footer(std::string(futoshiki::subcommands_help) + "\n" + cli::exit_status_help);
    app.add_option("input", s.input, "Puzzle file ('-' for standard input)")
        ->required()
        ->type_name("FILE");
    app.add_option("-o,--output", s.output,
                   "Write the answer to FILE instead of standard output (created once the puzzle "
                   "has been read)")
        ->type_name("FILE");
    bool want_all = false, want_count = false, want_unique = false;
    auto* all =
        app.add_flag("--all", want_all, "Print every solution, with a blank line between two");
    auto* cnt = app.add_flag("--count", want_count, "Print the number of solutions");
    auto* uniq = app.add_flag("--unique", want_unique,
                              "Print a solution, then a blank line and 'unique' or 'not unique'");
    all->excludes(cnt, uniq);
    cnt->excludes(uniq);
    app.add_option("--svg", s.svg,
                   "Also draw the puzzle and its first solution into FILE, an SVG picture (checked "
                   "before the search)")
        ->type_name("FILE")
        ->excludes(cnt);
    app.add_flag("--json", s.json, "Print the answer as one JSON object (docs/json.md)");
    app.add_flag("--stats", s.stats, "Print search statistics on standard error");
    app.add_flag("--trace", s.trace, "Print every decision and backtrack on standard error");
    app.add_option("--method", s.method,
                   "course: forward checking, MRV + degree, ascending values, plain backtracking "
                   "(the course's algorithm); fast: the library's fastest setting (default)")
        ->check(CLI::IsMember({"course", "fast"}))
        ->capture_default_str();
    app.add_option("--propagation", s.propagation, "Override the method's propagation")
        ->transform(cli::one_of<solve::Propagation>())
        ->type_name("TEXT");
    app.add_option("--heuristic", s.var_order, "Override the method's variable order")
        ->transform(cli::one_of<solve::VarOrder>())
        ->type_name("TEXT");
    app.add_option("--values", s.val_order, "Override the method's value order")
        ->transform(cli::one_of<solve::ValOrder>())
        ->type_name("TEXT");
    app.add_option("--branching", s.branching, "Override the method's branching")
        ->transform(cli::one_of<solve::Branching>())
        ->type_name("TEXT");
    app.add_option("--seed", s.search.seed, "Seed for --values random")->capture_default_str();
    app.add_option("--threads", s.search.threads,
                   "Search with N threads (same answers and counts; --all order and --stats vary)")
        ->type_name("N")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cli::add_learning(app, s.learning, cli::learning_default::futoshiki, cli::learning_help);
    cli::add_timeout(app, s.search.limits.max_seconds);
    cli::add_max_nodes(app, s.search.limits.max_nodes);
    if (const auto status = cli::parse(app, argc, argv)) return *status;
    if (want_all) s.mode = Mode::all;
    if (want_count) s.mode = Mode::count;
    if (want_unique) s.mode = Mode::unique;
    return run(s);
  });
}
