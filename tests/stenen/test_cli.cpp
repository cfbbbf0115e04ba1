// The command line: golden outputs (times masked), exit statuses, malformed inputs, a scripted
// play session, SVG output.
#include <filesystem>
#include <fstream>
#include <regex>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "front_end_checks.hpp"
#include "program.hpp"

namespace {

namespace fs = std::filesystem;

using Run = test::ProgramRun;
using test::slurp;

/// Runs stenen with the arguments (a shell fragment), stdin from `input` when given.
Run stenen(const std::string& args, const std::string& input = "") {
  test::ProgramOptions o;
  if (!input.empty()) o.stdin_path = test::scratch_file("stenen.in", input);
  return test::run_shell(std::string(STENEN_EXE) + " " + args, o);
}

std::string puzzle(const std::string& name) { return std::string(SOLVE_PUZZLES_DIR) + "/" + name; }
std::string data(const std::string& name) { return std::string(SOLVE_TESTDATA_DIR) + "/stenen/" + name; }

/// Times vary from run to run: "seconds: 0.0123" becomes "seconds: T".
std::string masked(const std::string& s) {
  return std::regex_replace(s, std::regex(R"(("?seconds"?: )[0-9.]+)"), "$1T");
}

}  // namespace

TEST_CASE("solve stenen1 4x5: golden output", "[stenen][cli]") {
  const Run r = stenen("solve " + puzzle("stenen/stenen1.in") + " 4 5");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(masked(r.out) == slurp(data("golden/solve_stenen1.txt")));
  const Run j = stenen("solve --json " + puzzle("stenen/stenen1.in") + " 4 5");
  CHECK(masked(j.out) == slurp(data("golden/solve_stenen1.json")));
}

TEST_CASE("count: stable key: value lines and JSON", "[stenen][cli]") {
  const Run r = stenen("count " + puzzle("stenen/stenen1.in") + " 4 5 --unique");
  CHECK(r.status == 0);
  CHECK(masked(r.out) == "solutions: 12\npositions examined: " +
                             std::regex_replace(r.out, std::regex(R"([\s\S]*examined: (\d+)[\s\S]*)"), "$1") +
                             "\nseconds: T\n");
  const Run cap = stenen("count --json " + puzzle("cap_puzzle/puzzle.cfg"));
  CHECK(cap.status == 0);
  CHECK_THAT(cap.out, Catch::StartsWith("{\"solutions\": 712, \"unique\": 89, \"positions_examined\": "));
  CHECK_THAT(cap.out, Catch::EndsWith("\"complete\": true}\n"));
  const Run dumb = stenen("count " + puzzle("stenen/stenen1.in") + " 4 5 --dumb");
  CHECK(masked(dumb.out) == slurp(data("golden/count_stenen1_dumb.txt")));
}

TEST_CASE("count --memo: exact counts beyond 2^64, the memo's figures, --stats", "[stenen][cli]") {
  // 98 identical dominoes on 14x14: 112202208776036178000000 tilings (about 2^76).
  const Run r = stenen("count " + data("dominoes98.in") + " 14 14 --identical --memo --no-limits");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(masked(r.out) == slurp(data("golden/count_dominoes98_memo.txt")));
  const Run j = stenen("count --json " + data("dominoes98.in") + " 14 14 --identical --memo --memo-mb 64 --no-limits");
  CHECK_THAT(j.out, Catch::StartsWith("{\"solutions\": 112202208776036178000000, \"positions_examined\": "));
  CHECK_THAT(j.out, Catch::Contains("\"memo_lookups\": "));
  CHECK_THAT(j.out, Catch::EndsWith("\"complete\": true}\n"));
  // The memo and the plain search agree; --stats adds libsolve's figures on standard error.
  const std::string s1 = puzzle("stenen/stenen1.in");
  const Run plain = stenen("count " + s1 + " 4 5 --identical --stats");
  const Run memo = stenen("count " + s1 + " 4 5 --identical --memo");
  CHECK_THAT(plain.out, Catch::StartsWith("solutions: 44\n"));
  CHECK_THAT(memo.out, Catch::StartsWith("solutions: 44\n"));
  CHECK(std::regex_match(plain.err, std::regex(R"(nodes: \d+\nupdates: \d+\n)")));
  // Up to symmetry needs every solution, which a memoised count never sees: a usage error.
  const Run unique = stenen("count " + s1 + " 4 5 --unique --memo");
  CHECK(unique.status == 2);
  CHECK(unique.out.empty());
  CHECK_THAT(unique.err, Catch::Contains("--memo counts labelled or --identical boards, not --unique ones"));
  CHECK(stenen("count " + s1 + " 4 5 --memo --memo-mb 0").status == 2);
  // A cap_puzzle count under the memo gives no unique count.
  const Run cap = stenen("count " + puzzle("cap_puzzle/test2.cfg") + " --memo");
  CHECK_THAT(cap.out, Catch::StartsWith("solutions: 20\npositions examined: "));
}

TEST_CASE("exit statuses", "[stenen][cli]") {
  const std::string s1 = puzzle("stenen/stenen1.in");
  CHECK(stenen("--help").status == 0);
  CHECK(stenen("count --help").status == 0);
  // No solution: stone 5 down the middle leaves two 4x2 halves, one of them for stone 3.
  const Run none = stenen("solve " + s1 + " 4 5 --moves '(0,2,5,1)'");
  CHECK(none.status == 1);
  CHECK_THAT(none.out, Catch::StartsWith("no solution\n"));
  CHECK(stenen("count " + s1 + " 4 5 --moves '(0,2,5,1)'").status == 1);
  // Usage and input errors: 2, a message on stderr and nothing on stdout.
  for (const std::string& args : std::vector<std::string>{
           "", "count", "count " + s1, "count " + s1 + " 4", "count " + s1 + " 4 6", "count " + s1 + " 4 x",
        "count " + s1 + " 1 20", "count " + s1 + " 4 5 --dumb --smart", "count " + s1 + " 4 5 --threads 0",
        "count " + s1 + " 4 5 --moves '(0,0,9,0)'", "count " + s1 + " 4 5 --moves '(0,0'",
        "count " + s1 + " 4 5 --bogus", "frobnicate " + s1, "count /nonexistent/file 4 5",
        "count " + puzzle("cap_puzzle/puzzle.cfg") + " 8 9"}) {
    INFO(args);
    const Run r = stenen(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_FALSE(r.err.empty());
  }
  CHECK_THAT(stenen("count " + s1 + " 4 5 --moves '(0,0,1,9)'").err,
             Catch::Contains("illegal move (0,0,1,9): orientation 9 out of range"));
  CHECK_THAT(stenen("count " + s1 + " 4 6").err, Catch::Contains("the stones cover 20 cells, the board 4x6 has 24"));
}

TEST_CASE("a piece in two parts: moyen-plus.cfg has 8 solutions (issue 7 item 1)", "[stenen][cli]") {
  for (const char* method : {"", " --smart", " --dumb"}) {
    INFO(method);
    const Run r = stenen("count " + puzzle("cap_puzzle/moyen-plus.cfg") + method);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("solutions: 8\nunique: 1\n"));
    const Run two = stenen("count " + data("two-part-piece.cfg") + method);
    CHECK_THAT(two.out, Catch::StartsWith("solutions: 40\nunique: 10\n"));
  }
}

TEST_CASE("--no-limits still refuses a model too big to search (issue 7 item 8)", "[stenen][cli]") {
  // 200 bars of 1x200 on 200x200: 16 million placement cells (a thousand 1x1000 bars, a 1 MB
  // file, once died of bad_alloc at 4 GB).
  const fs::path file = fs::temp_directory_path() / fmt::format("stenen_bars_{}.in", ::getpid());
  {
    std::ofstream out(file);
    out << "200\n";
    for (int i = 0; i < 200; ++i) out << "1 200\n" << std::string(200, 'X') << "\n";
  }
  const Run r = stenen("count " + file.string() + " 200 200 --no-limits");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::StartsWith(file.string() + ": too big to search on the board 200x200"));
  fs::remove(file);
}

TEST_CASE("every malformed file: exit 2 with FILE:LINE", "[stenen][cli]") {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(data("bad"))) {
    const std::string path = entry.path().string();
    INFO(path);
    const bool cap = entry.path().extension() == ".cfg";
    const Run r = stenen("count " + path + (cap ? "" : " 4 4"));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::StartsWith(path + ":"));
    ++files;
  }
  CHECK(files >= 10);
}

TEST_CASE("a scripted play session: golden transcript", "[stenen][cli]") {
  const Run r = stenen("play " + puzzle("stenen/stenen1.in") + " 4 5", slurp(data("play_session.txt")));
  CHECK(r.status == 0);
  CHECK(masked(r.out) == slurp(data("golden/play_stenen1.txt")));
  // The count from the position in the session equals the count with --moves.
  const Run c = stenen("count " + puzzle("stenen/stenen1.in") + " 4 5 --moves '(0,3,1,3) (0,0,4,1)'");
  CHECK_THAT(r.out, Catch::Contains(c.out.substr(0, c.out.find('\n') + 1)));
}

TEST_CASE("--svg draws the solution", "[stenen][cli]") {
  const fs::path svg = fs::temp_directory_path() / fmt::format("stenen_{}.svg", ::getpid());
  const Run r = stenen("solve " + puzzle("stenen/stenen1.in") + " 4 5 --svg " + svg.string());
  CHECK(r.status == 0);
  const std::string s = slurp(svg);
  CHECK_THAT(s, Catch::StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  std::size_t texts = 0;
  for (std::size_t at = s.find("<text"); at != std::string::npos; at = s.find("<text", at + 1)) ++texts;
  CHECK(texts == 5);  // one label per stone
  fs::remove(svg);
}

// ---- The behaviour all front-ends share (apps/common, tests/common) ----

namespace {

// 50 dominoes on 10x10: counting the tilings runs for ages, and the model is built at once.
std::string dominoes() {
  std::string text = "50\n";
  for (int i = 0; i < 50; ++i) text += "1 2\nXX\n";
  return test::scratch_file("dominoes.in", text);
}

}  // namespace

TEST_CASE("unreadable and hostile inputs: exit 2 in bounded memory", "[stenen][cli]") {
  const test::FrontEnd count{STENEN_EXE, [](const std::string& file) { return std::vector<std::string>{"count", file, "4", "4"}; }};
  test::check_unreadable_inputs(count);
  test::check_long_line(count, 64 << 10);  // stenen::text_limits (puzzle.hpp)
  // play reads its commands in bounded memory too: /dev/zero is refused, not read for ever.
  test::ProgramOptions zeros;
  zeros.stdin_path = "/dev/zero";
  const test::ProgramRun play = test::run_program(STENEN_EXE, {"play", puzzle("stenen/stenen1.in"), "4", "5"}, zeros);
  CHECK(play.status == 2);
  CHECK(play.err == "<stdin>:1: a NUL byte: not text\n");
  // A command line of 100 MB: refused after max_command_length bytes, never stored.
  test::ProgramOptions long_line;
  long_line.feed_bytes = 100'000'000;
  long_line.timeout = 60;
  const test::ProgramRun line = test::run_program(STENEN_EXE, {"play", puzzle("stenen/stenen1.in"), "4", "5"}, long_line);
  CHECK(line.status == 2);
  CHECK(line.err == "<stdin>:1: line longer than 4 KiB: too long for a command\n");
  CHECK(line.fed < 4096 + 4'000'000);  // stenen::max_command_length (play.hpp)
  CHECK(line.max_rss_kb < test::memory_bound_kb(line));
}

TEST_CASE("failed writes are errors, --svg is checked before the search", "[stenen][cli]") {
  const std::string s1 = puzzle("stenen/stenen1.in");
  test::check_full_stdout(STENEN_EXE, {"solve", s1, "4", "5"});
  test::check_full_stdout(STENEN_EXE, {"count", s1, "4", "5"});
  test::check_full_stdout(STENEN_EXE, {"solve", "--all", s1, "4", "5"});
  test::check_full_stdout(STENEN_EXE, {"solve", "--all", dominoes(), "10", "10", "--no-limits"});  // endless: stops
  const test::ProgramRun missing = test::run_program(STENEN_EXE, {"solve", s1, "4", "5", "--svg", "/nonexistent/x.svg"});
  CHECK(missing.status == 2);
  CHECK(missing.out.empty());  // refused before the search, not after printing the answer
  CHECK(missing.err == "/nonexistent/x.svg: cannot write: No such file or directory\n");
  const test::ProgramRun full = test::run_program(STENEN_EXE, {"solve", s1, "4", "5", "--svg", "/dev/full"});
  CHECK(full.status == 2);
  CHECK(full.err == "/dev/full: cannot write: No space left on device\n");
}

TEST_CASE("Ctrl-C stops a count (also inside play), --timeout, --help", "[stenen][cli]") {
  const std::string file = dominoes();
  test::check_interrupt(STENEN_EXE, {"count", file, "10", "10", "--no-limits"});
  test::check_interrupt(STENEN_EXE, {"solve", "--all", file, "10", "10", "--no-limits"}, SIGTERM);
  const test::ProgramRun limited = test::run_program(STENEN_EXE, {"count", "--json", file, "10", "10", "--no-limits", "--timeout", "0.5"});
  CHECK(limited.status == 3);
  CHECK_THAT(limited.out, Catch::EndsWith("\"complete\": false}\n"));
  CHECK_THAT(limited.err, Catch::Contains("stopped by the time limit (--timeout) after "));
  // In play, Ctrl-C ends the count, not the session.
  test::ProgramOptions o;
  o.stdin_path = test::scratch_file("commands.txt", "count\nmoves\nquit\n");
  o.signal_after = 1;
  const test::ProgramRun play = test::run_program(STENEN_EXE, {"play", file, "10", "10", "--no-limits"}, o);
  CHECK(play.status == 0);
  CHECK_THAT(play.out, Catch::Contains("stopped by an interrupt (Ctrl-C): the count is incomplete\n> moves\nmoves: none\n"));
  test::check_timeout_values(STENEN_EXE, {"count"}, {puzzle("stenen/stenen1.in"), "4", "5"});
  for (const std::vector<std::string>& help : {std::vector<std::string>{}, {"solve"}, {"count"}, {"play"}}) test::check_help(STENEN_EXE, help);
}

TEST_CASE("SIGTERM and --timeout end the building of a big model: exit 3 (issue 22 item 8)", "[stenen][cli]") {
  // A 1000x999 piece on a 1000x1000 board (cap_puzzle, the other cells empty): four
  // placements of a million cells, a model of seconds. SIGTERM did not end such a count: the
  // model was built without a look at the signal's flag or the clock.
  std::string cfg = "[1000,1000]\n(1000,999)[A]\n";
  for (int r = 0; r < 999; ++r) cfg += std::string(1000, '1') + "\n";
  const std::string file = test::scratch_file("near-board.cfg", cfg);
  test::ProgramOptions o;
  o.signal_after = 0.3;
  o.signal = SIGTERM;
  o.timeout = 60;
  const Run term = test::run_program(STENEN_EXE, {"count", file, "--no-limits"}, o);
  INFO(term.err);
  CHECK(term.killed_by == 0);
  CHECK(term.status == 3);
  CHECK_THAT(term.err, Catch::StartsWith("stenen: stopped by a termination signal (SIGTERM) after 0 solutions (0 "
                                         "positions examined, "));
  CHECK_THAT(term.err, Catch::EndsWith("; the count is incomplete\n"));
  const Run limited = test::run_program(STENEN_EXE, {"count", "--json", file, "--no-limits", "--timeout", "0.2"});
  CHECK(limited.status == 3);
  CHECK(limited.out == "{\"solutions\": 0, \"unique\": 0, \"positions_examined\": 0, \"seconds\": " +
                           std::regex_replace(limited.out, std::regex(R"([\s\S]*"seconds": ([0-9.]+)[\s\S]*)"), "$1") +
                           ", \"complete\": false}\n");
  CHECK_THAT(limited.err, Catch::StartsWith("stenen: stopped by the time limit (--timeout) after 0 solutions"));
}

TEST_CASE("count --memo-mb past memory, under ulimit -v: the right count (issue 22 item 13)", "[stenen][cli]") {
  // 195 identical dominoes on 30x13: the memo's doubling past a 100 MiB address space threw
  // bad_alloc (exit 4); the table now stops growing there and evicts (xcover's test counts
  // the same tilings).
  std::string text = "195\n";
  for (int i = 0; i < 195; ++i) text += "1 2\nXX\n";
  const std::string file = test::scratch_file("dominoes195.in", text);
  test::check_memo_in_capped_memory(STENEN_EXE, {"count", file, "30", "13", "--identical", "--memo", "--no-limits"},
                                    "solutions: 29252022828502441783837599760311571261637740889\n", 100 << 20);
}
