// The xcover binary as a user (or an attacker) sees it: the behaviour all front-ends share
// (tests/common), and xcover's own files: a byte order mark, a file of NUL bytes.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "front_end_checks.hpp"
#include "xcover.hpp"

namespace {

const std::string bin = XCOVER_BIN;
std::string data(const std::string& name) {
  return std::string(SOLVE_TESTDATA_DIR) + "/xcover/" + name;
}
std::string problem(const std::string& name) {
  return std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/" + name;
}

/// Domino tilings of a rows x cols board, cells in row order (a frontier of `cols` cells).
std::string dominoes(int rows, int cols) {
  std::string text;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) text += fmt::format("{}r{}c{}", text.empty() ? "" : " ", r, c);
  text += "\n";
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (c + 1 < cols) text += fmt::format("r{}c{} r{}c{}\n", r, c, r, c + 1);
      if (r + 1 < rows) text += fmt::format("r{}c{} r{}c{}\n", r, c, r + 1, c);
    }
  return text;
}

}  // namespace

TEST_CASE("xcover: unreadable and hostile inputs are exit 2 in bounded memory", "[xcover][cli]") {
  const test::FrontEnd xcover{
      bin, [](const std::string& file) { return std::vector<std::string>{file}; }};
  test::check_unreadable_inputs(xcover);
  test::check_long_line(xcover, xcover::text_limits.max_line);
  // The byte order mark is not part of the first item's name.
  const test::ProgramRun bom = test::run_program(bin, {"--all", data("bom.dlx")});
  CHECK(bom.status == 0);
  CHECK(bom.out == "a b\nc\n");
  for (const char* file : {"bom-only.dlx", "nul-only.dlx"}) {
    INFO(file);
    const test::ProgramRun r = test::run_program(bin, {data(file)});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
  }
}

TEST_CASE("xcover: failed writes, Ctrl-C, limits, --help", "[xcover][cli]") {
  test::check_full_stdout(bin, {problem("queens-8.dlx")});
  test::check_full_stdout(bin, {"--count", problem("queens-8.dlx")});
  test::check_full_stdout(bin, {"--all", problem("macmahon-hexagon.dlx")});  // stops at once
  test::check_interrupt(bin, {"--count", "--stats", problem("macmahon-hexagon.dlx")});
  test::check_interrupt(bin, {"--all", "--threads", "2", problem("macmahon-hexagon.dlx")}, SIGTERM);
  test::check_timeout_values(bin, {"--count"}, {problem("queens-8.dlx")});
  for (const char* flag : {"--max-solutions", "--max-nodes"}) {
    const test::ProgramRun r = test::run_program(bin, {flag, "-1", problem("queens-8.dlx")});
    CHECK(r.status == 2);
    CHECK(r.err.starts_with(std::string(flag) + ": expected a whole number >= "));
  }
  CHECK(test::run_program(bin, {"--max-solutions", "0", problem("queens-8.dlx")}).status == 2);
  test::check_help(bin, {});
}

TEST_CASE("xcover: --no-lookahead walks the plain first-item tree", "[xcover][cli]") {
  // Z sits in one option and the other items in 45: Z is scarce (docs/exact-cover.md).
  const auto nodes = [](const test::ProgramRun& r) {
    const auto at = r.err.find("nodes: ");
    return at == std::string::npos ? -1L : std::stol(r.err.substr(at + 7));
  };
  for (const char* engine : {"dlx", "bitset", "sparse"}) {
    INFO(engine);
    const test::ProgramRun watched = test::run_program(
        bin, {"--count", "--stats", "--choice", "first", "--engine", engine, data("scarce.dlx")});
    const test::ProgramRun plain =
        test::run_program(bin, {"--count", "--stats", "--choice", "first", "--no-lookahead",
                                "--engine", engine, data("scarce.dlx")});
    CHECK(watched.status == 0);
    CHECK(plain.status == 0);
    CHECK(watched.out == "solutions: 280\n");  // Z a b, then the 9 others in three triples
    CHECK(plain.out == watched.out);
    CHECK(nodes(watched) > 0);
    CHECK(nodes(watched) < nodes(plain));
  }
}

TEST_CASE("xcover: --memo-mb past memory, under ulimit -v: the right count (issue 22 item 13)",
          "[xcover][cli]") {
  // The 13 x 30 board's memo grows to 76 MiB; under a 100 MiB address space its doubling to
  // 152 MiB threw bad_alloc (exit 4, no figures). It now keeps its 38 MiB and evicts. (The count,
  // 29252022828502441783837599760311571261637740889, is also a transfer-matrix count's.)
  const std::string file = test::scratch_file("domino-30x13.dlx", dominoes(30, 13));
  test::check_memo_in_capped_memory(bin, {"--count", "--memo", file},
                                    "solutions: 29252022828502441783837599760311571261637740889\n",
                                    100 << 20);
}
