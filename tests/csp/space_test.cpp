// The store: domain operations, events and undo by the trail.
#include <catch2/catch.hpp>

#include "test_scale.hpp"

#include <algorithm>
#include <climits>
#include <random>
#include <set>
#include <vector>

#include "csp/store.hpp"

using solve::Event;
using solve::Space;
using solve::Var;
using Store = solve::detail::csp::Store;

namespace {
std::vector<int> values(const Space& s, Var x) {
  std::vector<int> out;
  s.for_each_value(x, [&](int v) { out.push_back(v); });
  return out;
}
}  // namespace

TEST_CASE("domains shrink with the right events", "[space]") {
  Store s;
  const Var x = s.add_var(1, 5, {});
  REQUIRE(s.size(x) == 5);
  CHECK(s.remove(x, 3) == Event::domain);
  CHECK(s.remove(x, 3) == Event::none);
  CHECK(values(s, x) == std::vector<int>{1, 2, 4, 5});
  CHECK(s.remove(x, 1) == Event::bounds);
  CHECK(s.min(x) == 2);
  CHECK(s.set_max(x, 4) == Event::bounds);
  CHECK(s.max(x) == 4);
  CHECK(s.set_min(x, 3) == Event::assigned);
  CHECK(s.value(x) == 4);
  CHECK(s.assign(x, 2) == Event::failed);
  CHECK(s.failed());
}

TEST_CASE("the trail restores every level exactly", "[space]") {
  Store s;
  const Var x = s.add_var(-3, 130, {});  // three words, negative base
  const Var y = s.add_var(0, 9, std::vector<int>{2, 4, 6});
  const auto x0 = values(s, x);
  s.push_level();
  s.remove(x, 64);
  s.set_min(x, 0);
  s.remove(y, 4);
  s.push_level();
  s.assign(x, 100);
  s.remove(y, 2);
  CHECK(values(s, x) == std::vector<int>{100});
  CHECK(values(s, y) == std::vector<int>{6});
  s.pop_level();
  CHECK(s.size(x) == 130);
  CHECK(s.min(x) == 0);
  CHECK(!s.contains(x, 64));
  CHECK(values(s, y) == std::vector<int>{2, 6});
  s.pop_level();
  CHECK(values(s, x) == x0);
  CHECK(values(s, y) == std::vector<int>{2, 4, 6});
}

TEST_CASE("next_value and prev_value walk across words", "[space]") {
  Store s;
  const Var x = s.add_var(0, 200, std::vector<int>{5, 70, 199});
  CHECK(s.next_value(x, 5) == 70);
  CHECK(s.next_value(x, 70) == 199);
  CHECK(s.next_value(x, 199) == INT_MAX);
  CHECK(s.prev_value(x, 199) == 70);
  CHECK(s.prev_value(x, 5) == INT_MIN);
  CHECK(s.remove(x, 199) == Event::bounds);
  CHECK(s.max(x) == 70);
}

namespace {
/// The values of view x according to a plain set of the variable's values.
std::vector<int> through(const std::set<int>& own, Var x) {
  std::vector<int> out;
  for (int u : own) out.push_back(int(x.apply(u)));
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

TEST_CASE("views read and prune their variable exactly", "[space][views]") {
  std::mt19937 rng(99);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int round = 0; round < test_scale::rounds(400); ++round) {
    Store s;
    const int lo = pick(-70, 10), hi = lo + pick(0, 140);
    std::vector<int> init;
    for (int v = lo; v <= hi; ++v)
      if (pick(0, 2)) init.push_back(v);
    if (init.empty()) init.push_back(lo);
    const Var x = s.add_var(lo, hi, init);
    std::set<int> own(init.begin(), init.end());
    int a = pick(-3, 3);
    if (a == 0) a = 1;
    const Var view{x.id, a, pick(-9, 9)};
    for (int step = 0; step < 6 && !own.empty(); ++step) {
      const std::vector<int> vals = through(own, view);
      INFO("round " << round << " step " << step << " view " << a << "*x+" << view.offset);
      REQUIRE(values(s, view) == vals);
      REQUIRE(s.size(view) == int(vals.size()));
      REQUIRE(s.min(view) == vals.front());
      REQUIRE(s.max(view) == vals.back());
      // bits/base and word_at agree with contains
      const auto bits = s.bits(view);
      std::vector<int> from_bits;
      for (std::size_t i = 0; i < bits.size() * 64; ++i)
        if ((bits[i / 64] >> (i % 64)) & 1u) from_bits.push_back(s.base(view) + int(i));
      REQUIRE(from_bits == vals);
      const int probe = pick(vals.front() - 10, vals.back() + 10);
      const std::uint64_t w = s.word_at(view, probe);
      for (int i = 0; i < 64; ++i)
        REQUIRE(((w >> i) & 1u) ==
                (std::binary_search(vals.begin(), vals.end(), probe + i) ? 1u : 0u));
      const auto next = std::upper_bound(vals.begin(), vals.end(), probe);
      REQUIRE(s.next_value(view, probe) == (next == vals.end() ? INT_MAX : *next));
      const auto prev = std::lower_bound(vals.begin(), vals.end(), probe);
      REQUIRE(s.prev_value(view, probe) == (prev == vals.begin() ? INT_MIN : *(prev - 1)));
      // one random pruning, mirrored on the plain set
      s.push_level();
      const int op = pick(0, 4);
      std::set<int> after;
      for (int u : own) {
        const int v = int(view.apply(u));
        const bool keep = op == 0   ? v != probe
                          : op == 1 ? v >= probe
                          : op == 2 ? v <= probe
                          : op == 3 ? v % 2 == 0
                                    : v % 3 != 0;
        if (keep) after.insert(u);
      }
      Event e;
      if (op == 0) e = s.remove(view, probe);
      else if (op == 1) e = s.set_min(view, probe);
      else if (op == 2) e = s.set_max(view, probe);
      else if (op == 3) {
        std::vector<int> even;
        for (int v : vals)
          if (v % 2 == 0) even.push_back(v);
        e = s.keep_only(view, even);
      } else {
        std::vector<std::uint64_t> mask(bits.size() + 1, 0);
        for (int v : vals)
          if (v % 3 != 0)
            mask[std::size_t(v - s.base(view)) / 64] |= std::uint64_t{1}
                                                        << ((v - s.base(view)) % 64);
        e = s.intersect(view, mask);
      }
      const Event want = after.empty()       ? Event::failed
                         : after == own      ? Event::none
                         : after.size() == 1 ? Event::assigned
                         : (*after.begin() != *own.begin() || *after.rbegin() != *own.rbegin())
                             ? Event::bounds
                             : Event::domain;
      REQUIRE(e == want);
      if (after.empty()) {
        s.pop_level();
        REQUIRE(values(s, view) == vals);
        continue;
      }
      own = after;
    }
  }
}

TEST_CASE("a domain at INT_MIN or INT_MAX empties without overflow", "[space]") {
  // Issue 22: emptying a domain set max = min - 1, INT_MIN - 1 for int_abs on
  // -2^31..-2^31+8 (UBSan). An empty domain now keeps min == max, a value of its layout.
  for (const int lo : {INT_MIN, INT_MAX - 8}) {
    INFO(lo);
    Store s;
    const Var x = s.add_var(lo, lo + 8, {});
    s.push_level();
    const int none[] = {0};
    CHECK(s.keep_only(x, lo == INT_MIN ? std::span<const int>(none) : std::span<const int>()) ==
          Event::failed);
    CHECK(s.size(x) == 0);
    CHECK(s.min(x) == s.max(x));
    s.pop_level();
    CHECK(values(s, x).size() == 9);
    s.push_level();
    for (int v = lo; v != lo + 8; ++v) CHECK(s.remove(x, v) != Event::failed);
    CHECK(s.remove(x, lo + 8) == Event::failed);
    CHECK(s.min(x) == s.max(x));
    s.pop_level();
    s.push_level();
    CHECK(s.set_max(x, lo + 2) == Event::bounds);
    CHECK(s.assign(x, lo + 5) == Event::failed);
    CHECK(s.min(x) >= lo);
    s.pop_level();
    CHECK(s.min(x) == lo);
    CHECK(s.max(x) == lo + 8);
  }
}
