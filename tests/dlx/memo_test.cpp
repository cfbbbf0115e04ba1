// Memoised counting: the same counts as the plain search on random XC, XCC and MCC problems
// (dancing links and bitset engine), with a table that evicts, beyond 2^64, and the options it
// refuses.
#include <catch2/catch.hpp>

#include <sstream>

#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>
#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/dlx.hpp"
#include "exact_cover/memo_counter.hpp"
#include "exact_cover/memo_table.hpp"
#include "random_instances.hpp"
#include "search/driver.hpp"
#include "test_scale.hpp"

namespace {

void check_memo_counts(const testing::RandomSpec& spec, std::uint32_t seed, int instances) {
  std::mt19937 rng(seed);
  int hit = 0;  // instances where the memo answered some subproblem: it is really exercised
  instances = test_scale::rounds(instances);  // the sanitizer legs: the first share of them
  for (int k = 0; k < instances; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, spec);
    // Brute force where it is quick; the plain count is checked against it elsewhere.
    const auto expected =
        p.num_options() <= 16 ? testing::brute_force(p).size() : solve::count(p).stats.solutions;
    for (auto [engine, choice] : {std::pair{solve::CoverEngine::automatic, solve::ItemChoice::mrv},
                                  {solve::CoverEngine::automatic, solve::ItemChoice::first},
                                  {solve::CoverEngine::dlx, solve::ItemChoice::first},
                                  {solve::CoverEngine::bitset, solve::ItemChoice::mrv}}) {
      solve::CoverOptions o;
      o.engine = engine;
      o.item_choice = choice;
      if (engine == solve::CoverEngine::bitset && (p.has_colours() || p.has_multiplicities()))
        continue;
      const auto plain = solve::count(p, o);
      o.memo = true;
      const auto memo = solve::count(p, o);
      INFO("instance " << k << " engine " << int(engine) << " choice " << int(choice));
      REQUIRE(plain.stats.solutions == expected);
      REQUIRE(memo.complete());
      REQUIRE(memo.count == plain.count);
      REQUIRE(memo.stats.solutions == expected);
      REQUIRE(memo.memo.hits <= memo.memo.lookups);
      hit += engine == solve::CoverEngine::automatic && choice == solve::ItemChoice::mrv &&
             memo.memo.hits > 0;
      REQUIRE(memo.stats.nodes <=
              plain.stats.nodes + (p.has_multiplicities() ? plain.stats.nodes : 0));
    }
  }
  REQUIRE(hit >= instances / 5);
}

/// The domino tilings of a rows x cols board (cells in row order).
solve::ExactCover dominoes(int rows, int cols) {
  solve::ExactCover p;
  for (int c = 0; c < rows * cols; ++c) p.add_primary();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (c + 1 < cols) p.add_option({r * cols + c, r * cols + c + 1});
      if (r + 1 < rows) p.add_option({r * cols + c, (r + 1) * cols + c});
    }
  return p;
}

}  // namespace

TEST_CASE("memo: the plain counts on random exact cover problems", "[dlx][memo][differential]") {
  check_memo_counts({.max_primary = 8, .max_secondary = 3, .max_options = 14, .planted = 2}, 41,
                    300);
}

TEST_CASE("memo: the plain counts with colours", "[dlx][memo][differential]") {
  check_memo_counts(
      {.max_primary = 7, .max_secondary = 4, .max_options = 14, .colours = 2, .planted = 2}, 42,
      250);
}

TEST_CASE("memo: the plain counts with multiplicities", "[dlx][memo][differential]") {
  check_memo_counts(
      {.max_primary = 6, .max_secondary = 3, .max_options = 14, .planted = 1, .max_hi = 3}, 43,
      250);
  check_memo_counts(
      {.max_primary = 5, .max_secondary = 3, .max_options = 13, .colours = 2, .max_hi = 3}, 44,
      150);
  check_memo_counts({.max_primary = 7, .max_secondary = 2, .max_options = 14, .zero_one = true}, 45,
                    150);
}

TEST_CASE("memo: a table too small for the problem evicts and stays exact", "[dlx][memo]") {
  // Dancing links with a 1 KiB table; the bitset engine with the smallest one count_words allows.
  std::mt19937 rng(46);
  const testing::RandomSpec spec{.max_primary = 14,
                                 .max_secondary = 4,
                                 .max_options = 24,
                                 .colours = 2,
                                 .planted = 3,
                                 .max_hi = 2};
  std::uint64_t evictions = 0;
  for (int k = 0; k < 40; ++k) {
    const solve::ExactCover p = k % 2 ? testing::random_problem(rng, spec) : dominoes(4, 2 + k % 5);
    const auto plain = solve::count(p);
    solve::CoverOptions o;
    solve::CoverCallback none;
    solve::detail::Control control(o.limits, false, {}, 1);
    solve::detail::cover::Dlx dlx(p, o, none, control);
    const auto start = dlx.nodes();
    dlx.enable_memo(p, 1024);  // a handful of entries
    solve::detail::run_search(dlx, control, 1);
    REQUIRE(dlx.memo_count() == plain.count);
    REQUIRE(dlx.nodes() == start);
    evictions += dlx.memo_stats().evictions;
    if (k % 2) continue;
    std::vector<bool> primary(std::size_t(p.num_items()), true);
    solve::detail::cover::MemoCounter memo(1024, solve::detail::cover::bitset_key_words(p),
                                           solve::detail::cover::count_words(p, primary, false),
                                           std::size_t(p.num_primary()) + 1);
    auto bits = solve::detail::cover::make_bitset_engine(p, o, none, control, &memo);
    solve::detail::run_search(*bits, control, 1);
    REQUIRE(memo.total() == plain.count);
    evictions += memo.stats().evictions;
  }
  REQUIRE(evictions > 0);
}

TEST_CASE("memo: domino tilings of 8x8, and counts beyond 2^64", "[dlx][memo]") {
  solve::CoverOptions o;
  o.memo = true;
  const auto r = solve::count(dominoes(8, 8), o);
  REQUIRE(r.complete());
  REQUIRE(r.stats.solutions == 12988816);
  REQUIRE(r.memo.hits > 0);
  REQUIRE(r.memo.stores <= r.memo.lookups);

  // 70 items, each covered by either of two options of its own: 2^70 solutions.
  solve::ExactCover p;
  for (int i = 0; i < 70; ++i) {
    p.add_primary();
    p.add_option({i});
    p.add_option({i});
  }
  const auto wide = solve::count(p, o);
  REQUIRE(wide.complete());
  REQUIRE(wide.count.to_string() == "1180591620717411303424");
  REQUIRE_FALSE(wide.count.fits_u64());
  REQUIRE(wide.stats.solutions == ~std::uint64_t(0));
}

TEST_CASE("memo: what it cannot do is refused, limits still stop it", "[dlx][memo]") {
  const auto p = dominoes(6, 6);
  solve::CoverOptions o;
  o.memo = true;
  REQUIRE_THROWS_AS(solve::search(p, o, [](std::span<const int>) { return true; }),
                    solve::ModelError);
  o.limits.max_solutions = 5;
  REQUIRE_THROWS_AS(solve::count(p, o), solve::ModelError);
  o.limits.max_solutions = 0;
  o.prune = [](std::span<const int>) { return true; };
  REQUIRE_THROWS_AS(solve::count(p, o), solve::ModelError);
  o.prune = nullptr;
  o.memo_mb = 0;
  REQUIRE_THROWS_AS(solve::count(p, o), solve::ModelError);
  o.memo_mb = 1;
  o.limits.max_nodes = 20;
  const auto cut = solve::count(p, o);
  REQUIRE(cut.stop == solve::StopReason::node_limit);
  REQUIRE(cut.count < solve::BigCount(6728));  // 6728 tilings of 6x6
  o.limits.max_nodes = 0;
  REQUIRE(solve::count(p, o).count == solve::BigCount(6728));
}

TEST_CASE("BigCount adds, compares and prints", "[dlx][memo]") {
  solve::BigCount a = ~std::uint64_t(0);
  a += 1;
  REQUIRE(a.to_string() == "18446744073709551616");
  REQUIRE_FALSE(a.fits_u64());
  REQUIRE(a > solve::BigCount(~std::uint64_t(0)));
  const std::uint64_t limbs[] = {~std::uint64_t(0), ~std::uint64_t(0), 0};
  solve::BigCount b = solve::BigCount::from_limbs(limbs);  // 2^128 - 1
  REQUIRE(b.to_string() == "340282366920938463463374607431768211455");
  solve::BigCount c = b;
  c += 1;  // a carry that runs through every limb: 2^128
  REQUIRE(c.to_string() == "340282366920938463463374607431768211456");
  b += a;
  REQUIRE(b.to_string() == "340282366920938463481821351505477763071");
  REQUIRE(solve::BigCount().to_string() == "0");
  REQUIRE(solve::BigCount(1000000000).to_string() == "1000000000");
  REQUIRE(solve::BigCount(7) + solve::BigCount(5) == solve::BigCount(12));
}

TEST_CASE("BigCount multiplies by small factors: 30! across limbs, and by 0 and 1", "[dlx][memo]") {
  solve::BigCount f = 1;
  for (std::uint32_t k = 2; k <= 30; ++k) f *= k;
  REQUIRE(f.to_string() == "265252859812191058636308480000000");
  solve::BigCount g = 781;  // stenen: the labelled tilings of 14 numbered dominoes on 4x7
  for (std::uint32_t k = 2; k <= 14; ++k) g *= k;
  REQUIRE(g.to_string() == "68086245427200");
  solve::BigCount m = ~std::uint64_t(0);
  m *= 0xffffffffu;  // (2^64 - 1)(2^32 - 1)
  REQUIRE(m.to_string() == "79228162495817593515539431425");
  m *= 1;
  REQUIRE(m.to_string() == "79228162495817593515539431425");
  m *= 0;
  REQUIRE(m == solve::BigCount());
}

// Issue 10 saw evictions with 256 MiB allowed and a few MiB used: two full buckets below the
// bound used to evict. Below its bound the table must grow instead and keep every count.
TEST_CASE("memo table: below its memory bound nothing is evicted and every count is kept",
          "[dlx][memo]") {
  using solve::detail::cover::MemoTable;
  MemoTable table(std::size_t(256) << 20, 2, 1);
  constexpr std::uint64_t n = 1 << 18;
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> keys(2 * n);
  for (auto& w : keys) w = rng() & 0xffff'ffff'ffffULL;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t* key = &keys[2 * i];
    const std::uint64_t h = MemoTable::hash(key, 2);
    if (table.find(key, h)) continue;  // a repeated random key: stored once
    const std::uint64_t count = i + 1;
    table.store(key, h, &count, i % 7);  // little work: the first victims if anything evicted
  }
  CHECK(table.stats().evictions == 0);
  CHECK(table.stats().bytes <= std::size_t(256) << 20);
  std::uint64_t missing = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t h = MemoTable::hash(&keys[2 * i], 2);
    const std::uint64_t* c = table.find(&keys[2 * i], h);
    missing += c == nullptr;
  }
  CHECK(missing == 0);
}
