// Dancing links restores its lists exactly: after a search, after a stopped search, after
// a piece of work below a path; and the lists are consistent at every node of the search.
#include <catch2/catch.hpp>

#include <set>

#include "exact_cover/dlx.hpp"
#include "random_instances.hpp"

namespace {

struct Fixture {
  solve::CoverOptions options;
  solve::CoverCallback callback;
};

solve::detail::Control control_for(const solve::CoverOptions& o) {
  return solve::detail::Control(o.limits, false, {}, 1);
}

/// A dancing-links engine on p with its options, and the lists as built.
struct Rig {
  Fixture f;
  solve::detail::Control control;
  solve::detail::cover::Dlx dlx;
  std::vector<solve::detail::cover::Dlx::Node> start;
  Rig(const solve::ExactCover& p, solve::CoverOptions o)
      : f{std::move(o), {}},
        control(control_for(f.options)),
        dlx(p, f.options, f.callback, control),
        start(dlx.nodes()) {}
  void run(const solve::detail::Work& w = {}) {
    solve::detail::Worker worker(control, dlx);
    dlx.run(w, worker);
  }
};

const testing::RandomSpec coloured{
    .max_primary = 12, .max_secondary = 3, .max_options = 40, .colours = 2, .planted = 4};
// Multiplicities (Algorithm M, which tweaks lists as well): bounds lo:hi, and 0:1 items.
const testing::RandomSpec multiple{.max_primary = 7,
                                   .max_secondary = 3,
                                   .max_options = 30,
                                   .colours = 2,
                                   .planted = 2,
                                   .max_hi = 3};
const testing::RandomSpec optional{
    .max_primary = 9, .max_secondary = 2, .max_options = 30, .planted = 2, .zero_one = true};

}  // namespace

TEST_CASE("dancing links restores its lists after every search", "[dlx][structure]") {
  std::mt19937 rng(2024);
  const testing::RandomSpec plain{
      .max_primary = 9, .max_secondary = 4, .max_options = 30, .planted = 2};
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
      solve::detail::Control control = control_for(f.options);
      solve::detail::cover::Dlx dlx(p, f.options, f.callback, control);
      engine = &dlx;
      REQUIRE(dlx.sanity_check().empty());
      const auto nodes = dlx.nodes();
      const auto items = dlx.items();
      solve::detail::Worker worker(control, dlx);
      dlx.run({}, worker);
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
    o.limits.max_solutions = 1;
    const auto p = testing::random_problem(rng, k % 2 ? coloured : multiple);
    Rig r(p, o);
    r.run();
    REQUIRE(r.control.stopped() == (solve::count(p).stats.solutions > 0));
    REQUIRE(r.dlx.nodes() == r.start);
    REQUIRE(r.dlx.sanity_check().empty());
  }
}

TEST_CASE("a piece of work below a path restores the lists", "[dlx][structure]") {
  std::mt19937 rng(8);
  for (int k = 0; k < 60; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, k % 2 ? coloured : multiple);
    // Paths of two choices that the search takes (from the trace: with multiplicities a
    // choice may be -1, the branch that gives an item no more options).
    std::set<std::vector<int>> paths;
    std::vector<int> at(2);
    solve::CoverOptions traced;
    traced.engine = solve::CoverEngine::dlx;  // as the rig's engine: M whenever there are bounds
    traced.item_choice =
        solve::ItemChoice::mrv;  // the rig's Dlx reads `automatic` as MRV; the plan may not
    traced.trace = [&](const solve::CoverTraceEvent& e) {
      if (e.kind != solve::CoverTraceEvent::Kind::choose || e.depth > 2) return;
      at[std::size_t(e.depth - 1)] = e.option;
      if (e.depth == 2) paths.insert(at);
    };
    solve::count(p, traced);
    Rig r(p, {});
    for (const auto& path : paths) {
      solve::detail::Work w;
      w.path.assign(path.begin(), path.end());
      r.run(w);
      REQUIRE(r.dlx.sanity_check().empty());
      REQUIRE(r.dlx.nodes() == r.start);
    }
  }
}

TEST_CASE("counting empty lists changes no choice of the MRV rule", "[dlx][structure]") {
  // The engine counts empty lists on big problems only (sudoku): here it is made to count on
  // small ones, with dead ends, secondary items and pieces of work, and must take the same
  // nodes, updates and solutions as without, the count right at every node.
  std::mt19937 rng(11);
  const testing::RandomSpec plain{
      .max_primary = 12, .max_secondary = 3, .max_options = 40, .planted = 3};
  for (int k = 0; k < 120; ++k) {
    const solve::ExactCover p = testing::random_problem(rng, plain);
    solve::CoverOptions o;
    o.item_choice = k % 3 ? solve::ItemChoice::mrv : solve::ItemChoice::automatic;
    Rig plain_rig(p, o);
    plain_rig.run();
    // The prune hook sees every node: the count is checked there (sanity_check).
    std::string broken;
    solve::detail::cover::Dlx* engine = nullptr;
    solve::CoverOptions checked = o;
    checked.prune = [&](std::span<const int>) {
      if (broken.empty()) broken = engine->sanity_check();
      return true;
    };
    Rig counting(p, checked);
    engine = &counting.dlx;
    counting.dlx.track_empty_lists();
    REQUIRE(counting.dlx.sanity_check().empty());
    counting.run();
    REQUIRE(broken.empty());
    REQUIRE(counting.dlx.sanity_check().empty());
    CHECK(counting.dlx.stats().nodes == plain_rig.dlx.stats().nodes);
    CHECK(counting.dlx.stats().updates == plain_rig.dlx.stats().updates);
    CHECK(counting.dlx.stats().solutions == plain_rig.dlx.stats().solutions);
    CHECK(counting.dlx.nodes() == counting.start);
    // A piece of work below the first option the search takes (push, pop, resume).
    if (p.num_options() > 0) {
      solve::detail::Work w;
      w.path = {0};
      Rig a(p, o), b(p, o);
      b.dlx.track_empty_lists();
      bool fits = true;
      try {
        a.run(w);
      } catch (const std::logic_error&) {
        fits = false;  // option 0 does not cover the item the rule picks first
      }
      if (fits) {
        b.run(w);
        CHECK(b.dlx.stats().nodes == a.dlx.stats().nodes);
        CHECK(b.dlx.sanity_check().empty());
        CHECK(b.dlx.nodes() == b.start);
      }
    }
  }
}
