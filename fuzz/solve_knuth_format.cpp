// Fuzzes the reader of Knuth's exact-cover format.
// seeds: puzzles/exact-cover tests/data/xcover
//
// Oracles beyond "no crash": a text that reads must write back to a text that reads to the same
// problem (same item names, each with the same status and bounds; same options as sets of
// (item name, colour name); item ids may change, as the writer puts primary items first); on
// small problems every engine that takes the problem, both item choices, 1 or 3 threads and the
// memo give the same count (when the node limit lets them finish), and solutions are exact covers;
// the sparse-set engine walks dancing links' tree (the same count and node count, cut by the
// node limit at the same node on one thread).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <sstream>
#include <string>

#include <solve/error.hpp>
#include <solve/exact_cover.hpp>
#include <solve/exact_cover_io.hpp>

#include "../tests/dlx/same_problem.hpp"  // same_by_name

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

/// The count of one setting, or nullopt when the node limit cut it or the bitset engine does
/// not take the problem (colours, multiplicities); checks every solution.
std::optional<std::uint64_t> finished_count(const solve::ExactCover& p, solve::CoverOptions o) {
  o.limits.max_nodes = 20000;
  solve::Result r;
  try {
    if (o.memo) {
      r = solve::count(p, o);  // a count only: no solutions to check
    } else {
      r = solve::search(p, o, [&](std::span<const int> chosen) {
        if (!solve::is_solution(p, chosen)) fail("a reported solution is not an exact cover");
        return true;
      });
    }
  } catch (const solve::ModelError&) {
    if (o.engine != solve::CoverEngine::bitset) fail("an engine refused a problem it should take");
    return std::nullopt;
  }
  if (!r.complete()) return std::nullopt;
  return r.stats.solutions;
}

/// Every engine (the bitset one when it takes the problem), both item choices, the automatic
/// plan, 1 and 3 threads, and the memo: every search that finishes finds the same count.
void agree(const solve::ExactCover& p) {
  std::optional<std::uint64_t> known;
  auto check = [&](const solve::CoverOptions& o, const char* what) {
    const auto k = finished_count(p, o);
    if (k && known && *k != *known) fail(what);
    if (k) known = k;
  };
  using solve::CoverEngine;
  for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
    check({.item_choice = choice, .engine = CoverEngine::dlx}, "item choices count differently");
    check({.item_choice = choice, .engine = CoverEngine::automatic},
          "the automatic engine counts differently from dancing links");
    check({.item_choice = choice, .engine = CoverEngine::bitset},
          "dancing links and bitset engine count differently");
  }
  check({}, "the automatic plan counts differently");
  check({.engine = CoverEngine::dlx, .threads = 3}, "3 threads count differently from 1");
  check({.engine = CoverEngine::sparse, .threads = 2}, "the sparse-set engine counts differently");
  check({.memo = true}, "memoised and plain counts differ");
}

/// Sparse sets against dancing links, node for node.
void sparse_as_dlx(const solve::ExactCover& p) {
  using solve::CoverEngine;
  for (auto choice : {solve::ItemChoice::mrv, solve::ItemChoice::first}) {
    for (int threads : {1, 2}) {
      solve::CoverOptions o;
      o.item_choice = choice;
      o.engine = CoverEngine::dlx;
      o.limits.max_nodes = 20000;
      const solve::Result rd = solve::count(p, o);
      o.engine = CoverEngine::sparse;
      o.threads = threads;
      const solve::Result rs = solve::count(p, o);
      // Several threads stop near the limit, not at it: compare them on finished searches.
      if (threads == 1 && rd.complete() != rs.complete())
        fail("sparse sets and dancing links stop differently");
      const bool finished = rd.complete() && rs.complete();
      if (finished && rs.stats.solutions != rd.stats.solutions)
        fail("sparse sets and dancing links count differently");
      if ((finished || threads == 1) && rs.stats.nodes != rd.stats.nodes)
        fail("sparse sets and dancing links search different trees");
    }
  }
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
  try {
    solve::write_exact_cover(written, p);  // every problem read has a primary item
  } catch (const solve::ModelError&) {
    fail("a problem that was read cannot be written");
  }
  std::istringstream again(written.str());
  solve::ExactCover q;
  try {
    q = solve::read_exact_cover(again, "written");
  } catch (const solve::InputError&) {
    fail("written text does not read back");
  }
  if (!testing::same_by_name(p, q)) fail("written text reads back as another problem");

  if (p.num_options() <= 40 && p.num_items() <= 256) {
    agree(p);
    sparse_as_dlx(p);
  }
  return 0;
}
