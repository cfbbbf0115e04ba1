// Command-line handling: course spellings, bad flags and values exit 2.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "cli.hpp"
#include "common/learning.hpp"
#include "front_end_checks.hpp"
#include "program.hpp"
#include "puzzle_reader.hpp"
#include "tile_xml.hpp"

using namespace carcassonne;

namespace {
const std::string puzzle1 = SOLVE_PUZZLES_DIR "/carcassonne/puzzle1.txt";
}

TEST_CASE("every option takes one dash or two, '_' or '-'", "[carcassonne][cli]") {
  // Each spelling of -all_solutions and -board_dimensions: the same answer (exit 0, two maps
  // at most on a 2x3 board) as the course's own spelling.
  const int course = run_sequence({puzzle1, "-all_solutions", "-board_dimensions", "2", "3"});
  for (const auto& [all, dims] : {std::pair{"--all_solutions", "--board_dimensions"},
                                  {"--all-solutions", "--board-dimensions"},
                                  {"-all-solutions", "-board-dimensions"}})
    CHECK(run_sequence({puzzle1, all, dims, "2", "3"}) == course);
  const std::string tiles = SOLVE_PUZZLES_DIR "/carcassonne/square/hard16-k3.xml";
  CHECK(run_square({tiles, "-no-rotations", "-timeout", "5"}) == 0);
  CHECK(run_square({tiles, "--no_rotations", "-o", "/dev/null"}) == 0);
  CHECK(run_sequence({puzzle1, "-bogus"}) == 2);
}

TEST_CASE("bad values and flags exit 2", "[carcassonne][cli]") {
  CHECK(run_sequence({puzzle1, "-tile_size", "12"}) == 2);
  CHECK(run_sequence({puzzle1, "-tile_size", "9"}) == 2);
  CHECK(run_sequence({puzzle1, "-board_dimensions", "0", "3"}) == 2);
  CHECK(run_sequence({puzzle1, "-board_dimensions", "3"}) == 2);
  CHECK(run_sequence({puzzle1, "--bogus"}) == 2);
  CHECK(run_sequence({}) == 2);
  CHECK(run_square({"--timeout", "-1"}) == 2);
  CHECK(run_square({"--timeout", "soon"}) == 2);
}

namespace {

using Run = test::ProgramRun;

/// Runs the carcassonne binary with a shell argument string.
Run run(const std::string& args) {
  return test::run_shell(std::string(CARCASSONNE_BIN) + " " + args);
}

const std::string dir = SOLVE_PUZZLES_DIR "/carcassonne/";

}  // namespace

TEST_CASE("the program: answers, no solution, bad input", "[carcassonne][cli]") {
  const Run five = run(dir + "puzzle5.txt -board_dimensions 4 3");
  CHECK(five.status == 0);
  std::ifstream expected(dir + "output5.txt");
  CHECK(five.out == std::string(std::istreambuf_iterator<char>(expected), {}));

  const Run three = run(dir + "puzzle3.txt --all_solutions");
  CHECK(three.status == 1);
  CHECK(three.out == "No Solutions.\n");

  const Run bad = run(std::string(SOLVE_TESTDATA_DIR) + "/carcassonne/illegal_opposite.txt");
  CHECK(bad.status == 2);
  CHECK(bad.out.empty());
  CHECK(bad.err.find("illegal_opposite.txt:1: illegal tile") != std::string::npos);

  const Run size = run(dir + "puzzle1.txt -tile_size 10");
  CHECK(size.status == 2);
  CHECK(size.out.empty());

  const Run square = run("square");
  CHECK(square.status == 0);
  CHECK(square.out.find("<tiles>") != std::string::npos);
  CHECK(square.err == "biggest square: 8 (= floor(sqrt(72)), optimal)\n");

  const Run xml = run("square " + std::string(SOLVE_TESTDATA_DIR) + "/carcassonne/bad_label.xml");
  CHECK(xml.status == 2);
  CHECK(xml.out.empty());
  CHECK(xml.err.find("bad_label.xml:3:1: left=\"water\"") != std::string::npos);
}

TEST_CASE("issue 7: hostile flags and inputs get a message and an exit status",
          "[carcassonne][cli]") {
  const std::string data = std::string(SOLVE_TESTDATA_DIR) + "/carcassonne/";
  for (const char* size : {"65537", "32769", "101"}) {  // item 5: SIGSEGV / bad_alloc before
    const Run r = run(dir + "puzzle1.txt -tile_size " + size);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err ==
          std::string("carcassonne: -tile_size must be odd, 11 to 99 (got ") + size + ")\n");
  }
  const Run none = run(data + "c-past12.txt");  // item 6: 25 s and 235 MB before
  CHECK(none.status == 1);
  CHECK(none.out == "No Solutions.\n");
  const Run stats = run(data + "city100.txt -allow_rotations --stats");
  CHECK(stats.status == 1);
  CHECK(stats.err.rfind("no search: the outline of a map of 100 tiles", 0) == 0);

  const Run partial = run(dir + "puzzle9.txt -all_solutions -allow_rotations --max-nodes 2000");
  CHECK(partial.status == 3);
  CHECK(partial.out.find("\nPartial: ") != std::string::npos);
  CHECK(partial.out.find(
            "stopped by the node limit (--max-nodes) before the search was complete.\n") !=
        std::string::npos);
  // standard error says the same, in the words every front-end uses
  CHECK(partial.err.find("carcassonne: stopped by the node limit (--max-nodes) after ") == 0);
  CHECK(partial.err.find("; the list is incomplete\n") != std::string::npos);
  CHECK(run(dir + "puzzle9.txt -all_solutions -allow_rotations --timeout 600").status == 0);
  CHECK(run(dir + "puzzle1.txt --timeout -1").status == 2);
  CHECK(run(dir + "puzzle1.txt --timeout nan").status == 2);

  const Run zero = run("square /dev/zero");  // read in bounded memory
  CHECK(zero.status == 2);
  CHECK(zero.err == "/dev/zero:1:1: a NUL byte: not a text file\n");
  CHECK(run("square " + data).err.find("is a directory") != std::string::npos);
}

// ---- The behaviour all front-ends share (apps/common, tests/common) ----

namespace {

const std::string bin = CARCASSONNE_BIN;

// n pasture tiles: every polyomino of n cells is a map, far too many to list them all.
std::string pastures(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += "tile pasture pasture pasture pasture\n";
  return test::scratch_file("pastures.txt", text);
}

}  // namespace

TEST_CASE("unreadable and hostile inputs: exit 2 in bounded memory", "[carcassonne][cli]") {
  const test::FrontEnd sequence{
      bin, [](const std::string& file) { return std::vector<std::string>{file}; }};
  test::check_unreadable_inputs(sequence);
  test::check_long_line(sequence, text_limits.max_line);
  const test::FrontEnd square{bin, [](const std::string& file) {
                                return std::vector<std::string>{"square", file};
                              }};
  test::check_unreadable_inputs(square);
  // An XML tile set may be one long line, but not more than 16 MiB.
  test::ProgramOptions o;
  o.feed_bytes = 100'000'000;
  const test::ProgramRun xml = test::run_program(bin, {"square", "-"}, o);
  CHECK(xml.status == 2);
  CHECK(xml.err.find("<stdin>") == 0);
  CHECK(xml.fed < xml_limits.max_bytes + 4'000'000);
  CHECK(xml.max_rss_kb < test::memory_bound_kb(xml, xml_limits.max_bytes));
}

TEST_CASE("issue 7 item 13: failed writes are errors, output paths are checked before the search",
          "[carcassonne][cli]") {
  const std::string hard16 = SOLVE_PUZZLES_DIR "/carcassonne/square/hard16-k3.xml";
  test::check_full_stdout(bin, {dir + "puzzle1.txt"});
  test::check_full_stdout(bin, {pastures(14), "-all_solutions"});  // stops at the first failure
  test::check_full_stdout(bin, {"square", hard16});
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{dir + "puzzle1.txt", "--svg", "/dev/full"},
        {"square", hard16, "--svg", "/dev/full"},
        {"square", hard16, "-o", "/dev/full"}}) {
    const test::ProgramRun r = test::run_program(bin, args);
    CHECK(r.status == 2);
    CHECK(r.err.find("/dev/full: cannot write: No space left on device\n") != std::string::npos);
  }
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{dir + "puzzle1.txt", "--svg", "/nonexistent/x.svg"},
        {"square", hard16, "-o", "/nonexistent/x.xml"}}) {
    const test::ProgramRun r = test::run_program(bin, args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(": cannot write: No such file or directory\n") != std::string::npos);
  }
}

TEST_CASE("Ctrl-C stops a long search with the maps found so far, exit 3, --timeout, --help",
          "[carcassonne][cli]") {
  test::check_interrupt(bin, {pastures(20), "-all_solutions", "--stats"});
  test::check_interrupt(bin, {pastures(20), "-all_solutions"}, SIGTERM);
  test::check_timeout_values(bin, {"square"},
                             {SOLVE_PUZZLES_DIR "/carcassonne/square/hard16-k3.xml"});
  test::check_help(bin, {});
  test::check_help(bin, {"square"});
}

TEST_CASE("square: --learning on and off prove the same biggest square, another word exits 2",
          "[carcassonne][cli][learning]") {
  // hard16-k3.xml: k = 3 proven in 41 nodes (a second with learning on, phase 1 of issue 24)
  const std::string hard16 = dir + "square/hard16-k3.xml";
  const Run off = run("square --no-rotations --learning off " + hard16);
  CHECK(off.status == 0);
  CHECK(off.err == "biggest square: 3 (optimal: 4 proven impossible)\n");
  for (const char* flag : {"--learning on", "-learning on", "--learning=on"}) {
    INFO(flag);
    const Run on = run(std::string("square --no-rotations ") + flag + " " + hard16);
    CHECK(on.status == off.status);
    CHECK(on.err == off.err);
    CHECK(on.out.find("<tiles>") != std::string::npos);
  }
  CHECK(run_square({"--learning", "maybe"}) == 2);
  CHECK(run_square({"--learning"}) == 2);
  const Run help = run("square --help");
  CHECK(help.status == 0);
  CHECK(help.out.find(std::string("--learning TEXT:{on,off}=") +
                      (cli::learning_default::carcassonne ? "on" : "off")) != std::string::npos);
}
