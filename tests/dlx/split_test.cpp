// Splitting a problem into parts (solve/cover_split.hpp): on hundreds of random XC, XCC and MCC
// problems the parts' solutions, each with its forced options, are exactly the brute-force
// solutions, each met in one part only; their counts add up; the list is deterministic.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <string>

#include <solve/cover_split.hpp>
#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>
#include "random_instances.hpp"
#include "test_scale.hpp"

namespace {

// The solutions of one part, as option ids of the original problem (sorted), forced ones in.
std::set<std::vector<int>> part_solutions(const solve::ExactCover& p,
                                          const solve::CoverPart& part) {
  const solve::PartProblem q = solve::part_problem(p, part);
  std::set<std::vector<int>> out;
  if (q.empty) {
    REQUIRE(solve::count(q.problem).count == 0);
    return out;
  }
  for (const std::vector<int>& s : testing::all_solutions(q.problem, {}).first) {
    std::vector<int> ids(part.forced);
    for (int o : s) ids.push_back(q.options[std::size_t(o)]);
    std::sort(ids.begin(), ids.end());
    REQUIRE(solve::is_solution(p, ids));
    for (int o : part.excluded) REQUIRE(!std::binary_search(ids.begin(), ids.end(), o));
    out.insert(ids);
  }
  return out;
}

void check_splits(const testing::RandomSpec& spec, std::uint32_t seed, int instances) {
  std::mt19937 rng(seed);
  int cut = 0;  // instances split into more than one part: the cutting is really exercised
  instances = test_scale::rounds(instances);  // the sanitizer legs: the first share of them
  for (int k = 0; k < instances; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    // Brute force where it is quick; the engines' solutions are checked against it elsewhere.
    const auto expected =
        p.num_options() <= 16 ? testing::brute_force(p) : testing::all_solutions(p, {}).first;
    for (std::size_t target : {1, 2, 3, 7, 40}) {
      INFO("instance " << k << ", " << target << " parts");
      const std::vector<solve::CoverPart> parts = solve::split_cover(p, target);
      REQUIRE(parts == solve::split_cover(p, target));  // deterministic
      std::set<std::vector<int>> seen;
      std::size_t sum = 0;
      solve::BigCount counted;
      for (const solve::CoverPart& part : parts) {
        const auto s = part_solutions(p, part);
        sum += s.size();
        seen.insert(s.begin(), s.end());
        solve::CoverOptions o;
        o.memo = k % 2 == 1;  // either way of counting a part
        counted += solve::count(solve::part_problem(p, part).problem, o).count;
      }
      REQUIRE(seen == expected);
      REQUIRE(sum == expected.size());  // no solution in two parts
      REQUIRE(counted == solve::BigCount(expected.size()));
      if (target == 1) REQUIRE(parts.size() <= 1);
      cut += parts.size() > 1;
    }
  }
  REQUIRE(cut >= instances);
}

solve::ExactCover puzzle(const char* file) {
  return solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/" + file);
}

solve::BigCount count_in_parts(const solve::ExactCover& p, std::size_t target,
                               std::size_t* parts = nullptr, bool memo = false) {
  const std::vector<solve::CoverPart> list = solve::split_cover(p, target);
  if (parts) *parts = list.size();
  solve::BigCount total;
  solve::CoverOptions o;
  o.memo = memo;
  for (const solve::CoverPart& part : list) {
    const auto r = solve::count(solve::part_problem(p, part).problem, o);
    REQUIRE(r.complete());
    total += r.count;
  }
  return total;
}

}  // namespace

TEST_CASE("split: parts partition the solutions of random XC problems", "[split]") {
  check_splits({.max_primary = 7, .max_secondary = 2, .max_options = 14, .planted = 2}, 11, 120);
}

TEST_CASE("split: parts partition the solutions of random XCC problems", "[split]") {
  check_splits(
      {.max_primary = 6, .max_secondary = 3, .max_options = 14, .colours = 2, .planted = 2}, 12,
      120);
}

TEST_CASE("split: parts partition the solutions of random MCC problems", "[split]") {
  check_splits({.max_primary = 5,
                .max_secondary = 2,
                .max_options = 13,
                .colours = 2,
                .planted = 2,
                .max_hi = 3},
               13, 120);
  check_splits(
      {.max_primary = 6, .max_secondary = 2, .max_options = 13, .planted = 1, .zero_one = true}, 14,
      60);
}

TEST_CASE("split: shipped puzzles counted in parts", "[split]") {
  std::size_t parts = 0;
  CHECK(count_in_parts(puzzle("queens-8.dlx"), 50, &parts) == 92);
  CHECK(parts >= 50);
  CHECK(count_in_parts(puzzle("pentomino-3x20.dlx"), 30, &parts) == 8);
  CHECK(count_in_parts(puzzle("pentomino-5x8-choose8-mcc.dlx"), 60, &parts) == 13632);
  CHECK(parts >= 60);
  CHECK(count_in_parts(puzzle("domino-8x8.dlx"), 100, &parts, true) == 12988816);
}

TEST_CASE("split: a part that forces clashing options is empty", "[split]") {
  solve::ExactCover p;
  const int a = p.add_primary("a"), b = p.add_primary("b"), x = p.add_secondary("x");
  const int red = p.colour("red"), blue = p.colour("blue");
  const int o0 = p.add_option({{a, 0}, {x, red}});
  const int o1 = p.add_option({{b, 0}, {x, blue}});
  const int o2 = p.add_option({{b, 0}, {x, red}});
  REQUIRE(solve::count(p).count == 1);
  const solve::PartProblem clash = solve::part_problem(p, {{o0, o1}, {}});
  CHECK(clash.empty);
  CHECK(solve::count(clash.problem).count == 0);
  // Forcing o0 fixes x red: o1 goes, o2 stays (same colour), a is done.
  const solve::PartProblem red_x = solve::part_problem(p, {{o0}, {}});
  CHECK_FALSE(red_x.empty);
  CHECK(red_x.options == std::vector<int>{o2});
  CHECK(red_x.problem.num_primary() == 1);
  CHECK(red_x.problem.colour_name(red) == "red");
  CHECK(solve::count(red_x.problem).count == 1);
}

TEST_CASE("split: bad parts are refused", "[split]") {
  solve::ExactCover p;
  const int a = p.add_primary("a");
  p.add_option({a});
  CHECK_THROWS_AS(solve::part_problem(p, {{1}, {}}), solve::ModelError);
  CHECK_THROWS_AS(solve::part_problem(p, {{}, {-1}}), solve::ModelError);
  CHECK_THROWS_AS(solve::part_problem(p, {{0}, {0}}), solve::ModelError);
  CHECK_THROWS_AS(solve::part_problem(p, {{0, 0}, {}}), solve::ModelError);
}

TEST_CASE("split: a problem without solutions may give no part", "[split]") {
  solve::ExactCover p;
  const int a = p.add_primary("a");
  p.add_primary("b");
  p.add_option({a});
  CHECK(solve::split_cover(p, 10).empty());
  solve::ExactCover none_needed;  // one solution, the empty set
  none_needed.add_primary("c", 0, 2);
  const auto parts = solve::split_cover(none_needed, 10);
  REQUIRE(parts.size() == 1);
  CHECK(solve::count(solve::part_problem(none_needed, parts[0]).problem).count == 1);
}

TEST_CASE("split: with limits, stopped by the cancel flag or the time, else the same list",
          "[split]") {
  const solve::ExactCover p =
      solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/queens-8.dlx");
  const solve::CoverSplit whole = solve::split_cover(p, 40, solve::Limits{});
  CHECK(whole.stop == solve::StopReason::exhausted);
  CHECK(whole.parts == solve::split_cover(p, 40));
  std::atomic<bool> cancel{true};
  const solve::CoverSplit cancelled = solve::split_cover(p, 40, solve::Limits{.cancel = &cancel});
  CHECK(cancelled.stop == solve::StopReason::cancelled);
  CHECK(cancelled.parts.empty());
  // A long split (a million parts asked of a problem of 6000 options) stops at its time limit.
  solve::ExactCover big;
  const int a = big.add_primary("a"), b = big.add_primary("b");
  for (int k = 0; k < 6000; ++k) big.add_option({k % 2 ? a : b});
  const auto start = std::chrono::steady_clock::now();
  const solve::CoverSplit timed =
      solve::split_cover(big, 1000000, solve::Limits{.max_seconds = 0.2});
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5);
  CHECK(timed.stop == solve::StopReason::time_limit);
  CHECK(timed.parts.empty());
}
