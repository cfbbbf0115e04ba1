// apps_common in-process: what every front-end relies on.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <new>
#include <sstream>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <solve/error.hpp>

#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/options.hpp"
#include "common/output.hpp"
#include "common/progress.hpp"
#include "common/report.hpp"
#include "common/run.hpp"
#include "common/spelling.hpp"
#include "common/text_file.hpp"
#include "common/version.hpp"
#include "program.hpp"

namespace {

struct Guarded {
  int status;
  std::string err;
};

Guarded guard(const std::function<int()>& body) {
  std::ostringstream err;
  const int status = cli::guarded("prog", body, err);
  return {status, err.str()};
}

constexpr cli::TextLimits small{100, 10, "a test file"};

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("guarded maps every exception to an exit status and one line", "[apps_common]") {
  CHECK(guard([] { return 1; }).status == cli::no_solution);
  CHECK(guard([] { return 3; }).err.empty());
  const Guarded input = guard([]() -> int { throw solve::InputError("f.txt:3:4: bad"); });
  CHECK(input.status == cli::bad_input);
  CHECK(input.err == "f.txt:3:4: bad\n");
  const Guarded model = guard([]() -> int { throw solve::ModelError("no colours here"); });
  CHECK(model.status == cli::bad_input);
  CHECK(model.err == "prog: no colours here\n");
  const Guarded write = guard([]() -> int { throw cli::WriteError("x.svg: cannot write: full"); });
  CHECK(write.status == cli::bad_input);
  CHECK(write.err == "x.svg: cannot write: full\n");
  const Guarded usage = guard([]() -> int { throw CLI::ValidationError("SIZE", "give both"); });
  CHECK(usage.status == cli::bad_input);
  CHECK(usage.err.starts_with("prog: SIZE"));
  const Guarded memory = guard([]() -> int { throw std::bad_alloc(); });
  CHECK(memory.status == cli::internal);
  CHECK(memory.err == "prog: internal error: out of memory (std::bad_alloc)\n");
  const Guarded bug = guard([]() -> int { throw std::logic_error("broken invariant"); });
  CHECK(bug.status == cli::internal);
  CHECK(bug.err == "prog: internal error: broken invariant\n");
  const Guarded odd = guard([]() -> int { throw 42; });
  CHECK(odd.status == cli::internal);
  CHECK(odd.err == "prog: internal error: unexpected exception\n");
}

TEST_CASE("read_text_file: limits, positions, BOM", "[apps_common]") {
  const auto write = test::scratch_file;
  const std::string ok = write("ok.txt",
                               "\xEF\xBB\xBF"
                               "ab\ncd");
  const cli::TextFile f = cli::read_text_file(ok, small);
  CHECK(f.name == ok);
  CHECK(f.text == "ab\ncd");
  const std::string big = write("big.txt", std::string(101, '\n'));
  CHECK(error_of([&] { cli::read_text_file(big, small); }) ==
        big + ": more than 100 bytes: too large for a test file");
  const std::string exactly = write("exactly.txt", std::string(100, '\n'));
  CHECK(cli::read_text_file(exactly, small).text.size() == 100);
  const std::string wide = write("wide.txt", "short\n0123456789\n01234567890\n");
  CHECK(error_of([&] { cli::read_text_file(wide, small); }) ==
        wide + ":3: line longer than 10 bytes: too long for a test file");
  const std::string nul = write("nul.txt", std::string("a\nbc\0d", 6));
  CHECK(error_of([&] { cli::read_text_file(nul, small); }) ==
        nul + ":2:3: a NUL byte: not a text file");
  // The first error in the text's order: a NUL past the limit comes after the line's 11th
  // byte; one at the 11th byte comes first.
  const std::string late = write("late.txt", std::string("0123456789ab\0", 13));
  CHECK(error_of([&] { cli::read_text_file(late, small); }) ==
        late + ":1: line longer than 10 bytes: too long for a test file");
  const std::string at = write("at.txt", std::string("x\n0123456789\0", 13));
  CHECK(error_of([&] { cli::read_text_file(at, small); }) ==
        at + ":2:11: a NUL byte: not a text file");
  // Columns go on across the 64 KiB blocks read.
  const cli::TextLimits roomy{1 << 20, 1 << 20, "a test file"};
  std::string long_line(70000, 'a');
  long_line[69999] = '\0';
  const std::string far = write("far.txt", "\n" + long_line);
  CHECK(error_of([&] { cli::read_text_file(far, roomy); }) ==
        far + ":2:70000: a NUL byte: not a text file");
  const cli::TextLimits narrower{1 << 20, 65540, "a test file"};
  const std::string wide_block =
      write("wide_block.txt", std::string(65540, 'b') + "\n" + std::string(65541, 'c'));
  CHECK(error_of([&] { cli::read_text_file(wide_block, narrower); }) ==
        wide_block + ":2: line longer than 65540 bytes: too long for a test file");
  CHECK(error_of([&] { cli::read_text_file(test::scratch_dir(), small); }) ==
        test::scratch_dir() + ": is a directory");
  CHECK(cli::size_text(64 << 20) == "64 MiB");
  CHECK(cli::size_text(16 << 10) == "16 KiB");
  CHECK(cli::size_text(1000) == "1000 bytes");
}

TEST_CASE("LineInput: bounded lines from a stream", "[apps_common]") {
  std::istringstream in("one\r\n\ntoo long line\nlast");
  cli::LineInput lines(in, "<stdin>", small);
  std::string line;
  CHECK(lines.next(line));
  CHECK(line == "one");
  CHECK(lines.next(line));
  CHECK(line.empty());
  CHECK(error_of([&] { lines.next(line); }) ==
        "<stdin>:3: line longer than 10 bytes: too long for a test file");
  std::istringstream zeros(std::string(5, '\0'));
  cli::LineInput nul(zeros, "<stdin>", small);
  CHECK(error_of([&] { nul.next(line); }) == "<stdin>:1: a NUL byte: not text");
  std::istringstream end("last");
  cli::LineInput tail(end, "<stdin>", small);
  CHECK(tail.next(line));
  CHECK(line == "last");
  CHECK_FALSE(tail.next(line));
}

TEST_CASE("output files: checked before, every write checked", "[apps_common]") {
  const std::string dir = test::scratch_dir();
  CHECK_NOTHROW(cli::check_writable(dir + "/new.txt"));
  CHECK_FALSE(std::ifstream(dir + "/new.txt"));  // nothing created
  CHECK(error_of([&] { cli::check_writable(dir); }) == dir + ": cannot write: is a directory");
  CHECK(error_of([&] { cli::check_writable(dir + "/missing/x.txt"); }) ==
        dir + "/missing/x.txt: cannot write: No such file or directory");
  CHECK(error_of([] { cli::write_file("/dev/full", "text"); }) ==
        "/dev/full: cannot write: No space left on device");
  cli::write_file(dir + "/out.txt", "line\n");
  CHECK(test::slurp(dir + "/out.txt") == "line\n");
  cli::OutputFile full("/dev/full");
  for (int i = 0; i < 100000 && full.stream(); ++i) full.stream() << "a line of text\n";
  CHECK_FALSE(full.stream());  // a search can stop at once
  CHECK(error_of([&] { full.close(); }) == "/dev/full: cannot write: No space left on device");
}

TEST_CASE("option validators: short messages, 0 is no limit", "[apps_common]") {
  const auto parse = [](std::vector<std::string> args) {
    CLI::App app;
    double seconds = -1;
    std::uint64_t nodes = 7;
    cli::add_timeout(app, seconds);
    cli::add_max_nodes(app, nodes);
    std::reverse(args.begin(), args.end());
    try {
      app.parse(args);
    } catch (const CLI::ParseError& e) {
      return std::string(e.what());
    }
    return std::to_string(seconds) + " " + std::to_string(nodes);
  };
  CHECK(parse({"--timeout", "0"}) == "0.000000 7");
  CHECK(parse({"--timeout", "2.5", "--max-nodes", "0"}) == "2.500000 0");
  CHECK(parse({"--timeout", "nan"}) ==
        "--timeout: expected a number of seconds from 0 to 1e+09 (0: no limit), got 'nan'");
  CHECK(parse({"--timeout", "1e300"}).starts_with("--timeout: expected"));
  CHECK(parse({"--max-nodes", "1.5"}) == "--max-nodes: expected a whole number >= 0, got '1.5'");
  CHECK(parse({"--max-nodes", "99999999999999999999"}).starts_with("--max-nodes: expected"));

  // seconds_between: CLI::Range let nan through (xcover-mpi --lost-after nan: every rank dead).
  const auto lost_after = [](const std::string& value) {
    CLI::App app;
    double seconds = 60;
    app.add_option("--lost-after", seconds)->check(cli::seconds_between(1, 10));
    try {
      app.parse(std::vector<std::string>{value, "--lost-after"});
    } catch (const CLI::ParseError& e) {
      return std::string(e.what());
    }
    return std::to_string(seconds);
  };
  CHECK(lost_after("2.5") == "2.500000");
  CHECK(lost_after("1") == "1.000000");
  for (const char* bad : {"nan", "-nan", "inf", "0", "-1", "0.99", "10.5", "x", ""})
    CHECK(lost_after(bad) == "--lost-after: expected a number of seconds from 1 to 10, got '" +
                                 std::string(bad) + "'");
}

TEST_CASE("interrupt guard: a second signal kills, unless told it need not", "[apps_common]") {
  {
    const cli::InterruptGuard guard(false);
    std::raise(SIGTERM);
    CHECK(cli::cancel_flag());
    std::raise(SIGTERM);  // (a launcher's after the user's): still alive
    std::raise(SIGINT);
    CHECK(cli::InterruptGuard::signal() == SIGTERM);  // the first one is the one named
  }
  const cli::InterruptGuard guard;
  CHECK_FALSE(cli::cancel_flag());
  std::raise(SIGINT);
  CHECK(cli::cancel_flag());
  CHECK(cli::InterruptGuard::signal() == SIGINT);
}

TEST_CASE("statistics and stop messages", "[apps_common]") {
  solve::Stats s;
  s.solutions = 2;
  s.nodes = 10;
  s.failures = 3;
  s.propagations = 40;
  s.updates = 50;
  s.max_depth = 4;
  s.seconds = 0.25;
  CHECK(cli::format_stats(s, solve::StopReason::exhausted, cli::Counters::csp) ==
        "solutions: 2\nnodes: 10\nfailures: 3\npropagations: 40\nmax depth: 4\nseconds: "
        "0.250000\nstopped: exhausted\n");
  CHECK(cli::format_stats(s, solve::StopReason::node_limit, cli::Counters::exact_cover) ==
        "solutions: 2\nnodes: 10\nupdates: 50\nmax depth: 4\nseconds: 0.250000\nstopped: node "
        "limit (partial)\n");
  CHECK(cli::cut_short(solve::StopReason::time_limit));
  CHECK(cli::cut_short(solve::StopReason::cancelled));
  CHECK_FALSE(cli::cut_short(solve::StopReason::solution_limit));
  CHECK_FALSE(cli::cut_short(solve::StopReason::by_callback));
  CHECK(cli::stopped_message("prog", solve::StopReason::time_limit, "after 3 solutions") ==
        "prog: stopped by the time limit (--timeout) after 3 solutions");
}

TEST_CASE("progress line: the time left at the pace so far", "[apps_common]") {
  CHECK(cli::time_left(10, 0.0005).empty());  // too little done to tell
  CHECK(cli::time_left(10, std::nan("")).empty());
  CHECK(cli::time_left(10, 0.5) == ", about 10 s left");
  CHECK(cli::time_left(3, 0.75) == ", about 1.0 s left");
  CHECK(cli::time_left(30, 0.2) == ", about 2.0 min left");
  CHECK(cli::time_left(600, 0.1) == ", about 90 min left");
  CHECK(cli::time_left(3600, 0.25) == ", about 3.0 h left");
  CHECK(cli::time_left(86400, 0.01) == ", about 99 days left");
  CHECK(cli::time_left(5, 1) == ", about 0.0 s left");
}

TEST_CASE("did you mean: misspelt options and subcommands", "[apps_common][cli]") {
  CLI::App app{"test", "prog"};
  double timeout = 0;
  bool all = false;
  app.add_option("--timeout", timeout);
  CLI::App* solve = app.add_subcommand("solve", "");
  solve->add_flag("--all_solutions", all);
  app.add_subcommand("count", "");
  CHECK(cli::edit_distance("sovle", "solve") == 1);
  CHECK(cli::edit_distance("", "abc") == 3);
  CHECK(cli::edit_distance("kitten", "sitting") == 3);
  CHECK(cli::did_you_mean(app, {"sovle", "x.txt"}) ==
        "unknown command 'sovle': did you mean 'solve'?");
  CHECK(cli::did_you_mean(app, {"solve", "--tiemout", "3"}) ==
        "unknown option '--tiemout': did you mean '--timeout'?");
  CHECK(cli::did_you_mean(app, {"solve", "--all-solution"}) ==
        "unknown option '--all-solution': did you mean '--all_solutions'?");
  CHECK_FALSE(cli::did_you_mean(app, {"solve", "x.txt", "--timeout", "3"}));
  CHECK_FALSE(cli::did_you_mean(app, {"bogus"}));  // near nothing
  CHECK_FALSE(cli::nearest("ab", {"a", "b"}));     // as far as it is long: no guess
}

TEST_CASE("option spellings: '_' for '-', one dash for two where asked", "[apps_common][cli]") {
  CLI::App app{"test", "prog"};
  bool all = false;
  app.add_flag("--all_solutions", all);
  app.add_flag("--no-rotations", all);
  using V = std::vector<std::string>;
  CHECK(cli::known_spellings(app, V{"--all-solutions", "--no_rotations=1", "-x", "f"}, false) ==
        V{"--all_solutions", "--no-rotations=1", "-x", "f"});
  CHECK(cli::known_spellings(app, V{"-all_solutions", "-no_rotations"}, false) ==
        V{"-all_solutions", "-no_rotations"});
  CHECK(cli::known_spellings(app, V{"-all_solutions", "-no_rotations", "--", "-all_solutions"},
                             true) ==
        V{"--all_solutions", "--no-rotations", "--", "-all_solutions"});
}

TEST_CASE("option --version: the program, the version and exit 0", "[apps_common][cli]") {
  CLI::App app{"test", "prog"};
  CHECK(cli::parse(app, std::vector<std::string>{"--version"}) == 0);
  CHECK(cli::version_text("prog").starts_with("prog 0."));
  CHECK(cli::parse(app, std::vector<std::string>{"--verison"}) == 2);
}
