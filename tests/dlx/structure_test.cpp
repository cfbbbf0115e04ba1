// Dancing links restores its lists exactly: after a search, after a stopped search, after
// push/pop; and the lists are consistent at every node of the search.
#include <catch2/catch.hpp>

#include "exact_cover/control.hpp"
#include "exact_cover/dlx.hpp"
#include "random_instances.hpp"

namespace {

struct Fixture {
  solve::CoverOptions options;
  solve::CoverCallback callback;
};

/// A dancing-links engine on p with its options, and the lists as built.
struct Rig {
  Fixture f;
  solve::detail::cover::Control control;
  solve::detail::cover::Dlx dlx;
  std::vector<solve::detail::cover::Dlx::Node> start;
  Rig(const solve::ExactCover& p, solve::CoverOptions o)
      : f{std::move(o), {}}, control(f.options, f.callback), dlx(p, control), start(dlx.nodes()) {}
};

const testing::RandomSpec coloured{.max_primary = 12, .max_secondary = 3, .max_options = 40, .colours = 2, .planted = 4};
// Multiplicities (Algorithm M, which tweaks lists as well): bounds lo:hi, and 0:1 items.
const testing::RandomSpec multiple{.max_primary = 7, .max_secondary = 3, .max_options = 30, .colours = 2, .planted = 2, .max_hi = 3};
const testing::RandomSpec optional{.max_primary = 9, .max_secondary = 2, .max_options = 30, .planted = 2, .zero_one = true};

}  // namespace

TEST_CASE("dancing links restores its lists after every search", "[dlx][structure]") {
  std::mt19937 rng(2024);
  const testing::RandomSpec plain{.max_primary = 9, .max_secondary = 4, .max_options = 30, .planted = 2};
  for (const auto& spec : {plain, coloured, multiple, optional}) {
    for (int k = 0; k < 60; ++k) {
      const solve::ExactCover p = testing::random_problem(rng, spec);
      Fixture f;
      solve::detail::cover::Dlx* engine = nullptr;
      std::string broken;
      // The prune hook sees every node: check the lists there too.
      f.options.prune = [&](std::span<const int>) {
        if (broken.empty()) broken = engine->sanity_check();
        return true;
      };
      solve::detail::cover::Control control(f.options, f.callback);
      solve::detail::cover::Dlx dlx(p, control);
      engine = &dlx;
      REQUIRE(dlx.sanity_check().empty());
      const auto nodes = dlx.nodes();
      const auto items = dlx.items();
      dlx.run();
      REQUIRE(broken.empty());
      REQUIRE(dlx.sanity_check().empty());
      REQUIRE(dlx.nodes() == nodes);
      REQUIRE(dlx.items() == items);
    }
  }
}

TEST_CASE("a search stopped by a limit leaves the lists as they were", "[dlx][structure]") {
  std::mt19937 rng(5);
  for (int k = 0; k < 60; ++k) {
    solve::CoverOptions o;
    o.max_solutions = 1;
    const auto p = testing::random_problem(rng, k % 2 ? coloured : multiple);
    Rig r(p, o);
    r.dlx.run();
    REQUIRE(r.control.stopped() == (solve::count(p).stats.solutions > 0));
    REQUIRE(r.dlx.nodes() == r.start);
    REQUIRE(r.dlx.sanity_check().empty());
  }
}

TEST_CASE("push and pop of a prefix restore the lists", "[dlx][structure]") {
  std::mt19937 rng(8);
  for (int k = 0; k < 60; ++k) {
    Rig r(testing::random_problem(rng, k % 2 ? coloured : multiple), {});
    solve::detail::cover::Prefixes split;
    split.depth = 2;
    r.dlx.run(&split, true);
    REQUIRE(r.dlx.nodes() == r.start);
    for (std::size_t j = 0; j < split.size(); ++j) {
      for (int o : split[j]) r.dlx.push(o);
      REQUIRE(r.dlx.sanity_check().empty());
      r.dlx.run();
      r.dlx.pop();
      r.dlx.pop();
      REQUIRE(r.dlx.nodes() == r.start);
    }
  }
}
