// The constraint catalogue, linear (sums with coefficients, views and a constant or variable right
// side, every relation) against brute force, and what it refuses to post (64-bit overflow, sizes
// that differ). Every propagation level, several orders and both branchings must find exactly the
// assignments the definition accepts (catalogue.hpp).
#include "catalogue.hpp"

#include <climits>

using namespace catalogue;

TEST_CASE("linear against brute force", "[catalogue][linear]") {
  agree_on_random(101, 150, 30, [](Random& r) {
    Instance in = base_instance(r, r.pick(2, 4), 0, -3, 4);
    for (int k = r.pick(1, 2); k > 0; --k) in.specs.push_back(random_linear(r, in.domains.size()));
    return in;
  });
}

TEST_CASE("linear rejects what could overflow 64 bits, and sizes that differ",
          "[catalogue][linear]") {
  Model m;
  const Var x = m.add_var(-(1 << 24), 1 << 24);
  const std::vector<Var> xs(200, x);  // merged: 200 * 2e9 * 2^24 > 2^62
  const std::vector<int> big(200, 2'000'000'000);
  CHECK_THROWS_AS(linear(m, big, xs, Rel::le, 0), ModelError);
  const std::vector<int> two{1, 2};
  CHECK_THROWS_AS(linear(m, two, xs, Rel::le, 0), ModelError);
  // a constant of -2^63 has no magnitude in 64 bits (issue 22: its negation was UB)
  const std::vector<int> unit{1};
  const std::vector<Var> just_x{x};
  CHECK_THROWS_AS(linear(m, unit, just_x, Rel::eq, INT64_MIN), ModelError);
  CHECK_THROWS_AS(compare(m, x, Rel::lt, INT64_MIN), ModelError);
  // large but safe: 2e9 * 2^24 < 2^62
  const std::vector<int> one_big{2'000'000'000};
  Model one;
  const Var z = one.add_var(-(1 << 24), 1 << 24);
  const std::vector<Var> just_z{z};
  CHECK_NOTHROW(linear(one, one_big, just_z, Rel::ge, 1));
  const auto s = solve_first(one);
  REQUIRE(s);
  CHECK((*s)[z] == 1);
}
