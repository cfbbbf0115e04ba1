// write_exact_cover gives back, through read_exact_cover, the problem it was given, compared by
// name: the same items (status and bounds), colours and options, whatever the item order
// (primary items are written first, so interleaved ones are renumbered), and any name the
// reader accepts. A problem without primary items cannot be written.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>
#include "random_instances.hpp"
#include "same_problem.hpp"

using Catch::Matchers::Contains;

namespace {

std::string data(const std::string& name) {
  return std::string(SOLVE_TESTDATA_DIR) + "/xcover/" + name;
}

std::string written(const solve::ExactCover& p) {
  std::ostringstream out;
  solve::write_exact_cover(out, p);
  return out.str();
}

solve::ExactCover read(const std::string& text) {
  std::istringstream in(text);
  return solve::read_exact_cover(in, "written");
}

/// Fails (with the text) unless a and b are the same problem by name (same_problem.hpp).
void require_same(const solve::ExactCover& a, const solve::ExactCover& b, const std::string& text) {
  INFO("written text:\n" << text);
  REQUIRE(testing::same_by_name(a, b));
}

void require_round_trip(const solve::ExactCover& p) {
  const std::string text = written(p);
  require_same(p, read(text), text);
}

}  // namespace

TEST_CASE("0:1|a is a primary item that may be left uncovered (repro no-primary.dlx)",
          "[dlx][io][mcc]") {
  // "0:1|a" + option "a": read as Knuth's dlx3 reads it, a is primary with bounds 0:1, and the
  // solutions are {} (a left uncovered) and {a}, as the brute force says.
  const auto p = solve::read_exact_cover_file(data("no-primary.dlx"));
  REQUIRE(p.num_primary() == 1);
  REQUIRE(p.bounds(0) == solve::ItemBounds{0, 1});
  REQUIRE(testing::brute_force(p) == std::set<std::vector<int>>{{}, {0}});
  for (auto engine : {solve::CoverEngine::automatic, solve::CoverEngine::dlx}) {
    solve::CoverOptions o;
    o.engine = engine;
    REQUIRE(testing::all_solutions(p, o).first == testing::brute_force(p));
    o.memo = true;
    REQUIRE(solve::count(p, o).count == solve::BigCount(2));
  }
  REQUIRE(written(p) == "0:1|a\na\n");
  require_round_trip(p);
}

TEST_CASE("a problem without primary items is refused by the writer", "[dlx][io]") {
  solve::ExactCover q;
  q.add_secondary("x");
  q.add_secondary("y");
  q.add_option({0, 1});
  std::ostringstream out;
  REQUIRE_THROWS_WITH(solve::write_exact_cover(out, q), Contains("without primary items"));
  REQUIRE(out.str().empty());
}

TEST_CASE("secondary items before a primary one are written after the '|'", "[dlx][io]") {
  // Items x (secondary), a (primary), y (secondary), b (0:1, primary): the reader numbers the
  // items of "a 0:1|b | x y" a, b, x, y.
  solve::ExactCover p;
  const int x = p.add_secondary("x"), a = p.add_primary("a"), y = p.add_secondary("y");
  const int b = p.add_primary("b", 0, 1);
  p.add_option({solve::ItemColour{a, 0}, {x, p.colour("red")}});
  p.add_option({solve::ItemColour{y, 0}, {b, 0}});
  REQUIRE(written(p) == "a 0:1|b | x y\na x:red\ny b\n");
  const auto q = read(written(p));
  REQUIRE(q.find_item("a") == 0);
  REQUIRE(q.find_item("b") == 1);
  REQUIRE(q.find_item("x") == 2);
  require_round_trip(p);
  // Items in the file's order are written as they were.
  const auto r = read("a 0:1|b c | d\na b\nc d\n");
  REQUIRE(r.is_primary(1));
  REQUIRE(written(r) == "a 0:1|b c | d\na b\nc d\n");
}

TEST_CASE("names the reader accepts are written so that they read back", "[dlx][io]") {
  const std::string bom = "\xEF\xBB\xBF";
  // A first item whose name starts with a byte order mark: the reader drops a mark at the
  // start of the text, so the writer gives it bounds.
  solve::ExactCover p;
  p.add_primary(bom + "a");
  p.add_primary("\xC3\xA9t\xC3\xA9");  // UTF-8
  p.add_secondary("#1\f\v~");          // form feed and vertical tab are not blanks here
  p.add_secondary(std::string(256, 'n'));
  p.add_option({solve::ItemColour{0, 0}, {2, p.colour(bom + "red\x7f")}});
  p.add_option({solve::ItemColour{1, 0}, {3, p.colour(std::string(256, 'c'))}});
  REQUIRE(written(p).starts_with("1:1|" + bom + "a "));
  require_round_trip(p);
}

TEST_CASE("names the reader would not take back are refused by the writer", "[dlx][io]") {
  using namespace std::string_literals;
  for (const std::string& bad : {"a b"s, "a:b"s, "a|b"s, "a\nb"s, "a\0b"s, "a\tb"s, "a\rb"s}) {
    solve::ExactCover p;
    p.add_primary(bad);
    p.add_option({0});
    std::ostringstream out;
    REQUIRE_THROWS_AS(solve::write_exact_cover(out, p), solve::ModelError);
    solve::ExactCover q;
    q.add_secondary("x");
    q.add_option({solve::ItemColour{0, q.colour(bad)}});
    REQUIRE_THROWS_AS(solve::write_exact_cover(out, q), solve::ModelError);
  }
  std::ostringstream out;
  REQUIRE_THROWS_WITH(solve::write_exact_cover(out, solve::ExactCover{}),
                      Contains("without items"));
}

TEST_CASE("random problems read back equal", "[dlx][io]") {
  std::mt19937 rng(77);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  // Bytes a name may hold (everything but blanks, ':', '|', '\n', NUL), weighted to the odd.
  const std::string alphabet = std::string("ab#01\f\v\x7f\x80\xBB\xBF\xEF") + "~!";
  auto name = [&] {
    std::string s;
    const int len = uniform(1, 5);
    for (int k = 0; k < len; ++k) s += alphabet[std::size_t(uniform(0, int(alphabet.size()) - 1))];
    return s;
  };
  int without_primary = 0, interleaved = 0;
  for (int round = 0; round < 500; ++round) {
    solve::ExactCover p;
    const int n = uniform(1, 8);
    for (int i = 0; i < n; ++i) {
      std::string s = name() + std::to_string(i);  // distinct
      switch (uniform(0, 5)) {
        case 0:
        case 1: p.add_secondary(s); break;
        case 2: p.add_primary(s, 0, 1); break;
        case 3: {
          const int lo = uniform(0, 2);
          p.add_primary(s, lo, std::max(1, lo + uniform(0, 2)));
          break;
        }
        default: p.add_primary(s);
      }
    }
    // Colours are made at their first use, as the reader numbers them (the format has no
    // colour declarations, so a colour no option uses has no text).
    std::vector<std::string> colours;
    for (int c = uniform(0, 3); c > 0; --c) colours.push_back(name());
    for (int o = uniform(0, 6); o > 0; --o) {
      std::vector<int> ids(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) ids[std::size_t(i)] = i;
      std::shuffle(ids.begin(), ids.end(), rng);
      std::vector<solve::ItemColour> items;
      for (int k = uniform(1, n); k > 0; --k) {
        const int i = ids[std::size_t(k - 1)];
        const int c = p.is_primary(i) ? 0 : uniform(0, int(colours.size()));
        items.push_back({i, c == 0 ? 0 : p.colour(colours[std::size_t(c - 1)])});
      }
      p.add_option(items);
    }
    if (p.num_primary() == 0) {
      ++without_primary;
      std::ostringstream out;
      REQUIRE_THROWS_WITH(solve::write_exact_cover(out, p), Contains("without primary items"));
      continue;
    }
    for (int i = 1; i < n; ++i) interleaved += !p.is_primary(i - 1) && p.is_primary(i);
    const std::string text = written(p);
    const auto q = read(text);
    require_same(p, q, text);
    REQUIRE(solve::count(q).count == solve::count(p).count);
  }
  CHECK(without_primary > 10);
  CHECK(interleaved > 50);
}
