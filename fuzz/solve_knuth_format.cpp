// Fuzzes the reader of Knuth's exact-cover format.
// seeds: puzzles/exact-cover tests/data/xcover
//
// Oracles beyond "no crash": a text that reads must write back to a text that reads to the same
// problem (items, colours, options); on small problems both engines, both item choices and 1 or
// 3 threads give the same count (when the node limit lets them finish), and solutions are
// exact covers.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>

#include <solve/error.hpp>
#include <solve/exact_cover.hpp>
#include <solve/exact_cover_io.hpp>

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

bool same(const solve::ExactCover& a, const solve::ExactCover& b) {
  if (a.num_items() != b.num_items() || a.num_primary() != b.num_primary() ||
      a.num_options() != b.num_options() || a.num_colours() != b.num_colours())
    return false;
  for (int i = 0; i < a.num_items(); ++i)
    if (a.item_name(i) != b.item_name(i) || a.is_primary(i) != b.is_primary(i)) return false;
  for (int c = 1; c <= a.num_colours(); ++c)
    if (a.colour_name(c) != b.colour_name(c)) return false;
  for (int o = 0; o < a.num_options(); ++o) {
    auto x = a.option(o), y = b.option(o);
    if (!std::equal(x.begin(), x.end(), y.begin(), y.end())) return false;
  }
  return true;
}

/// The count of one setting, or nullopt when the node limit cut it; checks every solution.
std::optional<std::uint64_t> count(const solve::ExactCover& p, solve::CoverEngine engine,
                                   solve::ItemChoice choice, int threads) {
  solve::CoverOptions o;
  o.max_nodes = 20000;
  o.engine = engine;
  o.item_choice = choice;
  o.threads = threads;
  const auto r = solve::search(p, o, [&](std::span<const int> chosen) {
    if (!solve::is_solution(p, chosen)) fail("a reported solution is not an exact cover");
    return true;
  });
  if (!r.complete()) return std::nullopt;
  return r.stats.solutions;
}

/// Both engines (the bitset one without colours), both item choices, 1 and 3 threads: every
/// search that finishes finds the same count.
void agree(const solve::ExactCover& p) {
  std::optional<std::uint64_t> known;
  auto check = [&](std::optional<std::uint64_t> k, const char* what) {
    if (k && known && *k != *known) fail(what);
    if (k) known = k;
  };
  for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
    check(count(p, solve::CoverEngine::dlx, choice, 1), "item choices count differently");
    if (!p.has_colours())
      check(count(p, solve::CoverEngine::bitset, choice, 1), "dancing links and bitset engine count differently");
  }
  check(count(p, solve::CoverEngine::dlx, solve::ItemChoice::mrv, 3), "3 threads count differently from 1");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  solve::ExactCover p;
  try {
    p = solve::read_exact_cover(in, "fuzz");
  } catch (const solve::InputError&) {
    return 0;  // rejected with a message: fine
  }
  std::ostringstream written;
  solve::write_exact_cover(written, p);
  std::istringstream again(written.str());
  solve::ExactCover q;
  try {
    q = solve::read_exact_cover(again, "written");
  } catch (const solve::InputError&) {
    fail("written text does not read back");
  }
  if (!same(p, q)) fail("written text reads back as another problem");

  if (p.num_options() <= 40 && p.num_items() <= 256) agree(p);
  return 0;
}
