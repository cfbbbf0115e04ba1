// xcover in-process (xcover_core): golden outputs, counts, exit statuses, messages.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "xcover.hpp"

using Catch::Matchers::Contains;

namespace {

struct Output {
  int status;
  std::string out, err;
};

std::string data(const std::string& name) {
  return std::string(SOLVE_TESTDATA_DIR) + "/xcover/" + name;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Output run(const std::string& file, xcover::Mode mode = xcover::Mode::first,
           solve::CoverOptions search = {}, bool stats = false) {
  xcover::Settings s;
  s.input = file;
  s.mode = mode;
  s.search = std::move(search);
  s.stats = stats;
  std::ostringstream out, err;
  const int status = xcover::run(s, out, err);
  return {status, out.str(), err.str()};
}

}  // namespace

TEST_CASE("xcover prints the first solution, every solution, or the count", "[xcover]") {
  auto r = run(data("small.dlx"));
  CHECK(r.status == cli::answered);
  CHECK(r.out == slurp(data("small.first.out")));
  CHECK(r.err.empty());
  r = run(data("small.dlx"), xcover::Mode::all);
  CHECK(r.status == cli::answered);
  CHECK(r.out == slurp(data("small.all.out")));
  r = run(data("xcc.dlx"), xcover::Mode::all);
  CHECK(r.out == slurp(data("xcc.all.out")));
  solve::CoverOptions sparse;  // the sparse-set engine: the same colours, the same answer
  sparse.engine = solve::CoverEngine::sparse;
  r = run(data("xcc.dlx"), xcover::Mode::all, sparse);
  CHECK(r.out == slurp(data("xcc.all.out")));
  r = run(data("small.dlx"), xcover::Mode::count);
  CHECK(r.out == "solutions: 2\n");
}

TEST_CASE("xcover: no solution is exit 1 with nothing printed", "[xcover]") {
  for (auto mode : {xcover::Mode::first, xcover::Mode::all}) {
    const auto r = run(data("none.dlx"), mode);
    CHECK(r.status == cli::no_solution);
    CHECK(r.out.empty());
  }
  const auto r = run(data("none.dlx"), xcover::Mode::count);
  CHECK(r.status == cli::no_solution);
  CHECK(r.out == "solutions: 0\n");
}

TEST_CASE("xcover: counts with every engine and thread count", "[xcover]") {
  const std::string queens = std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/queens-8.dlx";
  for (auto engine : {solve::CoverEngine::automatic, solve::CoverEngine::dlx,
                      solve::CoverEngine::bitset, solve::CoverEngine::sparse})
    for (int threads : {1, 2, 4}) {
      solve::CoverOptions o;
      o.engine = engine;
      o.threads = threads;
      CHECK(run(queens, xcover::Mode::count, o).out == "solutions: 92\n");
    }
}

TEST_CASE("xcover: statistics on the error stream, limits give exit 3", "[xcover]") {
  const std::string queens = std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/queens-8.dlx";
  auto r = run(queens, xcover::Mode::count, {}, true);
  CHECK(r.out == "solutions: 92\n");
  CHECK_THAT(r.err, Contains("nodes: ") && Contains("updates: ") && Contains("seconds: "));
  solve::CoverOptions o;
  o.limits.max_nodes = 10;
  r = run(queens, xcover::Mode::count, o);
  CHECK(r.status == cli::stopped);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Contains("node limit"));
  o = {};
  o.limits.max_solutions = 3;  // a limit the user asked for: the answer is what was asked
  r = run(queens, xcover::Mode::count, o);
  CHECK(r.status == cli::answered);
  CHECK(r.out == "solutions: 3\n");
}

TEST_CASE("xcover rejects every malformed file with its line, exit 2", "[xcover]") {
  const std::pair<const char*, const char*> cases[] = {
      {"bad-unknown-item.dlx", ":4: unknown item 'z'"},
      {"bad-repeated-item.dlx", ":3: item 'a' twice"},
      {"bad-colour-on-primary.dlx", ":3: colour on primary item 'b'"},
      {"bad-no-items.dlx", ":3: no items line"},
      {"bad-two-bars.dlx", ":1: second '|'"},
      {"bad-bounds.dlx", ":1: bad bounds '3:1|b'"},
      {"bad-duplicate-item.dlx", ":1: item 'a' declared twice"},
      {"bad-empty-colour.dlx", ":2: bad colour"},
  };
  for (const auto& [file, message] : cases) {
    INFO(file);
    const auto r = run(data(file));
    CHECK(r.status == cli::bad_input);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Contains(data(file) + message));
  }
  const auto r = run(data("no-such-file.dlx"));
  CHECK(r.status == cli::bad_input);
  CHECK_THAT(r.err, Contains("cannot open"));
}
