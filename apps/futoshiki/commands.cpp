// futoshiki generate | grade | hint: the command lines of the generator, the grader and the
// hint (the work is in generate.cpp, grade.cpp, hint.cpp). Text out, exit statuses as in
// common/exit_status.hpp.
#include "commands.hpp"

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/json.hpp"
#include "common/options.hpp"
#include "common/output.hpp"
#include "common/run.hpp"
#include "difficulty.hpp"
#include "generate.hpp"
#include "grade.hpp"
#include "hint.hpp"
#include "svg.hpp"

namespace futoshiki {

const char* const subcommands_help =
    "Subcommands:\n"
    "  generate    New puzzles of a size and difficulty (futoshiki generate --help)\n"
    "  grade       The difficulty of a puzzle file: easy, tricky, hard, extreme or beyond\n"
    "  hint        The next cell of a puzzle file a person can fill, and why\n";

namespace {

const char* const levels_help =
    "Difficulty levels (the reasoning that fills the grid without guessing; docs/futoshiki.md):\n"
    "  easy     a placed digit leaves its row and column and bounds the cells it shares a\n"
    "           sign with; a digit with one cell left in a row or column goes there (a\n"
    "           hidden single: row 3 needs a 5 and only r3c4 can hold it)\n"
    "  tricky   + the inequality chains: bounds pass along the signs (a < b, b <= 3: a <= 2)\n"
    "  hard     + Hall sets: k cells of a line holding k digits between them, k >= 2 (naked\n"
    "           and hidden pairs, triples, ...)\n"
    "  extreme  + one trial: a digit whose placement leads to a contradiction at the hard\n"
    "           level is ruled out\n";

// Stops the generator when the time is up or on Ctrl-C: a thread that watches both.
class Deadline {
 public:
  explicit Deadline(double seconds) {
    watcher_ = std::thread([this, seconds] {
      const auto start = std::chrono::steady_clock::now();
      std::unique_lock lock(mutex_);
      while (!done_) {
        const bool late =
            seconds > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
                seconds;
        if (late) timed_out_ = true;
        if (late || cli::cancel_flag().load()) {
          stop_ = true;
          return;
        }
        wake_.wait_for(lock, std::chrono::milliseconds(10));
      }
    });
  }
  ~Deadline() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    watcher_.join();
  }
  const std::atomic<bool>* flag() const { return &stop_; }
  bool timed_out() const { return timed_out_; }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<bool> timed_out_{false};
  bool done_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread watcher_;
};

cli::Json puzzle_json(const Puzzle& p, std::uint64_t seed) {
  cli::Json givens = cli::Json::array(), right = cli::Json::array(), down = cli::Json::array();
  auto sign = [](Relation r, const char* less, const char* greater) {
    return r == Relation::less ? less : r == Relation::greater ? greater : "0";
  };
  for (int r = 0; r < p.n; ++r) {
    cli::Json row = cli::Json::array(), signs = cli::Json::array();
    for (int c = 0; c < p.n; ++c) row.push_back(p.given(r, c));
    for (int c = 0; c + 1 < p.n; ++c) signs.push_back(sign(p.right_of(r, c), "<", ">"));
    givens.push_back(row);
    right.push_back(signs);
  }
  for (int r = 0; r + 1 < p.n; ++r) {
    cli::Json signs = cli::Json::array();
    for (int c = 0; c < p.n; ++c) signs.push_back(sign(p.below(r, c), "^", "v"));
    down.push_back(signs);
  }
  return {{"seed", seed},
          {"givens", givens},
          {"right", right},
          {"down", down},
          {"text", format_puzzle(p)}};
}

int generate_command(const std::vector<std::string>& args) {
  int size = 5;
  std::string level_name = "easy";
  std::uint64_t seed = 0;
  int count = 1;
  std::string output_dir, svg;
  bool json = false;
  double seconds = 0;
  CLI::App app{
      "Generates Futoshiki puzzles with one solution, graded exactly at the difficulty asked and\n"
      "minimal for it (no digit or sign can be taken away without losing the solution's\n"
      "uniqueness or needing harder reasoning). Printed in the course's format (futoshiki FILE\n"
      "solves it). Puzzle k of --count K is the puzzle of seed S+k.",
      "futoshiki generate"};
  app.footer(std::string(levels_help) + "\n" + cli::exit_status_help +
             " Exit 1: no puzzle of that size and difficulty was found.");
  app.add_option("--size", size,
                 fmt::format("Side of the grid, {} to {}", min_generated_size, max_generated_size))
      ->type_name("N")
      ->check(CLI::Range(min_generated_size, max_generated_size))
      ->capture_default_str();
  app.add_option("--difficulty", level_name, "easy, tricky, hard or extreme (below)")
      ->check(CLI::IsMember({"easy", "tricky", "hard", "extreme"}))
      ->capture_default_str();
  auto* seed_opt =
      app.add_option("--seed", seed,
                     "The same seed gives the same puzzles on every machine (default: a new "
                     "seed, told on standard error)")
          ->type_name("S")
          ->check(cli::whole_number(0));
  app.add_option("--count", count, "Number of puzzles (above 1: --output-dir or --json)")
      ->type_name("K")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option(
         "-o,--output-dir", output_dir,
         "Write each puzzle to DIR/N-DIFFICULTY-SEED.txt (one puzzle per file, as futoshiki "
         "reads them) and print the paths")
      ->type_name("DIR");
  app.add_option("--svg", svg, "Also draw the puzzle into FILE, an SVG picture (--count 1)")
      ->type_name("FILE");
  app.add_flag("--json", json,
               "Print {\"program\", \"mode\", \"size\", \"difficulty\", \"puzzles\": [{\"seed\", "
               "\"givens\", "
               "\"right\", \"down\", \"text\"}]}");
  cli::add_timeout(app, seconds,
                   "Stop after SECONDS of wall-clock time (exit 3, the puzzles made so far are "
                   "kept); 0: no limit");
  if (const auto status = cli::parse(app, args)) return *status;
  if (count > 1 && output_dir.empty() && !json)
    throw CLI::ValidationError(
        "--count",
        "more than one puzzle needs --output-dir DIR or --json (a puzzle file holds one)");
  if (!svg.empty() && count > 1)
    throw CLI::ValidationError("--svg", "draws one puzzle: use it with --count 1");
  if (!output_dir.empty() && !std::filesystem::is_directory(output_dir))
    throw cli::WriteError(fmt::format("{}: cannot write: not a directory", output_dir));
  if (!svg.empty()) cli::check_writable(svg);
  if (seed_opt->count() == 0) {
    seed = std::random_device{}();
    seed = (seed << 32) ^ std::random_device{}();
    std::cerr << fmt::format("futoshiki generate: seed {} (--seed {} makes these puzzles again)\n",
                             seed, seed);
  }
  const Difficulty level = *difficulty_from_string(level_name);

  const cli::InterruptGuard ctrl_c;
  const Deadline deadline(seconds);
  cli::Json puzzles = cli::Json::array();
  int made = 0;
  for (; made < count; ++made) {
    const std::uint64_t s = seed + std::uint64_t(made);
    Puzzle p;
    try {
      if (!generate(size, level, s, deadline.flag(), &p)) break;
    } catch (const NoPuzzle& e) {
      std::cerr << "futoshiki generate: " << e.what() << '\n';
      return cli::no_solution;
    }
    if (json) puzzles.push_back(puzzle_json(p, s));
    if (!output_dir.empty()) {
      const std::string path =
          (std::filesystem::path(output_dir) / fmt::format("{}-{}-{}.txt", size, level_name, s))
              .string();
      cli::write_file(path, format_puzzle(p));
      if (!json) std::cout << path << '\n';
    } else if (!json) {
      std::cout << format_puzzle(p);
    }
    if (!svg.empty()) cli::write_file(svg, puzzle_svg(p, {}));
  }
  if (json) {  // the envelope indented, each puzzle on a line of its own
    std::cout << fmt::format(
        "{{\n  \"program\": \"futoshiki\",\n  \"mode\": \"generate\",\n  \"size\": {},\n"
        "  \"difficulty\": \"{}\",\n  \"puzzles\": [",
        size, level_name);
    for (std::size_t i = 0; i < puzzles.size(); ++i)
      std::cout << (i ? ",\n    " : "\n    ") << puzzles[i].dump();
    std::cout << (puzzles.empty() ? "]\n}\n" : "\n  ]\n}\n");
  }
  if (made < count) {
    std::cerr << fmt::format("futoshiki generate: stopped by {} after {} of {} puzzles\n",
                             deadline.timed_out() ? "the time limit" : "a signal", made, count);
    return cli::stopped;
  }
  return cli::answered;
}

const char* level_text(const Grade& g) {
  if (!g.solvable) return "no solution";
  if (!g.unique) return "not unique: more than one solution";
  if (!g.level) return "beyond extreme: one solution, but one trial at a time does not find it";
  switch (*g.level) {
    case Difficulty::easy: return "easy: forward checking and hidden singles solve it";
    case Difficulty::tricky: return "tricky: the inequality chains solve it";
    case Difficulty::hard: return "hard: Hall sets solve it";
    case Difficulty::extreme: return "extreme: one trial at a time solves it";
  }
  return "?";
}

int grade_command(const std::vector<std::string>& args) {
  std::string input;
  bool json = false;
  double seconds = 0;
  CLI::App app{
      "Grades a Futoshiki puzzle in the course's format: prints its difficulty, the weakest\n"
      "reasoning that solves it (or 'beyond extreme', 'not unique', 'no solution').",
      "futoshiki grade"};
  app.footer(std::string(levels_help) + "\n" + cli::exit_status_help);
  app.add_option("input", input, "Puzzle file ('-' for standard input)")
      ->required()
      ->type_name("FILE");
  app.add_flag("--json", json,
               "Print {\"program\", \"input\", \"mode\", \"solvable\", \"unique\", \"level\"}");
  cli::add_timeout(
      app, seconds,
      "Stop the search for a second solution (only a puzzle beyond extreme needs one) after "
      "SECONDS (exit 3); 0: no limit");
  if (const auto status = cli::parse(app, args)) return *status;
  const Puzzle p = read_puzzle(input);
  const cli::InterruptGuard ctrl_c;
  const std::optional<Grade> g = grade(p, seconds, &cli::cancel_flag());
  if (!g) {
    std::cerr << "futoshiki grade: stopped before uniqueness was decided\n";
    return cli::stopped;
  }
  if (json) {
    std::cout << cli::Json{{"program", "futoshiki"},
                           {"input", input},
                           {"mode", "grade"},
                           {"solvable", g->solvable},
                           {"unique", g->unique},
                           {"level",
                            g->level ? cli::Json(std::string(to_string(*g->level))) : cli::Json()}}
                     .dump(2)
              << '\n';
  } else {
    std::cout << level_text(*g) << '\n';
  }
  return g->solvable ? cli::answered : cli::no_solution;
}

int hint_command(const std::vector<std::string>& args) {
  std::string input;
  CLI::App app{
      "Prints the next cell of a Futoshiki puzzle (its givens: the puzzle's and a player's\n"
      "entries, in the course's format) that the weakest reasoning can fill, and that\n"
      "reasoning: 'r2c3 = 4: ...' (row 2, column 3). Exit 1 when the entries contradict the\n"
      "solution.",
      "futoshiki hint"};
  app.footer(std::string(levels_help) + "\n" + cli::exit_status_help);
  app.add_option("input", input, "Puzzle file ('-' for standard input)")
      ->required()
      ->type_name("FILE");
  if (const auto status = cli::parse(app, args)) return *status;
  const Puzzle p = read_puzzle(input);
  bool full = true;
  for (const int g : p.givens) full = full && g != 0;
  const std::optional<Hint> h = hint(p);
  if (h) {
    std::cout << h->reason << '\n';
    return cli::answered;
  }
  if (full && !some_solutions(p, 1).empty()) {
    std::cout << "The puzzle is solved.\n";
    return cli::answered;
  }
  std::cout << "No solution: the entries contradict the solution.\n";
  return cli::no_solution;
}

}  // namespace

bool is_subcommand(std::string_view name) {
  return name == "generate" || name == "grade" || name == "hint";
}

int run_subcommand(int argc, const char* const* argv) {
  const std::string name = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (name == "generate") return generate_command(args);
  if (name == "grade") return grade_command(args);
  return hint_command(args);
}

}  // namespace futoshiki
