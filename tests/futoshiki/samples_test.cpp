// Puzzles from other sources (a university course's set, Simon Tatham's generator), sizes
// 4 to 12: each is solved by the default method, proved unique, and equal to its .sol file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <solve/search.hpp>

#include "common.hpp"
#include "model.hpp"
#include "puzzle.hpp"

namespace fs = std::filesystem;
namespace t = futoshiki::test;

namespace {

// Solves with up to two solutions; checks uniqueness and the published grid.
void check_sample(const fs::path& txt, const solve::SearchOptions& options) {
  INFO(txt.string());
  const futoshiki::Puzzle p = futoshiki::read_puzzle(txt.string());
  const futoshiki::FutoshikiModel fm = futoshiki::build_model(p);
  const auto sol = t::grids_in(t::slurp(fs::path(txt).replace_extension(".sol").string()), p.n);
  REQUIRE(sol.size() == 1);
  REQUIRE(futoshiki::is_solution(p, sol.front()));
  solve::SearchOptions o = options;
  o.limits.max_solutions = 2;
  o.limits.max_nodes = 2'000'000;  // a safety net: the test fails instead of hanging
  std::vector<std::vector<int>> found;
  const solve::Result r = solve::search(fm.model, o, [&](const solve::Solution& s) {
    found.push_back(fm.grid(s));
    return true;
  });
  CHECK(r.complete());
  REQUIRE(found.size() == 1);
  CHECK(found.front() == sol.front());
}

int check_folder(const std::string& folder, const solve::SearchOptions& options, int max_n) {
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(t::puzzles_dir() + "/" + folder)) {
    if (entry.path().extension() != ".txt") continue;
    if (futoshiki::read_puzzle(entry.path().string()).n > max_n) continue;
    check_sample(entry.path(), options);
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("usp-100 and tatham samples: default method") {
  CHECK(check_folder("usp-100", {}, 64) == 6);
  CHECK(check_folder("tatham", {}, 64) == 9);
}

TEST_CASE("usp-100 and tatham samples up to 7x7: the course's method") {
  solve::SearchOptions course;
  course.propagation = solve::Propagation::forward;
  course.var_order = solve::VarOrder::mrv_degree;
  course.val_order = solve::ValOrder::ascending;
  CHECK(check_folder("usp-100", course, 7) == 4);
  CHECK(check_folder("tatham", course, 7) == 4);
}
