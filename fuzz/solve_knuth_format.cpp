// Fuzzes the reader of Knuth's exact-cover format.
// seeds: puzzles/exact-cover tests/data/xcover
//
// Oracles beyond "no crash": a text that reads must write back to a text that reads to the same
// problem (items, bounds, colours, options), and small problems must give the same count on
// both engines when both accept them, and with the memo.
#include <cstddef>
#include <cstdint>
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
    if (a.item_name(i) != b.item_name(i) || a.is_primary(i) != b.is_primary(i) || a.bounds(i) != b.bounds(i))
      return false;
  for (int c = 1; c <= a.num_colours(); ++c)
    if (a.colour_name(c) != b.colour_name(c)) return false;
  for (int o = 0; o < a.num_options(); ++o) {
    auto x = a.option(o), y = b.option(o);
    if (!std::equal(x.begin(), x.end(), y.begin(), y.end())) return false;
  }
  return true;
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

  if (p.num_options() <= 40 && !p.has_colours() && p.num_items() <= 256) {
    solve::CoverOptions o;
    o.max_nodes = 20000;
    o.engine = solve::CoverEngine::dlx;
    const auto a = solve::count(p, o);
    o.engine = solve::CoverEngine::bitset;
    try {
      const auto b = solve::count(p, o);
      if (a.complete() && b.complete() && a.stats.solutions != b.stats.solutions)
        fail("dancing links and bitset engine count differently");
    } catch (const solve::ModelError&) {  // multiplicities: dancing links only
    }
    o.engine = solve::CoverEngine::automatic;
    o.memo = true;
    const auto m = solve::count(p, o);
    if (a.complete() && m.complete() && a.count != m.count) fail("memoised and plain counts differ");
  }
  return 0;
}
