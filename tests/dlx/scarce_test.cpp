// The first-item rule's look-ahead at scarce items (CoverOptions::scarce_lookahead,
// libsolve/src/exact_cover/scarce.hpp): every engine ends a node at the same scarce item, so
// nodes agree between engines and thread counts; the look-ahead only cuts subtrees (never a
// solution), and it does cut them on problems with a scarce item.
#include <catch2/catch.hpp>

#include <string>

#include <solve/exact_cover_io.hpp>
#include "exact_cover/scarce.hpp"
#include "random_instances.hpp"
#include "test_scale.hpp"

namespace {

using testing::with;

// A random problem whose primary items mostly sit in many options, and one or two that sit in
// one or two options only (scarce: at most an eighth of the median count).
solve::ExactCover scarce_problem(std::mt19937& rng) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  solve::ExactCover p;
  const int n = uniform(8, 12), rare = uniform(1, 2);
  for (int i = 0; i < n; ++i) p.add_primary();
  if (uniform(0, 1)) p.add_secondary();
  // Common items 0 .. n-rare-1, about 24 options each of 2-3 of them; the rare items last, so
  // that the first-item rule reaches them late.
  const int common = n - rare;
  std::vector<int> ids(static_cast<std::size_t>(common));
  for (int i = 0; i < common; ++i) ids[std::size_t(i)] = i;
  for (int o = 0; o < 8 * common; ++o) {
    std::shuffle(ids.begin(), ids.end(), rng);
    p.add_option(std::span<const int>(ids).first(std::size_t(uniform(2, 3))));
  }
  // Rare items: one or two options each, with two common items.
  for (int i = common; i < n; ++i)
    for (int k = uniform(1, 2); k > 0; --k) {
      std::shuffle(ids.begin(), ids.end(), rng);
      const int option[] = {i, ids[0], ids[1]};
      p.add_option(option);
    }
  return p;
}

}  // namespace

TEST_CASE(
    "scarce items: the look-ahead cuts the first-item tree, the same on every engine and thread "
    "count",
    "[dlx][sparse][scarce]") {
  std::mt19937 rng(2026'11'26);
  const int instances = test_scale::rounds(120);
  int cut = 0;
  for (int k = 0; k < instances; ++k) {
    const solve::ExactCover p = scarce_problem(rng);
    INFO("instance " << k);
    const auto [want, mrv] =
        testing::all_solutions(p, with(solve::CoverEngine::dlx, solve::ItemChoice::mrv));
    auto plain = with(solve::CoverEngine::dlx, solve::ItemChoice::first);
    plain.scarce_lookahead = false;
    const auto [unwatched, r0] = testing::all_solutions(p, plain);
    REQUIRE(unwatched == want);
    const auto [found, ref] =
        testing::all_solutions(p, with(solve::CoverEngine::dlx, solve::ItemChoice::first));
    REQUIRE(found == want);
    REQUIRE(ref.stats.nodes <= r0.stats.nodes);
    cut += ref.stats.nodes < r0.stats.nodes;
    for (auto engine :
         {solve::CoverEngine::dlx, solve::CoverEngine::sparse, solve::CoverEngine::bitset})
      for (int threads : {1, 2, 3}) {
        INFO("engine " << int(engine) << " threads " << threads);
        const auto [got, r] =
            testing::all_solutions(p, with(engine, solve::ItemChoice::first, threads));
        REQUIRE(got == want);
        REQUIRE(r.stats.nodes == ref.stats.nodes);
        REQUIRE(r.stats.max_depth == ref.stats.max_depth);
        // Turned off, every engine walks the plain first-item tree.
        auto off = with(engine, solve::ItemChoice::first, threads);
        off.scarce_lookahead = false;
        REQUIRE(solve::count(p, off).stats.nodes == r0.stats.nodes);
      }
    // The memoised count looks ahead the same way (and counts the same).
    auto memo = with(solve::CoverEngine::dlx, solve::ItemChoice::first);
    memo.memo = true;
    REQUIRE(solve::count(p, memo).count == want.size());
  }
  // The generator makes scarce items; on most instances one runs out before the rule reaches it.
  CHECK(cut * 2 > instances);
}

TEST_CASE("scarce items: pentomino-6x10-sym's X, kept to one quadrant, is the one watched",
          "[dlx][scarce][classic]") {
  const auto p = solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) +
                                              "/exact-cover/pentomino-6x10-sym.dlx");
  const std::vector<int> scarce = solve::detail::cover::scarce_items(p);
  REQUIRE(scarce.size() == 1);
  CHECK(p.item_name(scarce[0]) == "X");
  // Without the quadrant every piece has many placements: nothing is scarce.
  const auto all = solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) +
                                                "/exact-cover/pentomino-6x10-all.dlx");
  CHECK(solve::detail::cover::scarce_items(all).empty());
}
