// Which searches learn when nobody says (solve::Learning::automatic, issue 24 item 5): a search
// for an optimum does, counts, satisfaction, LNS and the Search class do not; `on` and `off`
// force it. Whether a search learnt is seen by LearningOptions::on_nogood, which only the
// search that learns calls.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include <solve/solve.hpp>

namespace {

using namespace solve;

/// A Golomb ruler of n marks (as docs/examples/golomb.cpp, without its symmetry breaking), its
/// length minimised when `optimise`: every search of it fails often.
Model ruler(int n, bool optimise) {
  const int len = n * n;
  Model m;
  const std::vector<Var> mark = m.add_vars(n, 0, len);
  fix(m, mark[0], 0);
  std::vector<Var> diff;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const Var x = m.add_var(1, len);
      linear(m, std::vector<int>{1, -1, -1},
             std::vector<Var>{mark[std::size_t(j)], mark[std::size_t(i)], x}, Rel::eq, 0);
      diff.push_back(x);
    }
  for (int i = 0; i + 1 < n; ++i) less(m, mark[std::size_t(i)], mark[std::size_t(i) + 1]);
  all_different(m, diff);
  if (optimise) m.minimize(mark.back());
  return m;
}

/// Options that count the nogoods learnt into *nogoods.
SearchOptions counting_nogoods(std::uint64_t* nogoods, Learning use = Learning::automatic) {
  SearchOptions o;
  o.learning.use = use;
  o.learning.on_nogood = [nogoods](const Nogood&) { ++*nogoods; };
  return o;
}

}  // namespace

TEST_CASE("an optimum is searched with learning by default, and not with Learning::off") {
  const Model m = ruler(6, true);
  std::uint64_t by_default = 0, off = 0;
  Result learnt, plain;
  const auto a = solve_best(m, counting_nogoods(&by_default), &learnt);
  const auto b = solve_best(m, counting_nogoods(&off, Learning::off), &plain);
  REQUIRE(a);
  REQUIRE(b);
  CHECK(learnt.optimal());
  CHECK(plain.optimal());
  CHECK(*learnt.objective == 17);
  CHECK(*plain.objective == 17);
  CHECK(by_default > 0);
  CHECK(off == 0);
}

TEST_CASE("counts, satisfaction, LNS and the Search class do not learn by default") {
  std::uint64_t nogoods = 0;
  SECTION("a count, even of a model with an objective") {
    const Model m = ruler(5, true);
    CHECK(count(m, counting_nogoods(&nogoods)).stats.solutions > 0);
  }
  SECTION("a first solution of a model without objective") {
    CHECK(solve_first(ruler(7, false), counting_nogoods(&nogoods)));
  }
  SECTION("every solution of a model without objective") {
    std::uint64_t found = 0;
    search(ruler(5, false), counting_nogoods(&nogoods), [&](const Solution&) { return ++found; });
    CHECK(found > 0);
  }
  SECTION("an optimum with LNS, which only the frame search does") {
    SearchOptions o = counting_nogoods(&nogoods);
    o.lns.enabled = true;
    Result r;
    CHECK(solve_best(ruler(6, true), o, &r));
    CHECK(r.stats.neighbourhoods > 0);
  }
  SECTION("the Search class") {
    const Model m = ruler(6, true);
    Search s(m, counting_nogoods(&nogoods));
    CHECK(s.next());
  }
  CHECK(nogoods == 0);
}

TEST_CASE("Learning::on learns in a count too") {
  std::uint64_t nogoods = 0;
  const Result r = count(ruler(5, true), counting_nogoods(&nogoods, Learning::on));
  CHECK(r.complete());
  CHECK(nogoods > 0);
}
