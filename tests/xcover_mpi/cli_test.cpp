// xcover-mpi as a process (issue 22, "Trust, round two"): checkpoints edited, damaged,
// oversized or in use; a split stopped by --timeout or a signal; --lost-after's values; a
// failed write of the answer; the exit status after mpirun is signalled. Each test case is
// registered with CTest under its tag (tests/xcover_mpi/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checkpoint.hpp"
#include "front_end_checks.hpp"
#include "program.hpp"

namespace {

using namespace xcover_mpi;

const std::string exe = XCOVER_MPI_BIN;
const std::string ec = std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/";
const std::string queens8 = ec + "queens-8.dlx";

// mpirun's flags as the tests' CMake configuration gives them (SOLVE_MPIEXEC_FLAGS), and -np N.
std::vector<std::string> mpirun_flags(int ranks) {
  std::vector<std::string> out;
  std::istringstream flags(MPIRUN_FLAGS);
  for (std::string w; flags >> w;) out.push_back(w);
  out.insert(out.end(), {MPIRUN_NP_FLAG, std::to_string(ranks)});
  return out;
}

// The arguments of mpirun that runs xcover-mpi args on N ranks.
std::vector<std::string> under_mpirun(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> out = mpirun_flags(ranks);
  out.push_back(exe);
  out.insert(out.end(), args.begin(), args.end());
  return out;
}

// mpirun and its flags as one command line (for --mpirun and the shell): "mpirun --oversubscribe -np 2".
std::string mpirun_command(int ranks) {
  return fmt::format("{} {}", MPIRUN, fmt::join(mpirun_flags(ranks), " "));
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// A checkpoint of queens-8 cut in 20 parts, counted in full (on 2 ranks).
std::string queens8_checkpoint(const std::string& name) {
  const std::string path = test::scratch_dir() + "/" + name;
  std::filesystem::remove(path);
  const test::ProgramRun r = test::run_program(
      MPIRUN, under_mpirun(2, {"--count", "--split", "20", "--checkpoint", path, queens8}));
  REQUIRE(r.status == 0);
  REQUIRE(r.out == "solutions: 92\n");
  return path;
}

const CheckpointHeader queens8_header{0x9adaaf7ec1ec6be5u, 921, 20, 20};

}  // namespace

TEST_CASE("resume: an edited count is refused (issue 22, item 1)", "[edited]") {
  const std::string path = queens8_checkpoint("edited.ckpt");
  const std::string original = test::slurp(path);
  REQUIRE(original.starts_with(format_header(queens8_header)));
  std::string text = original;
  // The first part's count becomes a million: it was added in (solutions: 1000087, exit 0).
  const std::size_t line4 = text.find("\ndone ") + 1;
  const std::size_t count = text.find(' ', line4 + 5) + 1;
  text.replace(count, text.find(' ', count) - count, "1000000");
  std::ofstream(path, std::ios::binary) << text;
  const test::ProgramRun r = test::run_program(
      MPIRUN, under_mpirun(2, {"--count", "--split", "20", "--resume", path, queens8}));
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find(path + ":4: the check sum does not match the line: it was damaged or edited") !=
        std::string::npos);
  // Untouched, the same file finishes the count.
  std::ofstream(path, std::ios::binary) << original;
  const test::ProgramRun ok =
      test::run_program(MPIRUN, under_mpirun(2, {"--count", "--resume", path, queens8}));
  CHECK(ok.status == 0);
  CHECK(ok.out == "solutions: 92\n");
}

TEST_CASE("resume: the parts line is bounded before the split (issue 22, item 4)",
          "[parts_bound]") {
  // 'parts 100000000 12' with the right hash, and a right check too: refused at once.
  const std::string path = test::scratch_file(
      "huge.ckpt", format_header({queens8_header.problem_hash, 921, 100000000, 12}));
  const auto start = std::chrono::steady_clock::now();
  const test::ProgramRun r = test::run_program(exe, {"--count", "--resume", path, queens8});
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(
      r.err.find(path + ":3: 100000000 parts asked: out of bounds (--split takes 1 to 1000000)") !=
      std::string::npos);
  CHECK(seconds_since(start) < 10);  // (it split for minutes)
  const std::string many = test::scratch_file(
      "many.ckpt", format_header({queens8_header.problem_hash, 921, 20, 100000}));
  const test::ProgramRun m = test::run_program(exe, {"--count", "--resume", many, queens8});
  CHECK(m.status == 2);
  CHECK(m.err.find(":3: 100000 parts made of 20 asked: more than a split of this problem can give "
                   "(at most 84)") != std::string::npos);
}

TEST_CASE("resume: a big checkpoint is read line by line in bounded memory (issue 22, item 14)",
          "[reader_memory]") {
  // Written as it is made: the test process must not hold 100 MB when it forks the program
  // (its memory counts in the child's peak).
  const std::string path = test::scratch_dir() + "/big.ckpt";
  const CheckpointHeader h{queens8_header.problem_hash, 921, 1000000, 1000000};
  const auto write = [&](auto&& body) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    body(out);
    REQUIRE(out.good());
    return std::filesystem::file_size(path);
  };
  const auto run = [&](const char* what, std::uint64_t bytes, const std::string& message) {
    const auto start = std::chrono::steady_clock::now();
    const test::ProgramRun r = test::run_program(exe, {"--count", "--resume", path, queens8});
    const double seconds = seconds_since(start);
    const double ratio = double(r.max_rss_kb) * 1024 / double(bytes);
    WARN(fmt::format("{}: {:.0f} MB, exit {}, {:.2f} s, peak RSS {} KiB: {:.3f} of the input", what,
                     bytes / 1e6, r.status, seconds, r.max_rss_kb, ratio));
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find(message) != std::string::npos);
    // The run's own memory (MPI, the problem, a read buffer, a bit per part) and no copy of
    // the text: about 15 MiB here in Release (the text was split into lines: 640 MB for 100 MB).
    CHECK(r.max_rss_kb < test::memory_bound_kb(r, std::uint64_t(4) << 20));
    return ratio;
  };

  // Valid-looking: a million right lines of 100 bytes, then one damaged: read to the end (the
  // peak RSS of the program over the file's size is the figure).
  std::mt19937_64 random(22);
  const std::string count = "1" + std::string(45, '0');
  const std::uint64_t valid = write([&](std::ofstream& out) {
    out << format_header(h);
    PartResult r;
    r.count = *parse_count(count);
    r.stats.nodes = 123456789;
    r.stats.seconds = 0.5;
    const std::string first = format_done(r, done_key(h));  // as the program writes them
    std::string line;
    for (std::size_t p = 0; p < h.parts; ++p) {
      line = fmt::format("done {} {} 123456789 0 0 0.500000 0 0 0 0", p, count);
      out << line << fmt::format(" {:016x}\n", line_check(done_key(h), line));
      if (p == 0) REQUIRE(line + fmt::format(" {:016x}\n", line_check(done_key(h), line)) == first);
    }
    out << "done 0 1 1 1 1 0.5 0 0 0 0 0123456789abcdef\n";
  });
  REQUIRE(valid > 90'000'000);
  CHECK(run("valid-looking", valid, path + ":1000004: the check sum does not match the line") <
        0.35);  // 0.15 here

  // Garbage after a right header (1000 random lines of 100 bytes, 300 times): stops at its
  // first line.
  const std::uint64_t garbage = write([&](std::ofstream& out) {
    out << format_header(h);
    std::string lines;
    for (int k = 0; k < 1000; ++k) {
      for (int c = 0; c < 99; ++c) lines += char(' ' + random() % 95);
      lines += '\n';
    }
    for (int k = 0; k < 300; ++k) out << lines;
  });
  run("garbage after the header", garbage, path + ":4: expected 'done INDEX");

  // Garbage from the start, without a newline: stops after a line's length.
  const std::uint64_t no_newline = write([&](std::ofstream& out) {
    const std::string block(1 << 20, 'x');
    for (int k = 0; k < 30; ++k) out << block;
  });
  run("one line of garbage", no_newline, path + ":1: line longer than 4608 bytes");

  // A checkpoint of 20 parts cannot have 30 MB: refused before its lines are read.
  const std::uint64_t oversized = write([&](std::ofstream& out) {
    out << format_header(queens8_header);
    const std::string block(1 << 20, '\n');
    for (int k = 0; k < 30; ++k) out << block;
  });
  run("20 parts in 30 MB", oversized,
      fmt::format("{}: {} bytes: more than a checkpoint of 20 parts can hold", path, oversized));
  std::filesystem::remove(path);
}

TEST_CASE("resume: a checkpoint in use by another run is refused (issue 22, item 6)", "[in_use]") {
  const std::string path = queens8_checkpoint("in-use.ckpt");
  {
    // This process holds the checkpoint as a run does.
    Checkpoint c;
    const CheckpointFile held =
        CheckpointFile::resume(path, {queens8_header.problem_hash, 921, 0, 92}, c);
    const test::ProgramRun r =
        test::run_program(MPIRUN, under_mpirun(2, {"--count", "--resume", path, queens8}));
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("checkpoint " + path + " is in use by another run") != std::string::npos);
  }
  // Two runs at once (each 4 s at most): the second is refused, the first appends alone, and
  // the file is whole (it had 245 'done' lines for 129 parts, and was refused next).
  const std::string slow = test::scratch_dir() + "/slow.ckpt";
  std::filesystem::remove(slow);
  const std::string macmahon = ec + "macmahon-hexagon.dlx";
  const test::ProgramRun first =
      test::run_program(exe, {"--count", "--timeout", "1", "--checkpoint", slow, macmahon});
  REQUIRE(first.status == 3);
  const std::string resume =
      fmt::format("{} --count --timeout 4 --no-progress --resume {} {}", test::shell_quoted(exe),
                  test::shell_quoted(slow), test::shell_quoted(macmahon));
  const std::string first_err = test::shell_quoted(test::scratch_dir() + "/first.err");
  const test::ProgramRun both = test::run_shell(
      fmt::format("{0} 2>{1} & first=$!\n"
                  // until the first run holds its lock (seen in /proc/locks, without taking it)
                  "inode=$(stat -c %i {2}); for k in $(seq 200); do grep -q \":$inode \" "
                  "/proc/locks && break; sleep 0.05; done\n"
                  "{0}; echo \"second: $?\"\n"
                  "wait $first; echo \"first: $?\"; cat {1} >&2",
                  resume, first_err, test::shell_quoted(slow)));
  INFO(both.err);
  CHECK(both.out == "second: 2\nfirst: 3\n");
  CHECK(both.err.find("checkpoint " + slow + " is in use by another run") != std::string::npos);
  const test::ProgramRun after =
      test::run_program(exe, {"--count", "--timeout", "1", "--resume", slow, macmahon});
  INFO(after.err);
  CHECK(after.status == 3);  // read without complaint (and stopped by its --timeout)
}

TEST_CASE("split: stopped by --timeout or a signal (issue 22, item 5)", "[split_stop]") {
  const std::string macmahon = ec + "macmahon-hexagon.dlx";
  auto start = std::chrono::steady_clock::now();
  const test::ProgramRun t =
      test::run_program(exe, {"--count", "--split", "1000000", "--timeout", "5", macmahon});
  const double timed = seconds_since(start);
  INFO(t.err);
  CHECK(t.status == 3);
  CHECK(t.out.empty());
  CHECK(t.err.find("xcover-mpi: stopped by the time limit (--timeout) while splitting the problem "
                   "into 1000000 parts") != std::string::npos);
  CHECK(timed < 15);  // (it split on for minutes)
  test::ProgramOptions o;
  o.signal = SIGTERM;
  o.signal_after = 1;
  o.timeout = 60;
  start = std::chrono::steady_clock::now();
  const std::string ckpt = test::scratch_dir() + "/split-stop.ckpt";
  std::filesystem::remove(ckpt);
  const test::ProgramRun s =
      test::run_program(exe, {"--count", "--split", "1000000", "--checkpoint", ckpt, macmahon}, o);
  INFO(s.err);
  CHECK(s.status == 3);
  CHECK(s.killed_by == 0);
  CHECK(s.err.find("stopped by a termination signal (SIGTERM) while splitting") !=
        std::string::npos);
  CHECK(s.err.find(ckpt + " was not created") != std::string::npos);
  CHECK(seconds_since(start) < 10);
  CHECK_FALSE(std::filesystem::exists(ckpt));
}

TEST_CASE("option --lost-after: only a finite number of seconds >= 1 (issue 22, item 16)",
          "[lost_after]") {
  for (const char* bad : {"nan", "inf", "0", "-1", "0.5", "soon"}) {
    INFO("--lost-after '" << bad << "'");
    const test::ProgramRun r = test::run_program(exe, {"--count", "--lost-after", bad, queens8});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("--lost-after: expected a number of seconds from 1 to 1e+09, got '" +
                     std::string(bad) + "'") != std::string::npos);
  }
  const test::ProgramRun ok = test::run_program(exe, {"--count", "--lost-after", "2.5", queens8});
  CHECK(ok.status == 0);
}

TEST_CASE("the answer cannot be written: exit 2, under mpirun too (issue 22, item 15)",
          "[full_stdout]") {
  test::check_full_stdout(exe, {"--count", queens8});  // one process, no mpirun
  test::check_full_stdout(
      MPIRUN, under_mpirun(2, {"--count", queens8}));  // mpirun copied it, ignoring the failure
  test::check_full_stdout(MPIRUN, under_mpirun(1, {"--count", "--split", "4", queens8}));
  test::check_full_stdout(exe, {"--mpirun", mpirun_command(2), "--count", queens8});
  // Written through mpirun's own standard output: a pipe, a file, both streams in one file.
  const test::ProgramRun piped = test::run_shell(
      fmt::format("{} {} | cat", MPIRUN,
                  fmt::join(under_mpirun(2, {"--count", test::shell_quoted(queens8)}), " ")));
  CHECK(piped.status == 0);
  CHECK(piped.out == "solutions: 92\n");
  const std::string both = test::scratch_dir() + "/both.txt";
  const test::ProgramRun file = test::run_shell(fmt::format(
      "{} {} >{} 2>&1", MPIRUN,
      fmt::join(under_mpirun(2, {"--count", "--stats", test::shell_quoted(queens8)}), " "),
      test::shell_quoted(both)));
  CHECK(file.status == 0);
  const std::string text = test::slurp(both);
  CHECK(text.find("solutions: 92\n") != std::string::npos);
  CHECK(text.find("\nparts: ") != std::string::npos);
}

TEST_CASE("Ctrl-C or SIGTERM to mpirun: exit 3 through --mpirun (issue 22, item 17)",
          "[signalled]") {
  // mpirun, signalled, exits with 1 whatever the ranks say; with --mpirun this program waits
  // for it and exits with rank 0's status. Here mpirun itself gets SIGTERM after 2 s.
  const std::string ckpt = test::scratch_dir() + "/signalled.ckpt";
  std::filesystem::remove(ckpt);
  const std::string launcher =
      fmt::format("{} --mpirun {} --count --no-progress --checkpoint {} {}",
                  test::shell_quoted(exe), test::shell_quoted(mpirun_command(2)),
                  test::shell_quoted(ckpt), test::shell_quoted(ec + "macmahon-hexagon.dlx"));
  const test::ProgramRun r = test::run_shell(fmt::format(
      "{0} & launcher=$!\n"
      // once the count is on (the checkpoint is made after the split), signal mpirun itself
      "for k in $(seq 300); do [ -s {1} ] && break; sleep 0.1; done; sleep 0.5\n"
      "mpirun=$(cat /proc/$launcher/task/$launcher/children)\n"
      "kill -TERM $mpirun; wait $launcher; echo \"status: $?\"",
      launcher, test::shell_quoted(ckpt)));
  INFO(r.err);
  CHECK(r.out == "status: 3\n");
  CHECK(r.err.find("xcover-mpi: stopped by a termination signal (SIGTERM) after") !=
        std::string::npos);
  CHECK(r.err.find("go on with --resume " + ckpt) != std::string::npos);

  // The launcher alone signalled (as by `kill`): it passes the signal on to mpirun.
  std::filesystem::remove(ckpt);
  test::ProgramOptions o;
  o.signal = SIGTERM;
  o.signal_after = 2;
  o.timeout = 60;
  const test::ProgramRun l =
      test::run_program(exe,
                        {"--mpirun", mpirun_command(2), "--count", "--no-progress", "--checkpoint",
                         ckpt, ec + "macmahon-hexagon.dlx"},
                        o);
  INFO(l.err);
  CHECK(l.killed_by == 0);
  CHECK(l.status == 3);
  CHECK(l.err.find("stopped by a termination signal (SIGTERM)") != std::string::npos);
}
