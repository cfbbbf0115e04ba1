// The command line: golden outputs (times masked), exit statuses, malformed inputs, a scripted
// play session, SVG output.
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include <fmt/format.h>
#include <catch2/catch.hpp>

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
std::string data(const std::string& name) {
  return std::string(SOLVE_TESTDATA_DIR) + "/stenen/" + name;
}

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
  // The same as JSON (the whole object: tests/data/json/stenen-solve.json, json_test).
  const Run j = stenen("solve --json " + puzzle("stenen/stenen1.in") + " 4 5");
  CHECK(j.status == 0);
  CHECK_THAT(
      j.out,
      Catch::Contains(
          "\"board\":[[1,1,3,4,5],[1,3,3,4,5],[1,3,2,4,5],[2,2,2,4,5]],"
          "\"text\":\"1 1 3 4 5\\n1 3 3 4 5\\n1 3 2 4 5\\n2 2 2 4 5\\n\","
          "\"moves\":[\"(0,0,1,1)\",\"(0,1,3,4)\",\"(0,3,4,1)\",\"(0,4,5,1)\",\"(2,0,2,1)\"]"));
}

TEST_CASE("count: stable key: value lines and JSON", "[stenen][cli]") {
  const Run r = stenen("count " + puzzle("stenen/stenen1.in") + " 4 5 --unique");
  CHECK(r.status == 0);
  CHECK(masked(r.out) ==
        "solutions: 12\npositions examined: " +
            std::regex_replace(r.out, std::regex(R"([\s\S]*examined: (\d+)[\s\S]*)"), "$1") +
            "\nseconds: T\n");
  const Run cap = stenen("count --json " + puzzle("cap_puzzle/puzzle.cfg"));
  CHECK(cap.status == 0);
  CHECK_THAT(cap.out,
             Catch::Contains("\n  \"count\": 712,\n  \"complete\": true,\n  \"unique\": 89,\n"));
  const Run dumb = stenen("count " + puzzle("stenen/stenen1.in") + " 4 5 --dumb");
  CHECK(masked(dumb.out) == slurp(data("golden/count_stenen1_dumb.txt")));
}

TEST_CASE("count --memo: exact counts beyond 2^64, the memo's figures, --stats", "[stenen][cli]") {
  // 98 identical dominoes on 14x14: 112202208776036178000000 tilings (about 2^76).
  const Run r = stenen("count " + data("dominoes98.in") + " 14 14 --identical --memo --no-limits");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(masked(r.out) == slurp(data("golden/count_dominoes98_memo.txt")));
  const Run j = stenen("count --json " + data("dominoes98.in") +
                       " 14 14 --identical --memo --memo-mb 64 --no-limits");
  CHECK_THAT(j.out, Catch::Contains(
                        "\n  \"count\": \"112202208776036178000000\",\n  \"complete\": true,\n"));
  CHECK_THAT(j.out, Catch::Contains("\"memo_lookups\":"));
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
  CHECK_THAT(unique.err,
             Catch::Contains("--memo counts labelled or --identical boards, not --unique ones"));
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
           "", "count", "count " + s1, "count " + s1 + " 4", "count " + s1 + " 4 6",
           "count " + s1 + " 4 x", "count " + s1 + " 1 20", "count " + s1 + " 4 5 --dumb --smart",
           "count " + s1 + " 4 5 --threads 0", "count " + s1 + " 4 5 --moves '(0,0,9,0)'",
           "count " + s1 + " 4 5 --moves '(0,0'", "count " + s1 + " 4 5 --bogus",
           "frobnicate " + s1, "count /nonexistent/file 4 5",
           "count " + puzzle("cap_puzzle/puzzle.cfg") + " 8 9"}) {
    INFO(args);
    const Run r = stenen(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_FALSE(r.err.empty());
  }
  CHECK_THAT(stenen("count " + s1 + " 4 5 --moves '(0,0,1,9)'").err,
             Catch::Contains("illegal move (0,0,1,9): orientation 9 out of range"));
  CHECK_THAT(stenen("count " + s1 + " 4 6").err,
             Catch::Contains("the stones cover 20 cells, the board 4x6 has 24"));
}

TEST_CASE("a piece in two parts: moyen-plus.cfg has 8 solutions (issue 7 item 1)",
          "[stenen][cli]") {
  for (const char* method : {"", " --smart", " --dumb"}) {
    INFO(method);
    const Run r = stenen("count " + puzzle("cap_puzzle/moyen-plus.cfg") + method);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("solutions: 8\nunique: 1\n"));
    const Run two = stenen("count " + data("two-part-piece.cfg") + method);
    CHECK_THAT(two.out, Catch::StartsWith("solutions: 40\nunique: 10\n"));
  }
}

TEST_CASE("option --no-limits still refuses a model too big to search (issue 7 item 8)",
          "[stenen][cli]") {
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
  const Run r =
      stenen("play " + puzzle("stenen/stenen1.in") + " 4 5", slurp(data("play_session.txt")));
  CHECK(r.status == 0);
  CHECK(masked(r.out) == slurp(data("golden/play_stenen1.txt")));
  // The count from the position in the session equals the count with --moves.
  const Run c =
      stenen("count " + puzzle("stenen/stenen1.in") + " 4 5 --moves '(0,3,1,3) (0,0,4,1)'");
  CHECK_THAT(r.out, Catch::Contains(c.out.substr(0, c.out.find('\n') + 1)));
}

TEST_CASE("play with piped commands: no escape codes, no prompts but the echo", "[stenen][cli]") {
  // Every command, a progress-worthy count and a solved board: nothing for a terminal only.
  const std::string commands =
      "help\nstones\nstones 1\norientations 4\n(0,3,1,3)\n(0,0,4,1)\ncount\nsolve\n"
      "(0,1,2,3) (1,1,3,1) (3,1,5,0)\nmoves\nundo\nshow\nquit\n";
  const Run r = stenen("play " + puzzle("stenen/stenen1.in") + " 4 5", commands);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find('\033') == std::string::npos);
  CHECK(r.out.find('\r') == std::string::npos);
  CHECK(r.out.find("stenen> ") == std::string::npos);
  CHECK_THAT(r.out, Catch::Contains("solved: all 5 stones are on the board\n"));
  // Standard output a pipe and standard input too (the shell's pipe): the same.
  const Run piped = stenen("play " + puzzle("stenen/stenen1.in") + " 4 5 < " +
                           test::scratch_file("c.txt", commands) + " | cat");
  CHECK(masked(piped.out) == masked(r.out));
}

namespace {

/// stenen play on a pseudo-terminal, typed at as a person would.
class Terminal {
 public:
  explicit Terminal(const std::vector<std::string>& args) {
    winsize size{};
    size.ws_row = 24;
    size.ws_col = 80;
    pid_ = ::forkpty(&fd_, nullptr, nullptr, &size);
    if (pid_ == 0) {
      ::setenv("TERM", "xterm", 1);
      ::setenv("HOME", test::scratch_dir().c_str(), 1);  // no ~/.editrc of the user's
      std::vector<char*> argv{const_cast<char*>(STENEN_EXE)};
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(STENEN_EXE, argv.data());
      ::_exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) ::close(fd_);
  }
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  bool started() const { return pid_ > 0; }
  const std::string& seen() const { return seen_; }

  /// Reads until `text` appears at or after `from`; where it ends, or npos after 20 seconds
  /// or at the end of the output.
  std::size_t wait_for(const std::string& text, std::size_t from) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (true) {
      if (const std::size_t at = seen_.find(text, from); at != std::string::npos)
        return at + text.size();
      if (std::chrono::steady_clock::now() > until || !read_some()) return std::string::npos;
    }
  }
  /// Types keys once the line editor reads the terminal raw (ICANON off: on Linux the master
  /// side reports the terminal's modes). Keys typed before that, while the program prints
  /// its answer, would be echoed and taken as a whole line by the terminal itself: a busy
  /// machine made that race visible.
  void type(const std::string& keys) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    termios mode{};
    while (::tcgetattr(fd_, &mode) == 0 && (mode.c_lflag & ICANON) &&
           std::chrono::steady_clock::now() < until) {
      read_some();
      ::usleep(5000);
    }
    CHECK(::write(fd_, keys.data(), keys.size()) == ssize_t(keys.size()));
  }
  /// Reads to the end; the exit status (-1 for a signal).
  int finish() {
    while (read_some()) {
    }
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  bool read_some() {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 200) == 0) return true;  // nothing yet
    char buf[4096];
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n <= 0) return false;  // EIO: the program has ended
    seen_.append(buf, std::size_t(n));
    return true;
  }

  int fd_ = -1;
  pid_t pid_ = -1;
  std::string seen_;
};

}  // namespace

TEST_CASE("play on a terminal: line editing, history, completion", "[stenen][cli]") {
#ifndef STENEN_LIBEDIT
  WARN("built without libedit: no line editing to test");
  return;
#endif
  Terminal t({"play", puzzle("stenen/stenen1.in"), "4", "5"});
  REQUIRE(t.started());
  const std::string left = "stones left: 1 2 3 4 5";
  std::size_t at = t.wait_for("stenen> ", 0);
  REQUIRE(at != std::string::npos);
  t.type("stones\r");
  at = t.wait_for(left, at);
  REQUIRE(at != std::string::npos);
  at = t.wait_for("stenen> ", at);
  // Arrow up brings back "stones".
  t.type("\033[A\r");
  at = t.wait_for(left, at);
  REQUIRE(at != std::string::npos);
  at = t.wait_for("stenen> ", at);
  // Editing in the line: "(0,0,5,1", the cursor two to the left, the 5 rubbed out, a 4 typed,
  // then to the end for the ")".
  t.type(
      "(0,0,5,1\033[D\033[D\x7f"
      "4\033[F)\r");
  at = t.wait_for("4 . . . .", at);
  INFO(t.seen());
  CHECK(at != std::string::npos);
  CHECK_THAT(t.seen(), Catch::Contains("4 . . . .\r\n4 . . . .\r\n4 . . . .\r\n4 . . . .\r\n"));
  // Tab completes a command.
  t.type("orien\t2\r");
  at = t.wait_for("stone 2 (4 cells) in its", at == std::string::npos ? 0 : at);
  CHECK(at != std::string::npos);
  t.type("quit\r");
  CHECK(t.finish() == 0);
}

TEST_CASE("option --svg draws the solution", "[stenen][cli]") {
  const fs::path svg = fs::temp_directory_path() / fmt::format("stenen_{}.svg", ::getpid());
  const Run r = stenen("solve " + puzzle("stenen/stenen1.in") + " 4 5 --svg " + svg.string());
  CHECK(r.status == 0);
  const std::string s = slurp(svg);
  CHECK_THAT(s, Catch::StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  std::size_t texts = 0;
  for (std::size_t at = s.find("<text"); at != std::string::npos; at = s.find("<text", at + 1))
    ++texts;
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
  const test::FrontEnd count{STENEN_EXE, [](const std::string& file) {
                               return std::vector<std::string>{"count", file, "4", "4"};
                             }};
  test::check_unreadable_inputs(count);
  test::check_long_line(count, 64 << 10);  // stenen::text_limits (puzzle.hpp)
  // play reads its commands in bounded memory too: /dev/zero is refused, not read for ever.
  test::ProgramOptions zeros;
  zeros.stdin_path = "/dev/zero";
  const test::ProgramRun play =
      test::run_program(STENEN_EXE, {"play", puzzle("stenen/stenen1.in"), "4", "5"}, zeros);
  CHECK(play.status == 2);
  CHECK(play.err == "<stdin>:1: a NUL byte: not text\n");
  // A command line of 100 MB: refused after max_command_length bytes, never stored.
  test::ProgramOptions long_line;
  long_line.feed_bytes = 100'000'000;
  long_line.timeout = 60;
  const test::ProgramRun line =
      test::run_program(STENEN_EXE, {"play", puzzle("stenen/stenen1.in"), "4", "5"}, long_line);
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
  test::check_full_stdout(
      STENEN_EXE, {"solve", "--all", dominoes(), "10", "10", "--no-limits"});  // endless: stops
  const test::ProgramRun missing =
      test::run_program(STENEN_EXE, {"solve", s1, "4", "5", "--svg", "/nonexistent/x.svg"});
  CHECK(missing.status == 2);
  CHECK(missing.out.empty());  // refused before the search, not after printing the answer
  CHECK(missing.err == "/nonexistent/x.svg: cannot write: No such file or directory\n");
  const test::ProgramRun full =
      test::run_program(STENEN_EXE, {"solve", s1, "4", "5", "--svg", "/dev/full"});
  CHECK(full.status == 2);
  CHECK(full.err == "/dev/full: cannot write: No space left on device\n");
}

TEST_CASE("Ctrl-C stops a count (also inside play), --timeout, --help", "[stenen][cli]") {
  const std::string file = dominoes();
  test::check_interrupt(STENEN_EXE, {"count", file, "10", "10", "--no-limits"});
  test::check_interrupt(STENEN_EXE, {"solve", "--all", file, "10", "10", "--no-limits"}, SIGTERM);
  const test::ProgramRun limited = test::run_program(
      STENEN_EXE, {"count", "--json", file, "10", "10", "--no-limits", "--timeout", "0.5"});
  CHECK(limited.status == 3);
  CHECK_THAT(limited.out, Catch::Contains("\n  \"status\": \"stopped\",\n"));
  CHECK_THAT(limited.out, Catch::Contains("\n  \"complete\": false,\n"));
  CHECK_THAT(limited.err, Catch::Contains("stopped by the time limit (--timeout) after "));
  // In play, Ctrl-C ends the count, not the session.
  test::ProgramOptions o;
  o.stdin_path = test::scratch_file("commands.txt", "count\nmoves\nquit\n");
  o.signal_after = 1;
  const test::ProgramRun play =
      test::run_program(STENEN_EXE, {"play", file, "10", "10", "--no-limits"}, o);
  CHECK(play.status == 0);
  CHECK_THAT(
      play.out,
      Catch::Contains(
          "stopped by an interrupt (Ctrl-C): the count is incomplete\n> moves\nmoves: none\n"));
  test::check_timeout_values(STENEN_EXE, {"count"}, {puzzle("stenen/stenen1.in"), "4", "5"});
  for (const std::vector<std::string>& help :
       {std::vector<std::string>{}, {"solve"}, {"count"}, {"play"}})
    test::check_help(STENEN_EXE, help);
}

TEST_CASE("SIGTERM and --timeout end the building of a big model: exit 3 (issue 22 item 8)",
          "[stenen][cli]") {
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
  CHECK_THAT(term.err, Catch::StartsWith(
                           "stenen: stopped by a termination signal (SIGTERM) after 0 solutions (0 "
                           "positions examined, "));
  CHECK_THAT(term.err, Catch::EndsWith("; the count is incomplete\n"));
  const Run limited =
      test::run_program(STENEN_EXE, {"count", "--json", file, "--no-limits", "--timeout", "0.2"});
  CHECK(limited.status == 3);
  // The JSON envelope (docs/json.md) of a count stopped before its first position.
  CHECK_THAT(limited.out,
             Catch::Contains("\"status\": \"stopped\",\n  \"count\": 0,\n  \"complete\": false,"));
  CHECK_THAT(limited.out, Catch::Contains("\"stop\":\"time_limit\",\"positions_examined\":0}"));
  CHECK_THAT(limited.err,
             Catch::StartsWith("stenen: stopped by the time limit (--timeout) after 0 solutions"));
}

TEST_CASE("count --memo-mb past memory, under ulimit -v: the right count (issue 22 item 13)",
          "[stenen][cli]") {
  // 195 identical dominoes on 30x13: the memo's doubling past a 100 MiB address space threw
  // bad_alloc (exit 4); the table now stops growing there and evicts (xcover's test counts
  // the same tilings).
  std::string text = "195\n";
  for (int i = 0; i < 195; ++i) text += "1 2\nXX\n";
  const std::string file = test::scratch_file("dominoes195.in", text);
  test::check_memo_in_capped_memory(
      STENEN_EXE, {"count", file, "30", "13", "--identical", "--memo", "--no-limits"},
      "solutions: 29252022828502441783837599760311571261637740889\n", 100 << 20);
}
