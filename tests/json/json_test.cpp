// --json (docs/json.md): the envelope of apps/common/json.hpp in-process, one golden output per
// program, and every mode of every program parsed with nlohmann::json: valid JSON, the
// envelope's keys in order with their types, and each program's solution objects.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/json.hpp"
#include "program.hpp"

namespace {

using Json = nlohmann::ordered_json;

/// A run of a program from the source folder, so that "input" is the relative path given.
struct Case {
  std::string program;  // futoshiki, xcover, stenen, carcassonne
  std::string args;     // after the program's name, paths relative to the source folder
  int status;           // the exit status expected
};

std::string exe(const std::string& program) {
  if (program == "futoshiki") return FUTOSHIKI_BIN;
  if (program == "xcover") return XCOVER_BIN;
  if (program == "stenen") return STENEN_BIN;
  return CARCASSONNE_BIN;
}

test::ProgramRun run(const Case& c) {
  return test::run_shell("cd " + test::shell_quoted(SOLVE_SOURCE_DIR) + " && " +
                         test::shell_quoted(exe(c.program)) + " " + c.args);
}

/// Times vary from run to run: "seconds":0.0123 becomes "seconds":T.
std::string masked(const std::string& s) {
  return std::regex_replace(s, std::regex(R"("seconds":[-+.e0-9]+)"), "\"seconds\":T");
}

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> out;
  for (const auto& item : object.items()) out.push_back(item.key());
  return out;
}

bool is_count(const Json& j) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>() < (std::uint64_t(1) << 53);
  // Written as a string only when too big for a double to hold exactly.
  return j.is_string() && std::regex_match(j.get<std::string>(), std::regex("[1-9][0-9]{15,}"));
}

// Each program's solution object (docs/json.md).
void check_solution(const std::string& program, const Json& s) {
  INFO(s.dump());
  REQUIRE(s.is_object());
  if (program == "futoshiki") {
    CHECK(keys(s) == std::vector<std::string>{"grid"});
    const std::size_t n = s["grid"].size();
    for (const Json& row : s["grid"]) {
      CHECK(row.size() == n);
      for (const Json& v : row) CHECK((v.is_number_unsigned() && v >= 1 && v <= n));
    }
  } else if (program == "xcover") {
    CHECK(keys(s) == std::vector<std::string>{"options"});
    for (const Json& o : s["options"]) {
      CHECK(keys(o) == std::vector<std::string>{"id", "items"});
      CHECK(o["id"].is_number_unsigned());
      for (const Json& item : o["items"]) CHECK(item.is_string());
    }
  } else if (program == "stenen") {
    const auto k = keys(s);
    CHECK((k == std::vector<std::string>{"board", "text"} ||
           k == std::vector<std::string>{"board", "text", "moves"}));
    for (const Json& row : s["board"]) CHECK(row.size() == s["board"][0].size());
    CHECK(s["text"].is_string());
  } else {
    CHECK(keys(s) == std::vector<std::string>{"rows", "cols", "placements"});
    for (const Json& p : s["placements"]) {
      CHECK(keys(p) == std::vector<std::string>{"tile", "row", "col", "rotation", "edges"});
      CHECK(p["row"] < s["rows"]);
      CHECK(p["col"] < s["cols"]);
      CHECK(std::set<int>{0, 90, 180, 270}.count(p["rotation"].get<int>()) == 1);
      CHECK(p["edges"].size() == 4);
    }
  }
}

// The envelope: its keys in order, their types, and what they say about each other.
void check_answer(const Case& c, const test::ProgramRun& r) {
  INFO(c.program << " " << c.args << "\n" << r.out << r.err);
  REQUIRE(r.status == c.status);
  const Json j = Json::parse(r.out);  // throws on invalid JSON
  REQUIRE(j.is_object());
  const auto k = keys(j);
  REQUIRE(k.size() >= 8);
  CHECK(std::vector<std::string>(k.begin(), k.begin() + 7) ==
        std::vector<std::string>{"program", "input", "mode", "solutions", "status", "count",
                                 "complete"});
  CHECK(k.back() == "stats");
  CHECK(j["program"] == c.program);
  CHECK((j["input"].is_string() || j["input"].is_null()));
  CHECK(std::set<std::string>{"first", "all", "count", "unique", "square"}.count(
            j["mode"].get<std::string>()) == 1);
  const char* status = c.status == 0 ? "solved" : c.status == 1 ? "no_solution" : "stopped";
  CHECK(j["status"] == status);
  CHECK(is_count(j["count"]));
  CHECK(j["complete"].is_boolean());
  if (c.status == 3) CHECK(j["complete"] == false);
  REQUIRE(j["solutions"].is_array());
  if (j["mode"] != "count") CHECK(j["count"] == j["solutions"].size());
  if (j["mode"] == "count") CHECK(j["solutions"].empty());
  for (const Json& s : j["solutions"]) check_solution(c.program, s);
  const Json& stats = j["stats"];
  REQUIRE(stats.is_object());
  CHECK(stats["nodes"].is_number_unsigned());
  CHECK(stats["max_depth"].is_number_unsigned());
  CHECK(stats["seconds"].is_number());
  CHECK(std::set<std::string>{"exhausted", "solution_limit", "node_limit", "time_limit",
                              "cancelled", "by_callback"}
            .count(stats["stop"].get<std::string>()) == 1);
}

std::string slurp(const std::string& path) { return test::slurp(path); }

}  // namespace

TEST_CASE("json_count: a number up to 2^53 - 1, digits in a string above", "[json]") {
  CHECK(cli::json_count(0).dump() == "0");
  CHECK(cli::json_count((std::uint64_t(1) << 53) - 1).dump() == "9007199254740991");
  CHECK(cli::json_count(std::uint64_t(1) << 53).dump() == "\"9007199254740992\"");
  const std::uint64_t limbs[] = {0, 1};  // 2^64
  CHECK(cli::json_count(solve::BigCount::from_limbs(limbs)).dump() == "\"18446744073709551616\"");
  CHECK(std::string(cli::status_name(0)) == "solved");
  CHECK(std::string(cli::status_name(1)) == "no_solution");
  CHECK(std::string(cli::status_name(3)) == "stopped");
  CHECK(std::string(cli::stop_name(solve::StopReason::node_limit)) == "node_limit");
}

TEST_CASE("JsonAnswer: the envelope, streamed", "[json]") {
  SECTION("no solution, no extra keys") {
    std::ostringstream out;
    cli::JsonAnswer answer(out, "prog", nullptr, "count");
    CHECK(out.str().empty());  // nothing before the first solution or the end
    answer.finish(1, 0, true, nullptr, {{"nodes", 3}});
    CHECK(out.str() ==
          "{\n  \"program\": \"prog\",\n  \"input\": null,\n  \"mode\": \"count\",\n  "
          "\"solutions\": [],\n"
          "  \"status\": \"no_solution\",\n  \"count\": 0,\n  \"complete\": true,\n  \"stats\": "
          "{\"nodes\":3}\n}\n");
  }
  SECTION("solutions one a line, extra keys after complete") {
    std::ostringstream out;
    cli::JsonAnswer answer(out, "prog", "in \"x\".txt", "all");
    CHECK(answer.solution({{"a", 1}}));
    CHECK(answer.solution({{"a", 2}}));
    CHECK(answer.solutions() == 2);
    answer.finish(3, 2, false, {{"unique", nullptr}}, Json::object());
    CHECK(out.str() ==
          "{\n  \"program\": \"prog\",\n  \"input\": \"in \\\"x\\\".txt\",\n  \"mode\": \"all\",\n "
          " \"solutions\": [\n"
          "    {\"a\":1},\n    {\"a\":2}\n  ],\n  \"status\": \"stopped\",\n  \"count\": 2,\n  "
          "\"complete\": false,\n"
          "  \"unique\": null,\n  \"stats\": {}\n}\n");
    CHECK(Json::parse(out.str())["solutions"].size() == 2);
  }
  SECTION("bytes that are not UTF-8 (a file name) do not break the output") {
    std::ostringstream out;
    cli::JsonAnswer answer(out, "prog", "bad\xff.txt", "first");
    answer.finish(0, 0, true, nullptr, Json::object());
    CHECK(Json::parse(out.str())["input"] == "bad\xEF\xBF\xBD.txt");
  }
}

TEST_CASE("option --json golden outputs, one or two per program", "[json][cli]") {
  struct Golden {
    const char* name;  // tests/data/json/<name>.json
    Case run;
  };
  const Golden goldens[] = {
      {"futoshiki-unique",
       {"futoshiki", "--json --unique puzzles/futoshiki/course-fall2022/SampleInput.txt", 0}},
      {"futoshiki-none", {"futoshiki", "--json tests/data/futoshiki/no-solution.txt", 1}},
      {"xcover-all", {"xcover", "--json --all tests/data/xcover/xcc.dlx", 0}},
      {"xcover-memo-count",
       {"xcover", "--json --count --memo puzzles/exact-cover/domino-12x12.dlx", 0}},
      {"stenen-solve", {"stenen", "solve --json puzzles/stenen/stenen1.in 4 5", 0}},
      {"stenen-count", {"stenen", "count --json puzzles/cap_puzzle/puzzle.cfg", 0}},
      {"carcassonne-all",
       {"carcassonne",
        "puzzles/carcassonne/puzzle3.txt -board_dimensions 2 2 -all_solutions -allow_rotations "
        "--json",
        0}},
      {"carcassonne-square",
       {"carcassonne", "square puzzles/carcassonne/square/hard16-k3.xml --no-rotations --json", 0}},
  };
  const bool update = std::getenv("SOLVE_UPDATE_GOLDEN") != nullptr;
  for (const Golden& g : goldens) {
    INFO(g.name);
    const test::ProgramRun r = run(g.run);
    CHECK(r.status == g.run.status);
    const std::string path = std::string(SOLVE_TESTDATA_DIR) + "/json/" + g.name + ".json";
    if (update) {
      std::ofstream(path, std::ios::binary) << masked(r.out);
      WARN("rewrote " << path);
    }
    CHECK(masked(r.out) == slurp(path));
    check_answer(g.run, r);
  }
}

TEST_CASE("option --json in every mode of every program: valid JSON with the envelope's keys",
          "[json][cli]") {
  const Case cases[] = {
      {"futoshiki", "--json puzzles/futoshiki/course-fall2022/Input1.txt", 0},
      {"futoshiki", "--json --all puzzles/futoshiki/course-fall2022/SampleInput.txt", 0},
      {"futoshiki", "--json --count puzzles/futoshiki/course-fall2022/SampleInput.txt", 0},
      {"futoshiki", "--json --count tests/data/futoshiki/no-solution.txt", 1},
      {"futoshiki", "--json --unique puzzles/futoshiki/tatham/10dr_2.txt", 0},
      {"futoshiki",
       "--json --unique --method course --max-nodes 1 puzzles/futoshiki/tatham/9dx_1.txt", 3},
      {"futoshiki",
       "--json --all --method course --max-nodes 2000 "
       "puzzles/futoshiki/course-fall2022/SampleInput.txt",
       0},
      {"xcover", "--json puzzles/exact-cover/queens-8.dlx", 0},
      {"xcover", "--json --all --threads 2 tests/data/xcover/mcc.dlx", 0},
      {"xcover", "--json --count puzzles/exact-cover/queens-8.dlx", 0},
      {"xcover", "--json --count --max-solutions 5 puzzles/exact-cover/queens-8.dlx", 0},
      {"xcover", "--json --count --max-nodes 10 puzzles/exact-cover/queens-8.dlx", 3},
      {"xcover", "--json tests/data/xcover/none.dlx", 1},
      {"xcover", "--json --all tests/data/xcover/no-primary.dlx", 0},
      {"stenen", "solve --json --all --unique puzzles/stenen/stenen1.in 4 5", 0},
      {"stenen", "count --json --memo puzzles/stenen/stenen1.in 4 5", 0},
      {"stenen", "count --json puzzles/stenen/stenen1.in 4 5 --moves '(0,2,5,1)'", 1},
      {"stenen", "solve --json puzzles/stenen/stenen1.in 4 5 --moves '(0,2,5,1)'", 1},
      {"stenen", "count --json --max-nodes 10 puzzles/stenen/stenen2.in 6 10", 3},
      {"stenen", "solve --json puzzles/cap_puzzle/puzzle.cfg", 0},
      {"carcassonne", "puzzles/carcassonne/puzzle1.txt -board_dimensions 2 2 --json", 0},
      {"carcassonne", "puzzles/carcassonne/puzzle3.txt -board_dimensions 2 2 -all_solutions --json",
       1},
      {"carcassonne", "tests/data/carcassonne/c-past12.txt --json", 1},
      {"carcassonne",
       "puzzles/carcassonne/puzzle9.txt -all_solutions -allow_rotations --max-nodes 100 --json", 3},
      {"carcassonne", "square --json", 0},
  };
  for (const Case& c : cases) check_answer(c, run(c));
  // What the modes add: --unique says whether, xcover's solution limit leaves the count
  // incomplete, a counting proof says why there is no map, a cap_puzzle count its unique count.
  const auto json = [](const Case& c) { return Json::parse(run(c).out); };
  CHECK(json(cases[4])["unique"] == true);
  CHECK(json(cases[5])["unique"].is_null());
  CHECK(json(cases[10])["complete"] == false);
  CHECK(json(cases[10])["count"] == 5);
  CHECK(json(cases[22])["proof"].is_string());
  CHECK(json(cases[24])["input"].is_null());
  CHECK(json(cases[24])["side"] == 8);
  CHECK(json(cases[24])["proven"] == true);
  CHECK(json({"stenen", "count --json puzzles/cap_puzzle/puzzle.cfg", 0})["unique"] == 89);
}

TEST_CASE("option --json goes where the text would: -o FILE, nothing on a bad input",
          "[json][cli]") {
  const std::string file = test::scratch_dir() + "/answer.json";
  const test::ProgramRun r = run(
      {"futoshiki",
       "--json -o " + test::shell_quoted(file) + " puzzles/futoshiki/course-fall2022/Input1.txt",
       0});
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  CHECK(Json::parse(slurp(file))["solutions"].size() == 1);
  for (const Case& c : {Case{"futoshiki", "--json tests/data/futoshiki/bad/empty.txt", 2},
                        Case{"xcover", "--json tests/data/xcover/bad-unknown-item.dlx", 2},
                        Case{"stenen", "solve --json puzzles/stenen/stenen1.in 4 6", 2},
                        Case{"carcassonne", "tests/data/carcassonne/no-such-file.txt --json", 2}}) {
    INFO(c.program << " " << c.args);
    const test::ProgramRun bad = run(c);
    CHECK(bad.status == 2);
    CHECK(bad.out.empty());
    CHECK_FALSE(bad.err.empty());
  }
}
