#pragma once
// Random small Futoshiki puzzles for differential tests, and a brute-force solution counter
// that shares no code with libsolve or futoshiki_core.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace futoshiki::test {

// A puzzle as the generator knows it: sign codes 0 none, 1 '<'/'^', 2 '>'/'v'.
struct Raw {
  int n = 0;
  std::vector<int> givens;  // n*n
  std::vector<int> right;   // n*(n-1)
  std::vector<int> down;    // (n-1)*n
};

// ---- the independent counter: fill the cells one by one, each checked against the filled
// ones; rows with the most givens first, which keeps it fast without changing what it counts ----
struct BruteForce {
  const Raw& p;
  std::vector<int> order;                    // cells in the order they are filled
  std::vector<int> g;                        // values so far, 0 = not yet
  std::vector<unsigned> row_used, col_used;  // bit v: value v already in that row / column
  std::uint64_t count = 0;

  explicit BruteForce(const Raw& raw)
      : p(raw),
        g(std::size_t(raw.n * raw.n), 0),
        row_used(std::size_t(raw.n)),
        col_used(std::size_t(raw.n)) {
    const int n = p.n;
    std::vector<int> rows(std::size_t(n), 0);
    std::iota(rows.begin(), rows.end(), 0);
    auto givens_in = [&](int r) {
      return std::count_if(p.givens.begin() + r * n, p.givens.begin() + (r + 1) * n,
                           [](int v) { return v != 0; });
    };
    std::stable_sort(rows.begin(), rows.end(),
                     [&](int a, int b) { return givens_in(a) > givens_in(b); });
    for (const int r : rows)
      for (int c = 0; c < n; ++c) order.push_back(r * n + c);
  }

  int at(int r, int c) const { return g[std::size_t(r * p.n + c)]; }
  // The sign code between (r, c) and its right / lower neighbour.
  int right(int r, int c) const { return p.right[std::size_t(r * (p.n - 1) + c)]; }
  int down(int r, int c) const { return p.down[std::size_t(r * p.n + c)]; }
  // True when the sign between a and b holds, or one of them is not filled yet (0).
  static bool holds(int sign, int a, int b) {
    return sign == 0 || a == 0 || b == 0 || (sign == 1 ? a < b : a > b);
  }

  bool fits(int r, int c, int v) const {
    const int n = p.n;
    const int given = p.givens[std::size_t(r * n + c)];
    if (given != 0 && given != v) return false;
    if ((row_used[std::size_t(r)] | col_used[std::size_t(c)]) >> v & 1u) return false;
    if (c > 0 && !holds(right(r, c - 1), at(r, c - 1), v)) return false;
    if (c + 1 < n && !holds(right(r, c), v, at(r, c + 1))) return false;
    if (r > 0 && !holds(down(r - 1, c), at(r - 1, c), v)) return false;
    if (r + 1 < n && !holds(down(r, c), v, at(r + 1, c))) return false;
    return true;
  }
  void fill(std::size_t k) {
    if (k == order.size()) {
      ++count;
      return;
    }
    const int cell = order[k];
    const int r = cell / p.n;
    const int c = cell % p.n;
    for (int v = 1; v <= p.n; ++v) {
      if (!fits(r, c, v)) continue;
      g[std::size_t(cell)] = v;
      row_used[std::size_t(r)] ^= 1u << v;
      col_used[std::size_t(c)] ^= 1u << v;
      fill(k + 1);
      row_used[std::size_t(r)] ^= 1u << v;
      col_used[std::size_t(c)] ^= 1u << v;
      g[std::size_t(cell)] = 0;
    }
  }
};

inline std::uint64_t brute_force_count(const Raw& p) {
  BruteForce b(p);
  b.fill(0);
  return b.count;
}

// ---- the generator ----
inline std::vector<int> random_latin_square(int n, std::mt19937_64& rng) {
  const auto un = static_cast<std::size_t>(n);
  std::vector<int> rows(un), cols(un), syms(un);
  std::iota(rows.begin(), rows.end(), 0);
  std::iota(cols.begin(), cols.end(), 0);
  std::iota(syms.begin(), syms.end(), 1);
  std::shuffle(rows.begin(), rows.end(), rng);
  std::shuffle(cols.begin(), cols.end(), rng);
  std::shuffle(syms.begin(), syms.end(), rng);
  std::vector<int> sq(un * un);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      sq[std::size_t(r * n + c)] =
          syms[std::size_t((rows[std::size_t(r)] + cols[std::size_t(c)]) % n)];
  return sq;
}

inline int sign_for(int a, int b) { return a < b ? 1 : 2; }

// True when the givens do not contradict each other on sight (repeats, two givens breaking
// their sign): the reader rejects those, and this test is about counting.
inline bool plausible(const Raw& p) {
  const int n = p.n;
  auto g = [&](int r, int c) { return p.givens[std::size_t(r * n + c)]; };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (g(r, c) == 0) continue;
      for (int k = 0; k < c; ++k)
        if (g(r, k) == g(r, c)) return false;
      for (int k = 0; k < r; ++k)
        if (g(k, c) == g(r, c)) return false;
      if (c + 1 < n && g(r, c + 1) != 0) {
        const int s = p.right[std::size_t(r * (n - 1) + c)];
        if (s != 0 && s != sign_for(g(r, c), g(r, c + 1))) return false;
      }
      if (r + 1 < n && g(r + 1, c) != 0) {
        const int s = p.down[std::size_t(r * n + c)];
        if (s != 0 && s != sign_for(g(r, c), g(r + 1, c))) return false;
      }
    }
  return true;
}

// Givens and signs taken from a random Latin square (so it has a solution); then, one time
// in three, a sign flipped or a given changed, which often leaves none.
inline Raw random_puzzle(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> size(2, 6);
  std::uniform_real_distribution<double> unit(0, 1);
  Raw p;
  p.n = std::max(size(rng), size(rng));  // mostly 4..6
  const int n = p.n;
  const std::vector<int> sq = random_latin_square(n, rng);
  const double given_rate = n == 6   ? 0.3 + 0.3 * unit(rng)
                            : n == 5 ? 0.15 + 0.35 * unit(rng)
                                     : 0.5 * unit(rng);
  const double sign_rate = 0.5 * unit(rng);
  p.givens.assign(std::size_t(n * n), 0);
  p.right.assign(std::size_t(n * (n - 1)), 0);
  p.down.assign(std::size_t((n - 1) * n), 0);
  for (int i = 0; i < n * n; ++i)
    if (unit(rng) < given_rate) p.givens[std::size_t(i)] = sq[std::size_t(i)];
  for (int r = 0; r < n; ++r)
    for (int c = 0; c + 1 < n; ++c)
      if (unit(rng) < sign_rate)
        p.right[std::size_t(r * (n - 1) + c)] =
            sign_for(sq[std::size_t(r * n + c)], sq[std::size_t(r * n + c + 1)]);
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c < n; ++c)
      if (unit(rng) < sign_rate)
        p.down[std::size_t(r * n + c)] =
            sign_for(sq[std::size_t(r * n + c)], sq[std::size_t((r + 1) * n + c)]);

  if (unit(rng) < 1.0 / 3) {
    Raw spoiled = p;
    std::uniform_int_distribution<int> cell(0, n * n - 1);
    const int i = cell(rng);
    if (unit(rng) < 0.5) {
      std::vector<int>& signs = i % 2 ? spoiled.right : spoiled.down;
      int& s = signs[std::size_t(i / 2 % int(signs.size()))];
      s = s == 1 ? 2 : 1;
    } else {
      spoiled.givens[std::size_t(i)] = 1 + (sq[std::size_t(i)] % n);  // a wrong value
    }
    if (plausible(spoiled)) p = spoiled;
  }
  return p;
}

// The puzzle in the course's text format, with some of the layout noise of real files.
inline std::string to_text(const Raw& p, std::mt19937_64& rng) {
  const bool crlf = rng() % 2;
  const std::string eol = crlf ? " \r\n" : "\n";
  std::string s;
  auto rows = [&](const std::vector<int>& cells, int nrows, int width, const char* signs) {
    for (int r = 0; r < nrows; ++r) {
      for (int c = 0; c < width; ++c) {
        const int v = cells[std::size_t(r * width + c)];
        if (c > 0) s += ' ';
        s += signs ? std::string(1, signs[v]) : std::to_string(v);
      }
      s += eol;
    }
    s += eol;
  };
  rows(p.givens, p.n, p.n, nullptr);
  rows(p.right, p.n, p.n - 1, "0<>");
  rows(p.down, p.n - 1, p.n, "0^v");
  if (rng() % 2) s.erase(s.find_last_not_of(" \r\n") + 1);  // no final newline
  return s;
}

}  // namespace futoshiki::test
