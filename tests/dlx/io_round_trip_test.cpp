// write_exact_cover gives back, through read_exact_cover, the very problem it was given:
// items in the same order (primary and secondary interleaved, or no primary at all), colours,
// options, and any name the reader accepts.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>

#include "solve/error.hpp"
#include "solve/exact_cover_io.hpp"

using Catch::Matchers::Contains;

namespace {

std::string data(const std::string& name) { return std::string(SOLVE_TESTDATA_DIR) + "/xcover/" + name; }

std::string written(const solve::ExactCover& p) {
  std::ostringstream out;
  solve::write_exact_cover(out, p);
  return out.str();
}

solve::ExactCover read(const std::string& text) {
  std::istringstream in(text);
  return solve::read_exact_cover(in, "written");
}

/// Fails (with the text) unless a and b are the same problem.
void require_same(const solve::ExactCover& a, const solve::ExactCover& b, const std::string& text) {
  INFO("written text:\n" << text);
  REQUIRE(a.num_items() == b.num_items());
  REQUIRE(a.num_primary() == b.num_primary());
  for (int i = 0; i < a.num_items(); ++i) {
    REQUIRE(a.item_name(i) == b.item_name(i));
    REQUIRE(a.is_primary(i) == b.is_primary(i));
  }
  REQUIRE(a.num_colours() == b.num_colours());
  for (int c = 1; c <= a.num_colours(); ++c) REQUIRE(a.colour_name(c) == b.colour_name(c));
  REQUIRE(a.num_options() == b.num_options());
  for (int o = 0; o < a.num_options(); ++o) {
    const auto x = a.option(o), y = b.option(o);
    REQUIRE(std::vector<solve::ItemColour>(x.begin(), x.end()) ==
            std::vector<solve::ItemColour>(y.begin(), y.end()));
  }
}

void require_round_trip(const solve::ExactCover& p) {
  const std::string text = written(p);
  require_same(p, read(text), text);
}

}  // namespace

TEST_CASE("a problem without primary items reads back (repro no-primary.dlx)", "[dlx][io]") {
  // "0:1|a" makes a a secondary item; written as "| a" it read back as a comment.
  const auto p = solve::read_exact_cover_file(data("no-primary.dlx"));
  REQUIRE(p.num_primary() == 0);
  REQUIRE(p.num_items() == 1);
  REQUIRE(written(p) == "0:1|a\na\n");
  require_round_trip(p);

  solve::ExactCover q;
  q.add_secondary("x");
  q.add_secondary("y");
  q.add_option({0, 1});
  REQUIRE(written(q) == "0:1|x | y\nx y\n");
  require_round_trip(q);
}

TEST_CASE("secondary items before a primary one keep their place", "[dlx][io]") {
  // The reader makes "a 0:1|b c" items a (primary), b (secondary), c (primary): writing the
  // secondary items after the '|' would renumber them.
  const auto p = read("a 0:1|b c | d\na b\nc d\n");
  REQUIRE_FALSE(p.is_primary(1));
  REQUIRE(written(p) == "a 0:1|b c | d\na b\nc d\n");
  require_round_trip(p);
}

TEST_CASE("names the reader accepts are written so that they read back", "[dlx][io]") {
  const std::string bom = "\xEF\xBB\xBF";
  // A first item whose name starts with a byte order mark: the reader drops a mark at the
  // start of the text, so the writer gives it bounds.
  solve::ExactCover p;
  p.add_primary(bom + "a");
  p.add_primary("\xC3\xA9t\xC3\xA9");  // UTF-8
  p.add_secondary("#1\f\v~");            // form feed and vertical tab are not blanks here
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
  REQUIRE_THROWS_WITH(solve::write_exact_cover(out, solve::ExactCover{}), Contains("without items"));
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
      uniform(0, 2) == 0 ? p.add_secondary(s) : p.add_primary(s);
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
    without_primary += p.num_primary() == 0;
    for (int i = 1; i < n; ++i) interleaved += !p.is_primary(i - 1) && p.is_primary(i);
    require_round_trip(p);
  }
  CHECK(without_primary > 10);
  CHECK(interleaved > 50);
}
