// futoshiki generate, grade and hint as a user runs them: golden outputs, exit statuses,
// files written, the generated text read back by `futoshiki` (their golden outputs are in
// test_cli.cpp's table).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "common.hpp"
#include "front_end_checks.hpp"
#include "program.hpp"

namespace fs = std::filesystem;
namespace t = futoshiki::test;

namespace {

using Run = test::ProgramRun;
Run run(const std::string& args) {
  return test::run_shell(test::shell_quoted(FUTOSHIKI_BIN) + " " + args);
}
std::string data(const std::string& rel) { return test::shell_quoted(t::data_dir() + "/" + rel); }

}  // namespace

TEST_CASE("a generated puzzle is read back by futoshiki: one solution") {
  const fs::path dir = fs::path(test::scratch_dir()) / "generated";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const Run r = run("generate --size 6 --difficulty hard --seed 10 --count 3 --output-dir " +
                    test::shell_quoted(dir.string()));
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  for (const char* name : {"6-hard-10.txt", "6-hard-11.txt", "6-hard-12.txt"}) {
    const std::string path = (dir / name).string();
    INFO(path);
    CHECK(r.out.find(path + "\n") != std::string::npos);
    const Run unique = run("--unique " + test::shell_quoted(path));
    CHECK(unique.status == 0);
    CHECK(unique.out.ends_with("\nunique\n"));
    CHECK(run("grade " + test::shell_quoted(path)).out == "hard: Hall sets solve it\n");
  }
  // the first file is the puzzle of its seed alone
  CHECK(t::slurp((dir / "6-hard-11.txt").string()) ==
        run("generate --size 6 --difficulty hard --seed 11").out);
}

TEST_CASE("generate: --svg, a seed of its own, JSON puzzles that parse") {
  const std::string svg = (fs::path(test::scratch_dir()) / "generated.svg").string();
  fs::remove(svg);
  const Run r = run("generate --size 5 --difficulty easy --svg " + test::shell_quoted(svg));
  CHECK(r.status == 0);
  CHECK(r.err.starts_with("futoshiki generate: seed "));  // told, so it can be made again
  CHECK(t::slurp(svg).starts_with("<svg"));
  const Run json = run("generate --size 7 --difficulty extreme --seed 3 --count 2 --json");
  REQUIRE(json.status == 0);
  const auto doc = nlohmann::json::parse(json.out);
  CHECK(doc["puzzles"].size() == 2);
  CHECK(doc["puzzles"][1]["seed"] == 4);
  CHECK(doc["puzzles"][0]["text"] == run("generate --size 7 --difficulty extreme --seed 3").out);
}

TEST_CASE("generate, grade, hint: usage errors, bad input, limits") {
  for (const std::string args :
       {"generate --size 2", "generate --size 17", "generate --difficulty medium",
        "generate --count 2", "generate --count 2 --svg x.svg --json", "generate --seed -1",
        "grade", "grade --size 4 x.txt", "hint"}) {
    INFO(args);
    const Run r = run(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_FALSE(r.err.empty());
  }
  const Run bad = run("grade " + data("bad/empty.txt"));
  CHECK(bad.status == 2);
  CHECK(bad.err.find("empty input") != std::string::npos);
  // 12x12 extreme takes about a second each: 10 ms stops it, with what was made kept
  const Run stopped =
      run("generate --size 12 --difficulty extreme --seed 1 --count 3 --json --timeout 0.01");
  CHECK(stopped.status == 3);
  CHECK(stopped.err.find("stopped by the time limit after 0 of 3 puzzles") != std::string::npos);
  test::check_help(FUTOSHIKI_BIN, {"generate"});
  test::check_help(FUTOSHIKI_BIN, {"grade"});
  test::check_help(FUTOSHIKI_BIN, {"hint"});
  CHECK(run("generate --help").out.find("extreme  + one trial") != std::string::npos);
  CHECK(run("--help").out.find("Subcommands:\n  generate") != std::string::npos);
}

TEST_CASE("hint: entries that contradict the solution exit 1") {
  // the easy sample with a wrong 4 in r1c2 (its solution has 1 there)
  std::string text = t::slurp(t::puzzles_dir() + "/levels/easy.txt");
  REQUIRE(text.substr(0, 4) == "3 0 ");
  text[2] = '4';
  const std::string path = test::scratch_file("wrong-entry.txt", text);
  const Run r = run("hint " + test::shell_quoted(path));
  CHECK(r.status == 1);
  CHECK(r.out == "No solution: the entries contradict the solution.\n");
}
