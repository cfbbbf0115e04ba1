// fzn-libsolve: libsolve as a FlatZinc solver (docs/minizinc.md). Reads a .fzn file, solves
// it and prints in the FlatZinc output format; the command line is the FlatZinc
// specification's (-a, -n, -f, -p, -r, -s, -t, -i), so `minizinc --solver libsolve` can drive
// it. Only the command line lives here: reading in parser.cpp, translation in translate.cpp,
// solving and printing in run.cpp.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <solve/error.hpp>

#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/learning.hpp"
#include "common/names.hpp"
#include "common/run.hpp"
#include "output.hpp"
#include "parser.hpp"
#include "run.hpp"
#include "source_map.hpp"
#include "translate.hpp"

namespace {

/// The longest time limit, in milliseconds (31 years, as the other front-ends' --timeout).
constexpr std::uint64_t max_time_limit_ms = 1'000'000'000'000;

struct Settings {
  std::string input;
  std::string paths;  ///< --paths: MiniZinc's table of where each item came from (source_map.hpp)
  fzn::RunOptions run;
  bool free_search = false;
  std::uint64_t time_limit_ms = 0;  ///< 0: no limit
  bool exit_codes = false;
  bool verbose = false;
};

/// A whole number from lo to hi (digits only: no sign, no exponent), with a short message
/// ("expected a whole number from 0 to 18446744073709551615, got '-1'"), not CLI11's range
/// text of 399 bytes; `zero` says what 0 means, when it is allowed.
CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi, std::string zero = {},
                            std::string unit = {}) {
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < lo ||
            v > hi)
          return fmt::format("expected a whole number{} from {} to {}{}, got '{}'",
                             unit.empty() ? "" : " of " + unit, lo, hi,
                             zero.empty() ? "" : " (0: " + zero + ")", text);
        return {};
      },
      "");
}

/// A negative time limit ("-5") reads as 0, no limit: what fzn-gecode and fzn-chuffed do with
/// one (both run on without a limit).
CLI::Validator no_limit_when_negative() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text.size() > 1 && text[0] == '-' &&
            std::all_of(text.begin() + 1, text.end(), [](char c) { return c >= '0' && c <= '9'; }))
          text = "0";
        return {};
      },
      "");
}

/// The options of learning from failure (solve::LearningOptions); libsolve.msc.in declares
/// them to minizinc as extraFlags, so `minizinc --solver libsolve --learning off` passes them.
/// Branching and restarts given here replace the default policy's (run.cpp); `run` gets them
/// after parsing (set_search_choices).
void add_learning_options(CLI::App& app, solve::LearningOptions& learning) {
  cli::add_learning(app, learning.use, cli::learning_default::fzn,
                    "Learn from failures (lazy clause generation): explain each dead end, keep "
                    "its reason as a nogood clause, backjump; on or off. Not given: on for an "
                    "optimisation, off for a satisfaction problem (faster there, see "
                    "docs/benchmarks.md)");
  app.add_option("--learnts-mb", learning.learnts_mb,
                 "Memory for the learnt clauses, in MiB: past it the less active half is "
                 "deleted (with --learning on)")
      ->type_name("N")
      ->check(whole_number(1, std::uint64_t(1) << 20))
      ->capture_default_str();
  auto* branching =
      app.add_option("--learning-branching", learning.branching,
                     "How the search branches with --learning on: toggle (the model's order and "
                     "activity in turn, switching at each restart), activity (VSIDS: the "
                     "literals of recent conflicts first), model (the search annotations' "
                     "order). Default: model when the annotations name an order, else toggle")
          ->transform(cli::one_of<solve::LearningOptions::Branching>())
          ->type_name("TEXT");
  // Chuffed's names for two of them
  using Branching = solve::LearningOptions::Branching;
  auto* vsids = app.add_flag_callback(
      "--vsids", [&learning] { learning.branching = Branching::activity; },
      "As --learning-branching activity (Chuffed's name)");
  auto* toggle = app.add_flag_callback(
      "--toggle-vsids", [&learning] { learning.branching = Branching::toggle; },
      "As --learning-branching toggle (Chuffed's name)");
  branching->excludes(vsids, toggle);
  vsids->excludes(toggle);
  app.add_flag("--learning-verify", learning.verify,
               "Debug, small models only: check every learnt clause against the model (a search "
               "without learning for a solution it removes; one found is an internal error, "
               "exit 4)");
}

/// --restart KIND, --restart-scale N, --restart-base F (Chuffed's names): the restarts of
/// either search, in place of the annotation's and the default's.
void add_restart_options(CLI::App& app, solve::RestartPolicy& restart) {
  using Kind = solve::RestartPolicy::Kind;
  const auto word = [](const char* w, Kind k) {
    return std::pair<std::string, std::string>(w, std::to_string(int(k)));
  };
  const std::vector<std::pair<std::string, std::string>> kinds{
      word("none", Kind::none), word("luby", Kind::luby), word("geometric", Kind::geometric),
      word("constant", Kind::constant)};
  auto* kind =
      app.add_option("--restart", restart.kind,
                     "Restarts, after a number of failures: none, luby (SCALE x 1 1 2 1 1 2 4 "
                     "...), geometric (SCALE x BASE^k) or constant (SCALE). Default: the search "
                     "annotation's, else luby with -f, without annotations or with learning")
          ->transform(cli::one_of_words(kinds))
          ->type_name("KIND");
  app.add_option("--restart-scale", restart.scale, "The failures of the first run (--restart)")
      ->type_name("N")
      ->check(whole_number(1, UINT64_MAX))
      ->capture_default_str()
      ->needs(kind);
  app.add_option("--restart-base", restart.factor, "Geometric restarts' growth (--restart)")
      ->type_name("F")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            // CLI::Range lets "nan" through: every comparison with it is false
            double f = 0;
            if (!CLI::detail::lexical_cast(text, f) || !(f >= 1.0 && f <= 1e6))
              return fmt::format("expected a number from 1 to 1000000, got '{}'", text);
            return {};
          },
          "FLOAT in [1 - 1000000]"))
      ->capture_default_str()
      ->needs(kind);
}

/// The branching and restarts given on the command line, into `run` (unset: the default).
void set_search_choices(const CLI::App& app, const solve::RestartPolicy& restart,
                        fzn::RunOptions& run) {
  if (app.count("--learning-branching") || app.count("--vsids") || app.count("--toggle-vsids"))
    run.learning_branching = run.learning.branching;
  if (app.count("--restart")) run.restart = restart;
}

// The FlatZinc driver (minizinc) takes any status but 0 for a solver failure: by default an
// answered run exits 0 and the status lines carry the answer; --exit-codes gives apps/common's.
int exit_status(const Settings& s, fzn::RunStatus status) {
  if (!s.exit_codes) return cli::answered;
  switch (status) {
    case fzn::RunStatus::unsatisfiable: return cli::no_solution;
    case fzn::RunStatus::limited: return cli::stopped;
    default: return cli::answered;
  }
}

/// The exit status of a run that a limit or Ctrl-C stops (0, or 3 with --exit-codes).
int stopped_status = 0;

/// Stopped while reading or translating: the answer is =====UNKNOWN=====, and the half-built
/// model is left to the end of the process rather than freed item by item.
[[noreturn]] void exit_unknown() {
  std::cout << fzn::unknown << std::flush;
  std::_Exit(std::cout ? stopped_status : 2);
}

int solve_file(Settings& s) {
  // The time limit and Ctrl-C hold from the first byte read: reading and translating poll them.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (s.time_limit_ms) deadline = s.run.started + std::chrono::milliseconds(s.time_limit_ms);
  stopped_status = exit_status(s, fzn::RunStatus::limited);
  const fzn::StopCheck stop(s.run.cancel, deadline, exit_unknown);
  fzn::Program program;
  try {
    const fzn::Model ast = fzn::parse_file(s.input, {}, stop);
    fzn::TranslateOptions options{s.free_search, false, stop};
    // several solutions by one thread: duplicates come one after the other (run.cpp)
    const std::uint64_t wanted = s.run.max_solutions ? *s.run.max_solutions : s.run.all ? 0 : 1;
    options.outputs_first = wanted != 1 && s.run.threads == 1;
    try {
      program = fzn::translate(ast, s.input, options);
    } catch (const solve::InputError& e) {
      // In the words of the user's model when minizinc says where each item came from.
      if (s.paths.empty()) throw;
      throw solve::InputError(fzn::SourceMap::read(s.paths).explain(ast, e.what()));
    }
  } catch (const fzn::Stopped&) {
    std::cout << fzn::unknown << std::flush;  // as when a limit stops the search at once
    return exit_status(s, fzn::RunStatus::limited);
  }
  if (s.verbose) {
    std::cerr << fmt::format(
        "fzn-libsolve: {} FlatZinc variables, {} constraints -> {} libsolve variables, {} "
        "constraints\n",
        program.fzn_vars, program.fzn_constraints, program.model.num_vars(),
        program.model.num_constraints());
    for (const std::string& what : program.search.ignored)
      std::cerr << fmt::format("fzn-libsolve: search annotation not followed: {}\n", what);
  }
  s.run.time_limit = double(s.time_limit_ms) / 1000.0;
  s.run.free_search = s.free_search;
  // Solutions are streamed; a failed write (closed pipe, full disk) is an error (exit 2), which
  // cli::guarded reports once the run is over.
  const fzn::RunStatus status = fzn::run(program, s.run, std::cout);
  // A limit or Ctrl-C stopped the search, the answer is printed: the model (hundreds of MB for
  // a large file) is left to the end of the process rather than freed item by item.
  if (status == fzn::RunStatus::limited && std::cout.flush()) std::_Exit(stopped_status);
  return exit_status(s, status);
}

// The command line, then the run.
int parse_and_solve(int argc, char** argv) {
  Settings s;
  s.run.started = std::chrono::steady_clock::now();
  CLI::App app{
      "Solves a FlatZinc model (integer and Boolean variables) with libsolve.\n"
      "Exit status: 0 answered (the status lines tell which answer), 2 bad input or usage,\n"
      "4 internal error; with --exit-codes also 1 unsatisfiable, 3 limit reached.",
      "fzn-libsolve"};
  app.add_option("file", s.input, "FlatZinc file ('-' for standard input)")
      ->required()
      ->type_name("FILE.fzn");
  app.add_option(
         "--paths", s.paths,
         "MiniZinc's paths file (minizinc passes it): errors name the model's place and variables")
      ->type_name("FILE");
  app.add_flag("-a,--all-solutions", s.run.all,
               "All solutions (optimisation: print every improving solution)");
  app.add_flag("-i,--intermediate", s.run.intermediate,
               "Print the improving solutions of an optimisation");
  app.add_option("-n,--num-solutions", s.run.max_solutions,
                 "Stop after N solutions (0: no limit, all of them)")
      ->type_name("N")
      ->check(whole_number(0, UINT64_MAX, "no limit"));
  app.add_flag("-f,--free-search", s.free_search,
               "Ignore the search annotations: restarts, phase saving and, for an optimisation, "
               "large-neighbourhood search (with -p: a portfolio)");
  app.add_option("-p,--parallel", s.run.threads, "Search with N threads")
      ->type_name("N")
      ->check(whole_number(1, 256))
      ->capture_default_str();
  app.add_option("-r,--seed", s.run.seed, "Seed for random choices")
      ->type_name("SEED")
      ->check(whole_number(0, UINT64_MAX))
      ->capture_default_str();
  app.add_flag("-s,--statistics", s.run.statistics, "Print statistics as %%%mzn-stat lines");
  app.add_option("-t,--time-limit", s.time_limit_ms,
                 "Stop after MS milliseconds, reading included (=====UNKNOWN===== if nothing "
                 "found); 0 or negative: no limit")
      ->type_name("MS")
      ->transform(no_limit_when_negative())
      ->check(whole_number(0, max_time_limit_ms, "no limit", "milliseconds"));
  app.add_option("--node-limit", s.run.node_limit,
                 "Stop after N search nodes, as a time limit does (a fixed amount of work, for "
                 "measuring); 0: no limit")
      ->type_name("N")
      ->check(whole_number(0, UINT64_MAX, "no limit"));
  app.add_flag("--exit-codes", s.exit_codes,
               "Exit 1 when unsatisfiable, 3 when a limit stopped the search");
  app.add_flag("-v,--verbose", s.verbose,
               "Print the model's size and the search annotations not followed");
  add_learning_options(app, s.run.learning);
  solve::RestartPolicy restart;
  add_restart_options(app, restart);

  // --version, "did you mean", '-' and '_' alike in option names: as every front-end.
  if (const auto status = cli::parse(app, argc, argv)) return *status;
  s.run.learning_given = app.count("--learning") > 0;
  set_search_choices(app, restart, s.run);
  const cli::InterruptGuard interrupts;  // Ctrl-C, SIGTERM: stop, print what was found
  s.run.cancel = &cli::cancel_flag();
  return solve_file(s);
}

}  // namespace

int main(int argc, char** argv) {
  // Exceptions become a message and an exit status as in every front-end: bad input 2, anything
  // else 4; a failed write to standard output is reported and makes the status 2.
  return cli::guarded("fzn-libsolve", [&] { return parse_and_solve(argc, argv); });
}
