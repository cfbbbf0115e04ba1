// Domino tilings of a 4x4 board as an exact-cover problem: one primary item per cell, one
// option per domino placement. There are 36 tilings; in 16 of them no domino crosses the
// border of a 2x2 quadrant (2 ways per quadrant), and a prune hook finds just those.
// Built and run by the test suite (tests/dlx), which checks what it prints.
#include <cstdio>
#include <vector>

#include <solve/exact_cover.hpp>

int main() {
  constexpr int n = 4;
  solve::ExactCover board;
  auto cell = [](int r, int c) { return r * n + c; };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      char name[32];  // room for two ints (GCC -O1 -Wformat-truncation counts 11 bytes each)
      std::snprintf(name, sizeof name, "r%dc%d", r, c);
      board.add_primary(name);  // item id cell(r, c)
    }
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) board.add_option({cell(r, c), cell(r, c + 1)});  // horizontal
      if (r + 1 < n) board.add_option({cell(r, c), cell(r + 1, c)});  // vertical
    }

  // Count every tiling, on two threads (the count is the same for any number).
  solve::CoverOptions options;
  options.threads = 2;
  const solve::Result all = solve::count(board, options);
  std::printf("tilings: %llu\n", static_cast<unsigned long long>(all.stats.solutions));

  // Print the first tiling: each domino as the names of its two cells.
  if (auto first = solve::solve_first(board)) {
    for (int o : *first) {
      const auto items = board.option(o);
      std::printf("%s-%s ", board.item_name(items[0].item).c_str(),
                  board.item_name(items[1].item).c_str());
    }
    std::printf("\n");
  }

  // Only tilings whose dominoes never cross a quadrant border (rows 0-1 / 2-3, columns 0-1 /
  // 2-3): the prune hook sees each partial solution and rejects it at once.
  solve::CoverOptions quadrants;
  quadrants.prune = [&](std::span<const int> chosen) {
    const auto items = board.option(chosen.back());
    const int a = items[0].item, b = items[1].item;
    return (a / n) / 2 == (b / n) / 2 && (a % n) / 2 == (b % n) / 2;
  };
  std::uint64_t found = 0;
  solve::search(board, quadrants, [&](std::span<const int>) { return ++found, true; });
  std::printf("quadrant tilings: %llu\n", static_cast<unsigned long long>(found));
  return all.stats.solutions == 36 && found == 16 ? 0 : 1;
}
