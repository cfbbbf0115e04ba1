// The sparse-set engine (dancing cells) against dancing links: the same solutions, counts and
// node counts (the same tree) on random XC, XCC and MCC problems, for both item choices and
// one or several threads, with no more updates; the limits, the hooks, and the shipped
// problems' counts.
#include <catch2/catch.hpp>

#include <string>

#include <solve/exact_cover_io.hpp>
#include "count_file.hpp"
#include "random_instances.hpp"
#include "test_scale.hpp"

namespace {

using testing::with;

constexpr auto dlx = solve::CoverEngine::dlx;
constexpr auto sparse = solve::CoverEngine::sparse;

// For each instance, dlx on one thread is the reference (checked against brute force on
// small instances); sparse must match it on every item choice and thread count: solutions,
// their number, nodes and depth, with at most its updates (one thread). Returns how many
// searches took strictly fewer updates than dancing links.
int sparse_matches_dlx(const testing::RandomSpec& spec, std::uint32_t seed, int instances) {
  int fewer = 0;
  std::mt19937 rng(seed);
  // The sanitizer legs run the first share of the instances (test_scale.hpp); the callers
  // scale the counts of fewer updates they require alike.
  for (int k = 0; k < test_scale::rounds(instances); ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    // Brute force tries every subset of options: only on the small ones.
    const bool small = p.num_options() <= 16;
    const auto expected = small ? testing::brute_force(p) : std::set<std::vector<int>>{};
    for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
      auto [want, rd] = testing::all_solutions(p, with(dlx, choice));
      if (small) REQUIRE(want == expected);
      for (int threads : {1, 2, 3}) {
        INFO("instance " << k << " choice " << int(choice) << " threads " << threads);
        auto [found, r] = testing::all_solutions(p, with(sparse, choice, threads));
        REQUIRE(found == want);
        REQUIRE(r.complete());
        REQUIRE(r.stats.solutions == rd.stats.solutions);
        REQUIRE(r.stats.nodes == rd.stats.nodes);
        REQUIRE(r.stats.max_depth == rd.stats.max_depth);
        if (threads == 1) {
          // One update: one option off one item's list, on either engine. Sparse sets do fewer:
          // X and C stop committing an option once an open primary item has none left (the
          // child is a dead end); Algorithm M: dancing links also takes each option tried off
          // an item that is covered already, and hides options from items closed by "no more
          // options", which sparse sets skip.
          REQUIRE(r.stats.updates <= rd.stats.updates);
          fewer += r.stats.updates < rd.stats.updates;
          REQUIRE(solve::count(p, with(sparse, choice)).stats.solutions == want.size());
        }
      }
    }
  }
  return fewer;
}

}  // namespace

TEST_CASE("sparse sets: exact cover as dancing links does", "[dlx][sparse][differential]") {
  // The early stop at dead ends (MRV) must show in the updates of some of the searches.
  CHECK(sparse_matches_dlx({}, 2024, 250) >= test_scale::scaled(10));
  testing::RandomSpec big{
      .max_primary = 16, .max_secondary = 4, .max_options = 18, .colours = 0, .planted = 3};
  CHECK(sparse_matches_dlx(big, 7, 40) >= test_scale::scaled(3));
}

TEST_CASE("sparse sets: colours (XCC) as dancing links does", "[dlx][sparse][differential]") {
  testing::RandomSpec spec;
  spec.colours = 2;
  CHECK(sparse_matches_dlx(spec, 31, 200) >= test_scale::scaled(5));
  spec.colours = 3;
  spec.max_secondary = 5;
  CHECK(sparse_matches_dlx(spec, 32, 150) >= test_scale::scaled(4));
}

TEST_CASE("sparse sets: multiplicities (MCC) as dancing links does",
          "[dlx][sparse][differential][mcc]") {
  testing::RandomSpec spec;
  spec.max_hi = 3;
  sparse_matches_dlx(spec, 51, 200);
  spec.colours = 2;
  sparse_matches_dlx(spec, 52, 150);
  testing::RandomSpec zero_one;
  zero_one.zero_one = true;
  sparse_matches_dlx(zero_one, 53, 150);
}

TEST_CASE("sparse sets: limits, prune and trace hooks as dancing links", "[dlx][sparse]") {
  std::mt19937 rng(8);
  testing::RandomSpec spec{.max_primary = 12,
                           .max_secondary = 3,
                           .max_options = 30,
                           .colours = 2,
                           .planted = 4,
                           .max_hi = 2};
  for (int k = 0; k < 30; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
      INFO("instance " << k << " choice " << int(choice));
      const auto full = solve::count(p, with(dlx, choice)).stats.nodes;
      // A node limit stops both engines at the same node (not with the same solutions: the
      // trees are the same, the order of the options at a level is not).
      auto o = with(sparse, choice);
      o.limits.max_nodes = full / 2 + 1;
      auto od = with(dlx, choice);
      od.limits.max_nodes = o.limits.max_nodes;
      const auto r = solve::count(p, o), rd = solve::count(p, od);
      REQUIRE(r.stats.nodes == rd.stats.nodes);
      REQUIRE(r.complete() == rd.complete());
      // The prune hook sees each option-choosing node once, and the trace every choice.
      std::uint64_t pruned = 0, chosen = 0, backtracks = 0, solutions = 0;
      auto h = with(sparse, choice);
      h.prune = [&](std::span<const int> s) {
        ++pruned;
        return s.size() < 4;  // cuts the tree: both engines must cut it the same way
      };
      h.trace = [&](const solve::CoverTraceEvent& e) {
        if (e.kind == solve::CoverTraceEvent::Kind::choose) ++chosen;
        if (e.kind == solve::CoverTraceEvent::Kind::backtrack) ++backtracks;
        if (e.kind == solve::CoverTraceEvent::Kind::solution) ++solutions;
      };
      auto hd = h;
      hd.engine = dlx;
      hd.trace = {};
      std::uint64_t pruned_dlx = 0;
      hd.prune = [&](std::span<const int> s) {
        ++pruned_dlx;
        return s.size() < 4;
      };
      const auto rh = solve::count(p, h), rhd = solve::count(p, hd);
      REQUIRE(rh.stats.nodes == rhd.stats.nodes);
      REQUIRE(rh.stats.solutions == rhd.stats.solutions);
      REQUIRE(pruned == pruned_dlx);
      REQUIRE(chosen == rh.stats.nodes);
      REQUIRE(backtracks == chosen);
      REQUIRE(solutions == rh.stats.solutions);
    }
  }
}

TEST_CASE("sparse sets: the first solution is a solution", "[dlx][sparse]") {
  std::mt19937 rng(5);
  testing::RandomSpec spec{
      .max_primary = 14, .max_secondary = 4, .max_options = 40, .colours = 2, .planted = 2};
  for (int k = 0; k < 40; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    const auto s = solve::solve_first(p, with(sparse, solve::ItemChoice::mrv));
    REQUIRE(s.has_value());
    REQUIRE(solve::is_solution(p, *s));
  }
}

TEST_CASE("sparse sets: the shipped problems' counts", "[dlx][sparse][classic]") {
  using testing::count_file;
  const auto mrv = solve::ItemChoice::mrv, first = solve::ItemChoice::first;
  // (queens-12 first-item and the sudokus, which take seconds: classic_slow_test.cpp)
  CHECK(count_file("queens-8.dlx", sparse, mrv) == 92);
  CHECK(count_file("queens-12.dlx", sparse, mrv, 2) == 14200);
  CHECK(count_file("sudoku-ai-escargot.dlx", sparse, mrv) == 1);
  CHECK(count_file("pentomino-3x20.dlx", sparse, mrv) == 8);
  CHECK(count_file("pentomino-3x20.dlx", sparse, first, 3) == 8);
}

TEST_CASE("sparse sets: the dead-end stop saves updates, the same for every thread count",
          "[dlx][sparse]") {
  // pentomino-3x20 with MRV: 32 575 nodes, and with 3 threads work is given away (a worker
  // polls every 1024 nodes). Where an option's commit stops depends on the state only, not
  // on the order of the sets, which differs from clone to clone.
  const auto p = solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) +
                                              "/exact-cover/pentomino-3x20.dlx");
  const auto rd = solve::count(p, with(dlx, solve::ItemChoice::mrv));
  const auto one = solve::count(p, with(sparse, solve::ItemChoice::mrv));
  REQUIRE(one.stats.nodes == rd.stats.nodes);
  CHECK(one.stats.updates < rd.stats.updates * 9 / 10);  // 8 757 880 against 10 706 390
  for (int threads : {2, 3}) {
    const auto many = solve::count(p, with(sparse, solve::ItemChoice::mrv, threads));
    REQUIRE(many.stats.solutions == one.stats.solutions);
    REQUIRE(many.stats.nodes == one.stats.nodes);
    REQUIRE(many.stats.updates == one.stats.updates);
  }
}

TEST_CASE("sparse sets: threads share Algorithm M levels by option ranges", "[dlx][sparse][mcc]") {
  // Big enough that idle workers get work (a worker polls every 1024 nodes): items taking up
  // to 3 options (levels whose item stays open) and 0:1 items (levels that may stop).
  std::mt19937 rng(77);
  testing::RandomSpec spec{.max_primary = 8,
                           .max_secondary = 3,
                           .max_options = 36,
                           .colours = 2,
                           .planted = 6,
                           .max_hi = 3};
  std::uint64_t biggest = 0;
  for (int k = 0; k < test_scale::rounds(12); ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    // Instance 1 of this seed has 619 680 solutions (4.9 M nodes with the first-item choice):
    // seconds in Release, a minute under ASan, and it shows nothing the others do not.
    solve::CoverOptions size_check = with(dlx, solve::ItemChoice::first);
    size_check.limits.max_nodes = 200'000;
    if (solve::count(p, size_check).stop != solve::StopReason::exhausted) continue;
    for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
      auto [want, rd] = testing::all_solutions(p, with(dlx, choice));
      auto [found, r] = testing::all_solutions(p, with(sparse, choice, 3));
      INFO("instance " << k << " choice " << int(choice) << " nodes " << rd.stats.nodes);
      REQUIRE(found == want);
      REQUIRE(r.stats.nodes == rd.stats.nodes);
      // Updates are counted when they are taken back (undo); a receiver's replayed path and
      // the cover and tweaks of the level it resumes are the donor's, counted there only.
      REQUIRE(r.stats.updates == solve::count(p, with(sparse, choice)).stats.updates);
      biggest = std::max(biggest, rd.stats.nodes);
    }
  }
  REQUIRE(biggest > 5000);  // else no work was shared and the test proves nothing
}
