// Fuzzes the futoshiki reader (apps/futoshiki/puzzle.hpp).
// seeds: puzzles/futoshiki tests/data/futoshiki
//
// Oracles beyond "no crash": a text that reads, printed back in the course format, reads to the
// same puzzle; for small puzzles every propagation level finds the same number of solutions
// (when the node limit lets them finish, and so does a search on 3 threads), and every solution
// found fills the puzzle correctly by futoshiki::is_solution (which does not use libsolve).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <solve/error.hpp>
#include <solve/search.hpp>

#include "model.hpp"
#include "puzzle.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

/// The puzzle in the course format (the reader's documented grammar).
std::string print(const futoshiki::Puzzle& p) {
  auto sign = [](futoshiki::Relation r, char less, char greater) {
    return r == futoshiki::Relation::less      ? less
           : r == futoshiki::Relation::greater ? greater
                                               : '0';
  };
  std::string s;
  for (int r = 0; r < p.n; ++r)
    for (int c = 0; c < p.n; ++c) s += std::to_string(p.given(r, c)) + (c + 1 < p.n ? ' ' : '\n');
  for (int r = 0; r < p.n; ++r)
    for (int c = 0; c + 1 < p.n; ++c) {
      s += sign(p.right_of(r, c), '<', '>');
      s += c + 2 < p.n ? ' ' : '\n';
    }
  for (int r = 0; r + 1 < p.n; ++r)
    for (int c = 0; c < p.n; ++c) {
      s += sign(p.below(r, c), '^', 'v');
      s += c + 1 < p.n ? ' ' : '\n';
    }
  return s;
}

bool same(const futoshiki::Puzzle& a, const futoshiki::Puzzle& b) {
  return a.n == b.n && a.givens == b.givens && a.right == b.right && a.down == b.down;
}

/// The number of solutions at this level, or nullopt when the node limit cut the search;
/// checks every solution on the way.
std::optional<std::uint64_t> count(const futoshiki::Puzzle& p, const futoshiki::FutoshikiModel& fm,
                                   solve::Propagation level, int threads) {
  solve::SearchOptions o;
  o.propagation = level;
  o.threads = threads;
  o.limits.max_nodes = 3000;
  const solve::Result r = solve::search(fm.model, o, [&](const solve::Solution& s) {
    if (!futoshiki::is_solution(p, fm.grid(s)))
      fail("a reported solution does not fill the puzzle");
    return true;
  });
  if (!r.complete()) return std::nullopt;
  return r.stats.solutions;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  futoshiki::Puzzle p;
  try {
    p = futoshiki::parse_puzzle(text, "fuzz");
  } catch (const solve::InputError&) {
    return 0;  // rejected with a message: fine
  }
  const std::string printed = print(p);
  try {
    if (!same(p, futoshiki::parse_puzzle(printed, "printed")))
      fail("printed puzzle reads back as another");
  } catch (const solve::InputError&) {
    fail("printed puzzle does not read back");
  }

  if (p.n > 5) return 0;
  const futoshiki::FutoshikiModel fm = futoshiki::build_model(p);
  std::optional<std::uint64_t> known;
  for (auto level : {solve::Propagation::none, solve::Propagation::forward, solve::Propagation::arc,
                     solve::Propagation::domain}) {
    const auto k = count(p, fm, level, 1);
    if (k && known && *k != *known) fail("propagation levels count differently");
    if (k) known = k;
  }
  if (p.n <= 4) {
    const auto k = count(p, fm, solve::Propagation::domain, 3);
    if (k && known && *k != *known) fail("3 threads count differently from 1");
  }
  return 0;
}
