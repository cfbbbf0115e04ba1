// The futoshiki binary as a user sees it: exit status, stdout, stderr. Runs FUTOSHIKI_BIN
// (the built executable) through the shell (tests/common/program.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common.hpp"
#include "common/learning.hpp"
#include "front_end_checks.hpp"
#include "program.hpp"
#include "puzzle.hpp"
#include "random_puzzles.hpp"
#include "test_scale.hpp"

namespace fs = std::filesystem;
namespace t = futoshiki::test;

namespace {

using Run = test::ProgramRun;
std::string quoted(const std::string& s) { return test::shell_quoted(s); }

fs::path scratch_dir() { return test::scratch_dir(); }

// Runs the binary with `args` (already quoted where needed), stdin from `input` if given.
Run run(const std::string& args, const std::string& input = "") {
  test::ProgramOptions o;
  if (!input.empty()) o.stdin_path = input;
  return test::run_shell(quoted(FUTOSHIKI_BIN) + " " + args, o);
}

std::string puzzle(const std::string& rel) { return quoted(t::puzzles_dir() + "/" + rel); }
std::string data(const std::string& rel) { return quoted(t::data_dir() + "/" + rel); }

// The single grid printed on stdout.
std::vector<int> only_grid(const std::string& out, int n) {
  const auto grids = t::grids_in(out, n);
  REQUIRE(grids.size() == 1);
  return grids.front();
}

struct CourseFile {
  const char* input;
  const char* output;  // published answer
};
const CourseFile course_files[] = {
    {"course-spring2020/Input1.txt", "course-spring2020/Output1.txt"},
    {"course-spring2020/Input2.txt", "course-spring2020/Output2.txt"},
    {"course-spring2020/Input3.txt", "course-spring2020/Output3.txt"},
    {"course-fall2022/Input1.txt", "course-fall2022/Output1.txt"},
    {"course-fall2022/Input2.txt", "course-fall2022/Output2.txt"},
    {"course-fall2022/Input3.txt", "course-fall2022/Output3.txt"},
};
const char* two_solution_files[] = {"course-fall2022/SampleInput.txt",
                                    "course-spring2020/Example.txt"};

}  // namespace

TEST_CASE("every course input is solved as published, with both methods") {
  for (const auto& [input, output] : course_files) {
    const futoshiki::Puzzle p = futoshiki::read_puzzle(t::puzzles_dir() + "/" + input);
    const auto published = t::grids_in(t::slurp(t::puzzles_dir() + "/" + output), 5);
    REQUIRE(published.size() == 1);
    REQUIRE(futoshiki::is_solution(p, published.front()));
    INFO(input);
    const Run count = run("--count " + puzzle(input));
    REQUIRE(count.status == 0);
    REQUIRE(count.out == "1\n");  // unique, so our answer must be the published one
    for (const char* method : {"course", "fast"}) {
      INFO(method);
      const Run r = run(std::string("--method ") + method + " " + puzzle(input));
      CHECK(r.status == 0);
      CHECK(r.err.empty());
      CHECK(only_grid(r.out, 5) == published.front());
    }
  }
}

TEST_CASE("the statement's example has exactly two solutions") {
  const auto both =
      t::grids_in(t::slurp(t::puzzles_dir() + "/course-fall2022/SampleInput.ALL_SOLUTIONS.txt"), 5);
  REQUIRE(both.size() == 2);
  for (const char* f : two_solution_files) {
    INFO(f);
    for (const char* threads : {"1", "3"}) {
      const Run count = run(std::string("--count --threads ") + threads + " " + puzzle(f));
      CHECK(count.status == 0);
      CHECK(count.out == "2\n");
    }

    for (const char* method : {"course", "fast"}) {
      const Run first = run(std::string("--method ") + method + " " + puzzle(f));
      CHECK(first.status == 0);
      CHECK(std::find(both.begin(), both.end(), only_grid(first.out, 5)) != both.end());
    }

    const Run unique = run("--unique " + puzzle(f));
    CHECK(unique.status == 0);
    CHECK(unique.out.ends_with("\n\nnot unique\n"));
    CHECK(std::find(both.begin(), both.end(), only_grid(unique.out, 5)) != both.end());

    const Run all = run("--all " + puzzle(f));
    CHECK(all.status == 0);
    auto found = t::grids_in(all.out, 5);
    std::sort(found.begin(), found.end());
    auto expected = both;
    std::sort(expected.begin(), expected.end());
    CHECK(found == expected);
    CHECK(all.out.find("\n\n") != std::string::npos);  // a blank line between the two
  }
}

TEST_CASE("CLI outputs match the golden files") {
  struct Golden {
    const char* name;  // tests/data/futoshiki/golden/<name>.out
    std::string args;
    int status;
  };
  const Golden goldens[] = {
      {"course-method-fall-input1", "--method course " + puzzle("course-fall2022/Input1.txt"), 0},
      {"fast-method-spring-input3", puzzle("course-spring2020/Input3.txt"), 0},
      {"sample-count", "--count " + puzzle("course-fall2022/SampleInput.txt"), 0},
      {"sample-all-course-method",
       "--all --method course " + puzzle("course-fall2022/SampleInput.txt"), 0},
      {"unique-fall-input2", "--unique " + puzzle("course-fall2022/Input2.txt"), 0},
      {"no-solution", data("no-solution.txt"), 1},
      {"no-solution-count", "--count " + data("no-solution.txt"), 1},
      {"no-solution-unique", "--unique " + data("no-solution.txt"), 1},
      {"forward-empty-domain", "--method course " + data("forward-empty-domain.txt"), 1},
      {"two-digit-values", puzzle("tatham/10dr_2.txt"), 0},
      // the generator, the grader and the hint (cli_levels_test.cpp for the rest)
      {"generate-5-hard-42", "generate --size 5 --difficulty hard --seed 42", 0},
      {"generate-9-extreme-1", "generate --size 9 --difficulty extreme --seed 1", 0},
      {"generate-json", "generate --size 4 --difficulty tricky --seed 5 --count 2 --json", 0},
      {"grade-easy", "grade " + puzzle("levels/easy.txt"), 0},
      {"grade-tricky", "grade " + puzzle("levels/tricky.txt"), 0},
      {"grade-hard", "grade " + puzzle("levels/hard.txt"), 0},
      {"grade-extreme", "grade " + puzzle("levels/extreme.txt"), 0},
      {"grade-not-unique", "grade " + puzzle("course-fall2022/SampleInput.txt"), 0},
      {"grade-no-solution", "grade " + data("no-solution.txt"), 1},
      {"grade-json", "grade --json - < " + puzzle("levels/hard.txt"), 0},
      {"hint-hard", "hint " + puzzle("levels/hard.txt"), 0},
  };
  const bool update = std::getenv("SOLVE_UPDATE_GOLDEN") != nullptr;
  for (const Golden& g : goldens) {
    INFO(g.name);
    const Run r = run(g.args);
    CHECK(r.status == g.status);
    CHECK(r.err.empty());
    const std::string path = t::data_dir() + "/golden/" + g.name + ".out";
    if (update) {
      std::ofstream(path, std::ios::binary) << r.out;
      WARN("rewrote " << path);
    }
    CHECK(r.out == t::slurp(path));
  }
}

TEST_CASE("malformed inputs are rejected with file, line and column") {
  struct Bad {
    const char* file;  // in tests/data/futoshiki/bad/
    int line;
    int col;
    const char* says;  // part of the message
  };
  const Bad bads[] = {
      {"empty.txt", 1, 1, "empty input"},
      {"blank-lines-only.txt", 1, 1, "empty input"},
      {"size-one.txt", 1, 1, "N must be 2 to 128"},
      {"size-too-large.txt", 1, 1, "N = 129"},
      {"grid-rows-missing.txt", 6, 3, "found '>'"},
      {"grid-row-short.txt", 2, 8, "grid row 2 of 5 has 4 entries, expected 5"},
      {"grid-row-long.txt", 3, 11, "grid row 3 of 5 has 6 entries, expected 5"},
      {"value-too-large.txt", 4, 5, "value 7 is larger than N = 5"},
      {"huge-number.txt", 2, 7, "is larger than N = 5"},
      {"not-a-number.txt", 1, 5, "expected a number from 0 to 5, found 'x'"},
      {"negative-number.txt", 5, 3, "found '-1'"},
      {"tab-and-cr-positions.txt", 3, 9, "found 'z'"},
      {"vertical-sign-in-horizontal.txt", 8, 3, "found '^'"},
      {"horizontal-sign-in-vertical.txt", 15, 5, "found '<'"},
      {"horizontal-row-long.txt", 10, 9, "horizontal signs row 4 of 5 has 5 entries, expected 4"},
      {"vertical-rows-missing.txt", 15, 10, "unexpected end of input"},
      {"duplicate-in-row.txt", 4, 7, "value 2 appears twice in row 4"},
      {"duplicate-in-column-crlf.txt", 5, 7, "value 2 appears twice in column 4"},
      {"givens-break-sign.txt", 9, 5, "the sign '>' cannot hold"},
      {"givens-break-vertical-sign.txt", 13, 1, "the sign 'v' cannot hold"},
      {"trailing-garbage.txt", 18, 1, "unexpected 'end' after the puzzle"},
  };
  int checked = 0;
  for (const Bad& b : bads) {
    INFO(b.file);
    const std::string path = t::data_dir() + "/bad/" + b.file;
    REQUIRE(fs::exists(path));
    const Run r = run(quoted(path));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    const std::string where =
        path + ":" + std::to_string(b.line) + ":" + std::to_string(b.col) + ": ";
    CHECK(r.err.starts_with(where));
    CHECK(r.err.find(b.says) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);  // one line, nothing else
    ++checked;
  }
  CHECK(checked >= 10);
  // Every file of the folder is in the table above.
  CHECK(std::distance(fs::directory_iterator(t::data_dir() + "/bad"), fs::directory_iterator{}) ==
        checked);
}

TEST_CASE("a missing input file is bad input") {
  const Run r = run(quoted(t::data_dir() + "/no-such-file.txt"));
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("no-such-file.txt: cannot open") != std::string::npos);
}

TEST_CASE("usage errors exit with 2, --help with 0") {
  CHECK(run("").status == 2);  // no input file
  CHECK(run("--no-such-option " + puzzle("course-fall2022/Input1.txt")).status == 2);
  CHECK(run("--all --count " + puzzle("course-fall2022/Input1.txt")).status == 2);
  CHECK(run("--method quick " + puzzle("course-fall2022/Input1.txt")).status == 2);
  CHECK(run("--propagation strong " + puzzle("course-fall2022/Input1.txt")).status == 2);
  CHECK(run("--timeout -1 " + puzzle("course-fall2022/Input1.txt")).status == 2);
  CHECK(run("--threads 0 " + puzzle("course-fall2022/Input1.txt")).status == 2);
  const Run help = run("--help");
  CHECK(help.status == 0);
  CHECK(help.out.find("--method") != std::string::npos);
}

TEST_CASE("option -o writes the answer to a file, '-' reads standard input") {
  const fs::path file = scratch_dir() / "answer.txt";
  fs::remove(file);
  const Run r = run("-o " + quoted(file.string()) + " " + puzzle("course-fall2022/Input3.txt"));
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  const auto published =
      t::grids_in(t::slurp(t::puzzles_dir() + "/course-fall2022/Output3.txt"), 5);
  CHECK(t::grids_in(t::slurp(file.string()), 5) == published);

  const Run piped = run("-", t::puzzles_dir() + "/course-fall2022/Input3.txt");
  CHECK(piped.status == 0);
  CHECK(t::grids_in(piped.out, 5) == published);

  const Run bad_stdin = run("-", t::data_dir() + "/bad/grid-row-short.txt");
  CHECK(bad_stdin.status == 2);
  CHECK(bad_stdin.err.starts_with("<stdin>:2:8: "));

  const Run unwritable = run("-o " + quoted((scratch_dir() / "no-dir" / "x.txt").string()) + " " +
                             puzzle("course-fall2022/Input3.txt"));
  CHECK(unwritable.status == 2);

  const fs::path not_written = scratch_dir() / "not-written.txt";
  fs::remove(not_written);
  CHECK(run("-o " + quoted(not_written.string()) + " " + data("bad/empty.txt")).status == 2);
  CHECK_FALSE(fs::exists(not_written));
}

TEST_CASE("the SVG picture (--svg): signs, givens and solution") {
  // The statement's example: golden text (SOLVE_UPDATE_GOLDEN=1 rewrites it; look at it with
  // rsvg-convert or a browser before committing a change).
  const fs::path svg = scratch_dir() / "sample.svg";
  const Run r =
      run("--svg " + quoted(svg.string()) + " " + puzzle("course-fall2022/SampleInput.txt"));
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(t::grids_in(r.out, 5).size() == 1);  // the text answer as without --svg
  const std::string golden = t::data_dir() + "/golden/sample.svg";
  if (std::getenv("SOLVE_UPDATE_GOLDEN") != nullptr)
    std::ofstream(golden, std::ios::binary) << t::slurp(svg.string());
  CHECK(t::slurp(svg.string()) == t::slurp(golden));
  const auto count = [](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  const std::string picture = t::slurp(svg.string());
  CHECK(count(picture, "<polyline") == 6);             // the example's signs
  CHECK(count(picture, "font-weight=\"bold\"") == 3);  // its givens
  CHECK(count(picture, "<text") == 25);

  // Without a solution the puzzle alone: its signs, no values (none given).
  const fs::path none = scratch_dir() / "none.svg";
  const Run n = run("--svg " + quoted(none.string()) + " " + data("no-solution.txt"));
  CHECK(n.status == 1);
  CHECK(count(t::slurp(none.string()), "<polyline") == 2);
  CHECK(count(t::slurp(none.string()), "<text") == 0);

  // The file is checked before the search; --count finds no solution to draw.
  const Run missing = run("--svg /nonexistent/x.svg " + puzzle("course-fall2022/SampleInput.txt"));
  CHECK(missing.status == 2);
  CHECK(missing.out.empty());
  CHECK(missing.err == "/nonexistent/x.svg: cannot write: No such file or directory\n");
  CHECK(run("--svg /dev/full " + puzzle("course-fall2022/SampleInput.txt")).status == 2);
  const Run with_count = run("--count --svg " + quoted(svg.string()) + " " +
                             puzzle("course-fall2022/SampleInput.txt"));
  CHECK(with_count.status == 2);
  CHECK(with_count.out.empty());
}

TEST_CASE("option --stats and --trace report on stderr only") {
  const Run r = run("--stats --trace --method course " + puzzle("course-fall2022/Input1.txt"));
  CHECK(r.status == 0);
  CHECK(t::grids_in(r.out, 5).size() == 1);
  for (const char* key : {"nodes: ", "failures: ", "propagations: ", "seconds: ", "stopped: "})
    CHECK(r.err.find(key) != std::string::npos);
  CHECK(r.err.find(" = ") != std::string::npos);  // at least one decision "r1c2 = 3"
}

TEST_CASE("a search limit before the answer is complete exits with 3") {
  const Run first = run("--method course --max-nodes 1 " + data("empty-6x6.txt"));
  CHECK(first.status == 3);
  CHECK(first.out.empty());
  CHECK(first.err.find("node limit") != std::string::npos);

  const Run count = run("--count --max-nodes 50 " + data("empty-6x6.txt"));
  CHECK(count.status == 3);
  CHECK(count.out.empty());
  CHECK(count.err.find("incomplete") != std::string::npos);

  // The course method finds this puzzle's solution after 299 nodes and proves it unique
  // after 1034: a limit in between leaves the solution printed and the verdict open.
  const std::string between = "--method course --max-nodes 600 " + puzzle("usp-100/case060_n7.txt");
  const auto sol = t::grids_in(t::slurp(t::puzzles_dir() + "/usp-100/case060_n7.sol"), 7);
  const Run unique = run("--unique " + between);
  CHECK(unique.status == 3);
  CHECK(unique.out.ends_with("\n\nunknown\n"));
  CHECK(t::grids_in(unique.out, 7) == sol);
  CHECK(unique.err.find("before uniqueness was decided") != std::string::npos);
  const Run all = run("--all " + between);
  CHECK(all.status == 3);
  CHECK(t::grids_in(all.out, 7) == sol);
  CHECK(all.err.find("the list is incomplete") != std::string::npos);

  // The same puzzle without a limit has an answer.
  CHECK(run(data("empty-6x6.txt")).status == 0);
}

TEST_CASE("every method combination proves a puzzle unique") {
  int k = 0;
  for (const std::string prop : {"none", "forward", "arc", "domain"})
    for (const char* var : {"input", "mrv", "mrv_degree", "dom_wdeg"})
      for (const char* val : {"ascending", "descending", "random"}) {
        // Both branchings are covered in turn (the flag's plumbing, not the search, is tested).
        const char* branching = k++ % 2 ? "values" : "refutation";
        INFO(prop << " " << var << " " << val << " " << branching);
        // Without propagation a 5x5 can take minutes (constraints are checked only once
        // complete): a 4x4 for that one.
        const char* file = prop == "none" ? "tatham/4dx_1.txt" : "course-spring2020/Input1.txt";
        const Run r = run("--unique --seed 7 --propagation " + prop + " --heuristic " + var +
                          " --values " + val + " --branching " + branching + " " + puzzle(file));
        CHECK(r.status == 0);
        CHECK(r.out.ends_with("\n\nunique\n"));
      }
}

TEST_CASE("option --count of the binary agrees with brute force on random puzzles") {
  std::mt19937_64 rng(7);
  const fs::path file = scratch_dir() / "random.txt";
  // The sanitizer legs run the first share of the puzzles (test_scale.hpp): a process each.
  for (int k = 0; k < test_scale::rounds(25); ++k) {
    const t::Raw raw = t::random_puzzle(rng);
    const std::string text = t::to_text(raw, rng);
    std::ofstream(file, std::ios::binary) << text;
    INFO("puzzle " << k << ":\n" << text);
    const std::string expected = std::to_string(t::brute_force_count(raw)) + "\n";
    for (const char* method : {"course", "fast --threads 2"}) {
      const Run r = run(std::string("--count --method ") + method + " " + quoted(file.string()));
      CHECK(r.out == expected);
      CHECK(r.status == (expected == "0\n" ? 1 : 0));
    }
  }
}

// ---- The behaviour all front-ends share (apps/common, tests/common) ----

namespace {

// An n x n puzzle without givens or signs: the count (Latin squares) runs for ages from n = 9.
std::string empty_puzzle(int n) {
  std::string text;
  const auto rows = [&](int count, int width) {
    for (int r = 0; r < count; ++r) {
      for (int c = 0; c < width; ++c) text += c ? " 0" : "0";
      text += '\n';
    }
  };
  rows(n, n);
  rows(n, n - 1);
  rows(n - 1, n);
  return text;
}

const std::string bin = FUTOSHIKI_BIN;
const test::FrontEnd futoshiki_reading{
    bin, [](const std::string& file) { return std::vector<std::string>{file}; }};

}  // namespace

TEST_CASE("unreadable and hostile inputs: exit 2, one message, bounded memory") {
  test::check_unreadable_inputs(futoshiki_reading);
  test::check_long_line(futoshiki_reading, futoshiki::text_limits.max_line);
  // Many short lines: refused at the size limit, not read to the end.
  test::ProgramOptions many;
  many.stdin_path = test::scratch_file("big.txt", std::string(3 << 20, '\n'));
  const test::ProgramRun big = test::run_program(bin, {"-"}, many);
  CHECK(big.status == 2);
  CHECK(big.err == "<stdin>: more than 1 MiB: too large for a futoshiki puzzle\n");
  CHECK(test::run_program(bin, {many.stdin_path}).err ==
        many.stdin_path + ": more than 1 MiB: too large for a futoshiki puzzle\n");
  // A byte order mark before a good puzzle is dropped.
  const std::string with_bom = test::scratch_file(
      "bom.txt", "\xEF\xBB\xBF" + t::slurp(t::puzzles_dir() + "/course-fall2022/Input1.txt"));
  const test::ProgramRun bom = test::run_program(bin, {with_bom});
  CHECK(bom.status == 0);
  CHECK(bom.out == run(puzzle("course-fall2022/Input1.txt")).out);
}

TEST_CASE("failed writes are errors: stdout and -o on /dev/full") {
  test::check_full_stdout(bin, {t::puzzles_dir() + "/course-fall2022/Input1.txt"});
  test::check_full_stdout(bin, {"--count", t::puzzles_dir() + "/course-fall2022/Input1.txt"});
  // An endless --all stops at the first failed write.
  const std::string empty9 = test::scratch_file("empty9.txt", empty_puzzle(9));
  test::check_full_stdout(bin, {"--all", empty9});
  const test::ProgramRun file = test::run_program(bin, {"--all", "-o", "/dev/full", empty9});
  CHECK(file.status == 2);
  CHECK(file.err == "/dev/full: cannot write: No space left on device\n");
  const test::ProgramRun dir = test::run_program(bin, {"-o", test::scratch_dir(), empty9});
  CHECK(dir.status == 2);
  CHECK(dir.err.find(": Is a directory") != std::string::npos);
}

TEST_CASE("Ctrl-C and SIGTERM stop a long search: partial figures, exit 3") {
  const std::string empty9 = test::scratch_file("empty9.txt", empty_puzzle(9));
  test::check_interrupt(bin, {"--count", empty9});
  test::check_interrupt(bin, {"--count", "--threads", "2", empty9}, SIGTERM);
  // --all -o streams to the file: it holds every solution found when Ctrl-C comes, and the
  // program never held them in memory (it took 1 GB within 30 s before).
  const std::string answers = test::scratch_dir() + "/all.txt";
  test::ProgramOptions o;
  o.signal_after = 2;
  const test::ProgramRun all =
      test::run_program(bin, {"--all", "--stats", "-o", answers, empty9}, o);
  CHECK(all.status == 3);
  CHECK(all.err.find("the list is incomplete") != std::string::npos);
  CHECK(all.err.find("stopped: cancelled (partial)") != std::string::npos);
  CHECK(all.max_rss_kb < test::memory_bound_kb(all));
  const auto grids = t::grids_in(t::slurp(answers), 9);
  CHECK(grids.size() > 1000);
  const futoshiki::Puzzle p = futoshiki::parse_puzzle(empty_puzzle(9), "empty9");
  CHECK(std::all_of(grids.begin(), grids.end(),
                    [&](const auto& g) { return futoshiki::is_solution(p, g); }));
}

TEST_CASE("option --timeout and --max-nodes values, --help explains the exit statuses") {
  test::check_timeout_values(bin, {}, {t::puzzles_dir() + "/course-fall2022/Input1.txt"});
  const test::ProgramRun nodes = test::run_program(
      bin, {"--max-nodes", "-5", t::puzzles_dir() + "/course-fall2022/Input1.txt"});
  CHECK(nodes.status == 2);
  CHECK(nodes.err.starts_with("--max-nodes: expected a whole number >= 0, got '-5'\n"));
  test::check_help(bin, {});
}

TEST_CASE("option --learning on|off: the same answers, and another word exits 2", "[learning]") {
  // the answers of each mode with learning off, then the same with it on (--all: the same
  // grids, in any order: the search that learns may find them in another)
  const auto grids = [](const std::string& out) {
    std::vector<std::string> blocks;
    for (std::size_t at = 0; at < out.size();) {
      const std::size_t end = std::min(out.find("\n\n", at), out.size());
      std::string block = out.substr(at, end - at);
      while (!block.empty() && block.back() == '\n') block.pop_back();  // the last one's
      blocks.push_back(block);
      at = end + 2;
    }
    std::sort(blocks.begin(), blocks.end());
    return blocks;
  };
  for (const std::string& args :
       {"--count " + puzzle("course-fall2022/SampleInput.txt"),
        "--unique " + puzzle("tatham/10dr_2.txt"),
        "--all " + puzzle("course-spring2020/Example.txt"), data("no-solution.txt"),
        "--count --threads 2 " + puzzle("course-fall2022/SampleInput.txt")}) {
    INFO(args);
    const Run off = run("--learning off " + args);
    const Run on = run("--learning on " + args);
    CHECK(on.status == off.status);
    CHECK(grids(on.out) == grids(off.out));
    CHECK(on.err == off.err);
  }
  CHECK(grids(run("--all " + puzzle("course-spring2020/Example.txt")).out).size() == 2);
  CHECK(run("--count --learning on " + puzzle("course-fall2022/SampleInput.txt")).out == "2\n");
  const Run bad = run("--learning yes " + puzzle("course-fall2022/Input1.txt"));
  CHECK(bad.status == 2);
  CHECK(bad.out.empty());
  CHECK_THAT(bad.err, Catch::StartsWith("--learning: yes not in {on,off}"));
  const Run help = run("--help");
  CHECK_THAT(help.out, Catch::Contains(std::string("--learning TEXT:{on,off}=") +
                                       (cli::learning_default::futoshiki ? "on" : "off")));
  CHECK_THAT(help.out, Catch::Contains("nogood"));
}
