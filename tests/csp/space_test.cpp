// The store: domain operations, events and undo by the trail.
#include <catch2/catch.hpp>

#include <vector>

#include "solve/space.hpp"

using solve::Event;
using solve::Space;
using solve::Var;

namespace {
std::vector<int> values(const Space& s, Var x) {
  std::vector<int> out;
  s.for_each_value(x, [&](int v) { out.push_back(v); });
  return out;
}
}  // namespace

TEST_CASE("domains shrink with the right events", "[space]") {
  Space s;
  const Var x = s.add_var(1, 5, {});
  REQUIRE(s.size(x) == 5);
  CHECK(s.remove(x, 3) == Event::domain);
  CHECK(s.remove(x, 3) == Event::none);
  CHECK(values(s, x) == std::vector<int>{1, 2, 4, 5});
  CHECK(s.remove(x, 1) == Event::domain);
  CHECK(s.min(x) == 2);
  CHECK(s.restrict_max(x, 4) == Event::domain);
  CHECK(s.max(x) == 4);
  CHECK(s.restrict_min(x, 3) == Event::assigned);
  CHECK(s.value(x) == 4);
  CHECK(s.assign(x, 2) == Event::failed);
  CHECK(s.failed());
}

TEST_CASE("the trail restores every level exactly", "[space]") {
  Space s;
  const Var x = s.add_var(-3, 130, {});  // three words, negative base
  const Var y = s.add_var(0, 9, std::vector<int>{2, 4, 6});
  const auto x0 = values(s, x);
  s.push_level();
  s.remove(x, 64);
  s.restrict_min(x, 0);
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
  Space s;
  const Var x = s.add_var(0, 200, std::vector<int>{5, 70, 199});
  CHECK(s.next_value(x, 5) == 70);
  CHECK(s.next_value(x, 70) == 199);
  CHECK(s.next_value(x, 199) == INT_MAX);
  CHECK(s.prev_value(x, 199) == 70);
  CHECK(s.prev_value(x, 5) == INT_MIN);
  CHECK(s.remove(x, 199) == Event::domain);
  CHECK(s.max(x) == 70);
}
