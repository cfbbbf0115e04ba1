#include "generate.hpp"

#include <bit>
#include <stdexcept>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "candidates.hpp"
#include "grade.hpp"
#include "random.hpp"

namespace futoshiki {
namespace {

// 4x4 hard puzzles are the rarest: one square in about 640 gives one (the others end solved
// by the chains and hidden singles), so 1000 tries failed for one seed in five.
constexpr int max_tries = 20000;

// A random Latin square by backtracking: the cell with the fewest digits left first, its
// digits in a random order. Restarts after a number of dead ends (rare above 10x10).
std::vector<int> random_square(int n, Random& rng) {
  const std::uint64_t all = (std::uint64_t{1} << n) - 1;
  for (;;) {
    std::vector<int> grid(std::size_t(n * n), 0);
    std::vector<std::uint64_t> row_used(std::size_t(n), 0), col_used(std::size_t(n), 0);
    int budget = 2000 * n;
    struct Frame {
      int cell;
      std::vector<int> digits;
      std::size_t next;
    };
    std::vector<Frame> stack;
    bool ok = true;
    for (;;) {
      // choose the open cell with the fewest candidates
      int best = -1, best_count = n + 1;
      for (int i = 0; i < n * n; ++i) {
        if (grid[std::size_t(i)]) continue;
        const int k =
            std::popcount(all & ~(row_used[std::size_t(i / n)] | col_used[std::size_t(i % n)]));
        if (k < best_count) best = i, best_count = k;
      }
      if (best < 0) break;  // full
      Frame f{best, {}, 0};
      for (std::uint64_t left =
               all & ~(row_used[std::size_t(best / n)] | col_used[std::size_t(best % n)]);
           left; left &= left - 1)
        f.digits.push_back(std::countr_zero(left) + 1);
      rng.shuffle(f.digits);
      stack.push_back(std::move(f));
      // place the next digit of the top frame, backtracking over exhausted frames
      for (;;) {
        if (stack.empty() || --budget < 0) {
          ok = false;
          break;
        }
        Frame& top = stack.back();
        const int r = top.cell / n, c = top.cell % n;
        if (grid[std::size_t(top.cell)]) {  // undo the previous digit
          const std::uint64_t bit = std::uint64_t{1} << (grid[std::size_t(top.cell)] - 1);
          row_used[std::size_t(r)] &= ~bit;
          col_used[std::size_t(c)] &= ~bit;
          grid[std::size_t(top.cell)] = 0;
        }
        if (top.next == top.digits.size()) {
          stack.pop_back();
          continue;
        }
        const int d = top.digits[top.next++];
        const std::uint64_t bit = std::uint64_t{1} << (d - 1);
        grid[std::size_t(top.cell)] = d;
        row_used[std::size_t(r)] |= bit;
        col_used[std::size_t(c)] |= bit;
        break;
      }
      if (!ok) break;
    }
    if (ok) return grid;
  }
}

Relation relation(int a, int b) { return a < b ? Relation::less : Relation::greater; }

// The clue k of a puzzle: k < n*n the digit of cell k, then the horizontal signs, then the
// vertical ones.
struct Clues {
  int n;
  int cells() const { return n * n; }
  int horizontal() const { return n * (n - 1); }
  int count() const { return cells() + 2 * horizontal(); }
};

void set_clue(Puzzle& p, const std::vector<int>& solution, int k, bool present) {
  const Clues c{p.n};
  if (k < c.cells()) {
    p.givens[std::size_t(k)] = present ? solution[std::size_t(k)] : 0;
    return;
  }
  k -= c.cells();
  const int n = p.n;
  if (k < c.horizontal()) {
    const int r = k / (n - 1), col = k % (n - 1);
    p.right[std::size_t(k)] = present ? relation(solution[std::size_t(r * n + col)],
                                                 solution[std::size_t(r * n + col + 1)])
                                      : Relation::none;
    return;
  }
  k -= c.horizontal();
  const int r = k / n, col = k % n;
  p.down[std::size_t(k)] = present ? relation(solution[std::size_t(r * n + col)],
                                              solution[std::size_t((r + 1) * n + col)])
                                   : Relation::none;
}

}  // namespace

bool generate(int size, Difficulty level, std::uint64_t seed, const std::atomic<bool>* cancel,
              Puzzle* out) {
  if (size < min_generated_size || size > max_generated_size)
    throw solve::InputError(
        fmt::format("size {} is out of range: puzzles of {} to {} are generated", size,
                    min_generated_size, max_generated_size));
  std::uint64_t mix = seed ^ (std::uint64_t(size) << 56) ^ (std::uint64_t(level) << 48);
  Random rng(Random::splitmix64(mix));
  const Clues clues{size};
  std::vector<int> order(std::size_t(clues.count()));
  for (int tries = 0; tries < max_tries; ++tries) {
    const std::vector<int> solution = random_square(size, rng);
    Puzzle p;
    p.n = size;
    p.givens.assign(std::size_t(size * size), 0);
    p.right.assign(std::size_t(size * (size - 1)), Relation::none);
    p.down.assign(std::size_t((size - 1) * size), Relation::none);
    for (int k = 0; k < clues.count(); ++k) {
      set_clue(p, solution, k, true);
      order[std::size_t(k)] = k;
    }
    rng.shuffle(order);
    for (const int k : order) {
      if (cancel && cancel->load(std::memory_order_relaxed)) return false;
      set_clue(p, solution, k, false);
      if (!solved_at(p, level)) set_clue(p, solution, k, true);
    }
    if (level != Difficulty::easy && solved_at(p, Difficulty(int(level) - 1))) continue;
    // the deductions prove uniqueness; libsolve confirms it independently
    const std::vector<std::vector<int>> found = some_solutions(p, 2);
    if (found.size() != 1 || found.front() != solution)
      throw std::logic_error("futoshiki generate: a generated puzzle is not unique");
    *out = std::move(p);
    return true;
  }
  throw NoPuzzle(
      fmt::format("no {}x{} {} puzzle found in {} tries", size, size, to_string(level), max_tries));
}

Puzzle generate(int size, Difficulty level, std::uint64_t seed) {
  Puzzle p;
  generate(size, level, seed, nullptr, &p);
  return p;
}

std::string format_puzzle(const Puzzle& p) {
  const int n = p.n;
  std::string out;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) out += fmt::format("{}{}", p.given(r, c), c + 1 < n ? ' ' : '\n');
  out += '\n';
  auto sign = [](Relation rel, char less, char greater) {
    return rel == Relation::less ? less : rel == Relation::greater ? greater : '0';
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c + 1 < n; ++c) {
      out += sign(p.right_of(r, c), '<', '>');
      out += c + 2 < n ? ' ' : '\n';
    }
  out += '\n';
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c < n; ++c) {
      out += sign(p.below(r, c), '^', 'v');
      out += c + 1 < n ? ' ' : '\n';
    }
  return out;
}

}  // namespace futoshiki
