// Knuth's exact-cover text format: reading, writing back, and every kind of bad input
// rejected with its line number.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>

using Catch::Matchers::Contains;

namespace {

solve::ExactCover read(const std::string& text) {
  std::istringstream in(text);
  return solve::read_exact_cover(in, "t.dlx");
}

std::string error_of(const std::string& text) {
  try {
    read(text);
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return "no error";
}

const char* const example =
    "| Knuth's XCC example (TAOCP 7.2.2.1 (49))\n"
    "p q r | x y\n"
    "p q x y:A\n"
    "p r x:A y\n"
    "p x:B\n"
    "q x:A\n"
    "r y:B\n";

}  // namespace

TEST_CASE("reading a problem with comments, secondary items and colours", "[dlx][io]") {
  const auto p = read(example);
  REQUIRE(p.num_items() == 5);
  REQUIRE(p.num_primary() == 3);
  REQUIRE(p.num_options() == 5);
  REQUIRE(p.num_colours() == 2);
  REQUIRE(p.item_name(3) == "x");
  REQUIRE_FALSE(p.is_primary(4));
  REQUIRE(p.find_item("r") == 2);
  REQUIRE_FALSE(p.find_item("z"));
  REQUIRE(solve::format_option(p, 1) == "p r x:A y");
  // Knuth's example has exactly one solution: options 'q x:A' and 'p r x:A y'.
  std::vector<int> found;
  const auto r = solve::search(p, {}, [&](std::span<const int> s) {
    found.assign(s.begin(), s.end());
    return true;
  });
  REQUIRE(r.stats.solutions == 1);
  std::sort(found.begin(), found.end());
  REQUIRE(found == std::vector<int>{1, 3});
}

TEST_CASE("writing gives back the same problem", "[dlx][io]") {
  const auto p = read(example);
  std::ostringstream out;
  solve::write_exact_cover(out, p);
  REQUIRE(out.str() == "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n");
  const auto q = read(out.str());
  REQUIRE(q.num_options() == p.num_options());
  for (int o = 0; o < p.num_options(); ++o)
    REQUIRE(solve::format_option(q, o) == solve::format_option(p, o));
}

TEST_CASE("blank lines, tabs and CR line ends are accepted", "[dlx][io]") {
  const auto p = read("\n  a\tb |\tc\r\n\r\n| comment\na c\r\nb\n");
  REQUIRE(p.num_items() == 3);
  REQUIRE(p.num_options() == 2);
  REQUIRE(solve::count(p).stats.solutions == 1);
}

TEST_CASE("bounds lo:hi and n are read and written back", "[dlx][io]") {
  const auto p = read("a 0:1|b 1:1|c 2:3|d 2|e\na c\nb c\na\nd\nd e\nd e\n");
  REQUIRE(p.num_primary() == 5);
  REQUIRE(p.is_primary(*p.find_item("b")));
  REQUIRE(p.bounds(*p.find_item("b")) == solve::ItemBounds{0, 1});
  REQUIRE(p.bounds(*p.find_item("c")) == solve::ItemBounds{1, 1});
  REQUIRE(p.bounds(*p.find_item("d")) == solve::ItemBounds{2, 3});
  REQUIRE(p.bounds(*p.find_item("e")) == solve::ItemBounds{2, 2});
  // {a c} or {b c, a}; with {d e, d e} or {d, d e, d e}.
  REQUIRE(solve::count(p).stats.solutions == 4);
  std::ostringstream out;
  solve::write_exact_cover(out, p);
  REQUIRE(out.str().substr(0, out.str().find('\n')) == "a 0:1|b c 2:3|d 2:2|e");
  const auto q = read(out.str());
  for (int i = 0; i < p.num_items(); ++i) REQUIRE(q.bounds(i) == p.bounds(i));
  REQUIRE_THAT(error_of("a 0:0|b\na\n"), Contains("t.dlx:1: bad bounds"));
  REQUIRE_THAT(error_of("a 99999999999|b\na\n"), Contains("t.dlx:1: bad bounds"));
}

TEST_CASE("malformed input is rejected with its line", "[dlx][io]") {
  REQUIRE_THAT(error_of(""), Contains("no items line"));
  REQUIRE_THAT(error_of("| only a comment\n"), Contains("no items line"));
  REQUIRE_THAT(error_of("a b\na c\n"), Contains("t.dlx:2: unknown item 'c'"));
  REQUIRE_THAT(error_of("a b\n\na b a\n"), Contains("t.dlx:3: item 'a' twice"));
  REQUIRE_THAT(error_of("a b | x\na x:1\nb:1\n"), Contains("t.dlx:3: colour on primary item 'b'"));
  REQUIRE_THAT(error_of("a a\n"), Contains("t.dlx:1: item 'a' declared twice"));
  REQUIRE_THAT(error_of("a | x | y\n"), Contains("t.dlx:1: second '|'"));
  REQUIRE_THAT(error_of("a | x\na x:\n"), Contains("t.dlx:2: bad colour"));
  REQUIRE_THAT(error_of("a | x\na x:b:c\n"), Contains("t.dlx:2: bad colour"));
  REQUIRE_THAT(error_of("a x:y\n"), Contains("t.dlx:1: bad item name"));
  REQUIRE_THAT(error_of("a b|x\n"), Contains("t.dlx:1: bad bounds"));
  REQUIRE_THAT(error_of("a 3:1|x\n"), Contains("t.dlx:1: bad bounds"));
  REQUIRE_THAT(error_of("a | 0:1|x\n"), Contains("t.dlx:1: bounds on secondary item"));
  std::istringstream in("a\nb\n");
  REQUIRE_THROWS_WITH(solve::read_exact_cover(in), Contains("line 2: unknown item 'b'"));
  REQUIRE_THROWS_AS(solve::read_exact_cover_file("/nonexistent/x.dlx"), solve::InputError);
}

TEST_CASE("item names are found among thousands (the reader's name table grows)", "[dlx][io]") {
  // Names of 1 to 40 bytes that differ in one byte only, at the front or at the back.
  std::vector<std::string> names;
  for (int i = 0; i < 3000; ++i) {
    std::string n = std::to_string(i);
    if (i % 3 == 1) n = std::string(std::size_t(i % 37), 'x') + n;
    if (i % 3 == 2) n += std::string(std::size_t(i % 37), 'y');
    names.push_back(n);
  }
  std::string text;
  for (const std::string& n : names) text += n + ' ';
  text += "\n";
  for (std::size_t i = names.size(); i-- > 1;) text += names[i] + ' ' + names[i - 1] + "\n";
  const auto p = read(text);
  REQUIRE(p.num_items() == 3000);
  REQUIRE(p.num_options() == 2999);
  for (int o = 0; o < p.num_options(); ++o) {
    const auto items = p.option(o);
    REQUIRE(items.size() == 2);
    REQUIRE(items[0].item == 2999 - o);
    REQUIRE(items[1].item == 2998 - o);
  }
  REQUIRE_THAT(error_of(text + names[2999] + " xyz\n"), Contains("t.dlx:3001: unknown item 'xyz'"));
  REQUIRE_THAT(error_of(text.substr(0, text.find('\n')) + " " + names[2047] + "\n"),
               Contains("item '" + names[2047] + "' declared twice"));
}

TEST_CASE("random text never crashes the reader or the engines", "[dlx][io]") {
  std::mt19937 rng(1234);
  const std::string alphabet = "abcxy01|:: \t\n\n\n\r";
  int parsed = 0, rejected = 0;
  for (int k = 0; k < 3000; ++k) {
    std::string text;
    const int len = std::uniform_int_distribution<int>(0, 60)(rng);
    for (int i = 0; i < len; ++i)
      text += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    solve::ExactCover p;
    try {
      p = read(text);
    } catch (const solve::InputError& e) {
      ++rejected;
      REQUIRE_THAT(std::string(e.what()), Contains("t.dlx:"));
      continue;
    }
    ++parsed;
    for (auto engine : {solve::CoverEngine::automatic, solve::CoverEngine::dlx}) {
      solve::CoverOptions o;
      o.engine = engine;
      o.limits.max_nodes = 1000;
      const auto r = solve::count(p, o);
      REQUIRE(r.stats.nodes <= 1000);
    }
  }
  REQUIRE(parsed > 100);
  REQUIRE(rejected > 100);
}
