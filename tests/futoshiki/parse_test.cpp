// The reader of the course format: what it accepts, what it builds, and where it points
// when the text is wrong. (Malformed files through the binary are in test_cli.cpp.)
#include <catch2/catch.hpp>

#include <string>

#include <solve/error.hpp>

#include "common.hpp"
#include "puzzle.hpp"

using futoshiki::parse_puzzle;
using futoshiki::Puzzle;
using futoshiki::Relation;
namespace t = futoshiki::test;

namespace {

const std::string sample =
    "0 0 0 0 0\n0 0 0 0 0\n5 0 0 0 0\n0 0 0 2 0\n0 0 0 0 1\n\n"
    "0 > 0 0\n0 0 0 0\n0 0 > 0\n0 0 0 0\n0 0 < 0\n\n"
    "^ ^ 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 v 0 0 0\n";

bool same(const Puzzle& a, const Puzzle& b) {
  return a.n == b.n && a.givens == b.givens && a.right == b.right && a.down == b.down;
}

// The message of the InputError that parsing `text` throws ("" when it parses).
std::string error_of(const std::string& text) {
  try {
    parse_puzzle(text, "in.txt");
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return "";
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

}  // namespace

TEST_CASE("the statement's example is read cell by cell") {
  const Puzzle p = parse_puzzle(sample, "sample");
  REQUIRE(p.n == 5);
  CHECK(p.given(2, 0) == 5);
  CHECK(p.given(3, 3) == 2);
  CHECK(p.given(4, 4) == 1);
  CHECK(p.given(0, 0) == 0);
  CHECK(p.right_of(0, 0) == Relation::none);
  CHECK(p.right_of(0, 1) == Relation::greater);
  CHECK(p.right_of(2, 2) == Relation::greater);
  CHECK(p.right_of(4, 2) == Relation::less);
  CHECK(p.below(0, 0) == Relation::less);  // '^': upper < lower
  CHECK(p.below(0, 1) == Relation::less);
  CHECK(p.below(3, 1) == Relation::greater);  // 'v': upper > lower
  CHECK(p.below(3, 0) == Relation::none);
}

TEST_CASE("layout noise does not change what is read") {
  const Puzzle clean = parse_puzzle(sample, "clean");
  SECTION("CRLF line ends") {
    CHECK(same(clean, parse_puzzle(replaced(sample, "\n", "\r\n"), "f")));
  }
  SECTION("no final newline") {
    CHECK(same(clean, parse_puzzle(sample.substr(0, sample.size() - 1), "f")));
  }
  SECTION("trailing spaces and tabs") {
    CHECK(same(clean, parse_puzzle(replaced(sample, "\n", " \t \n"), "f")));
  }
  SECTION("extra blank lines") {
    CHECK(same(clean, parse_puzzle("\n\n" + replaced(sample, "\n\n", "\n\n\n  \n") + "\n\n", "f")));
  }
  SECTION("no blank lines between the sections") {
    CHECK(same(clean, parse_puzzle(replaced(sample, "\n\n", "\n"), "f")));
  }
  SECTION("several spaces and tabs between tokens") {
    CHECK(same(clean, parse_puzzle(replaced(sample, " ", " \t "), "f")));
  }
  SECTION("a UTF-8 byte order mark") {
    CHECK(same(clean, parse_puzzle("\xEF\xBB\xBF" + sample, "f")));
  }
}

TEST_CASE("every course file is read as a 5x5 puzzle") {
  for (const char* f : {"course-spring2020/Example.txt", "course-spring2020/Input1.txt",
                        "course-spring2020/Input2.txt", "course-spring2020/Input3.txt",
                        "course-fall2022/SampleInput.txt", "course-fall2022/Input1.txt",
                        "course-fall2022/Input2.txt", "course-fall2022/Input3.txt"}) {
    INFO(f);
    const Puzzle p = futoshiki::read_puzzle(t::puzzles_dir() + "/" + f);
    CHECK(p.n == 5);
  }
  // Spring Example.txt is the statement's example with CRLF and no final newline.
  CHECK(same(parse_puzzle(sample, "s"),
             futoshiki::read_puzzle(t::puzzles_dir() + "/course-spring2020/Example.txt")));
}

TEST_CASE("values of two digits are read for N >= 10") {
  const Puzzle p = futoshiki::read_puzzle(t::puzzles_dir() + "/tatham/12dx_1.txt");
  REQUIRE(p.n == 12);
  CHECK(p.given(3, 1) == 10);
  CHECK(p.given(4, 2) == 12);
  CHECK(p.given(11, 0) == 11);
}

TEST_CASE("the smallest and the largest sizes are accepted") {
  CHECK(parse_puzzle("1 0\n0 0\n<\n0\n0 v\n", "f").n == 2);
  std::string big;
  const auto row = [](int k, const char* tok) {
    std::string r;
    for (int i = 0; i < k; ++i) r += std::string(i ? " " : "") + tok;
    return r + "\n";
  };
  big += "64 " + row(63, "0");
  for (int r = 1; r < 64; ++r) big += row(64, "0");
  for (int r = 0; r < 64; ++r) big += row(63, "0");
  for (int r = 0; r < 63; ++r) big += row(64, "0");
  const Puzzle p = parse_puzzle(big, "big");
  CHECK(p.n == 64);
  CHECK(p.given(0, 0) == 64);
  CHECK(p.given(0, 1) == 0);
}

TEST_CASE("errors name the file, the line and the column") {
  struct Case {
    std::string text;
    std::string message;  // how the message starts
  };
  const std::string crlf = replaced(sample, "\n", "\r\n");
  const Case cases[] = {
      {"", "in.txt:1:1: empty input: expected N rows of N numbers"},
      {" \n\n", "in.txt:1:1: empty input: expected N rows of N numbers"},
      {"7\n", "in.txt:1:1: the first row has 1 entry, so N = 1"},
      {replaced(sample, "5 0 0 0 0", "5 0 0 0 0 0"), "in.txt:3:11: grid row 3 of 5 has 6 entries"},
      {replaced(sample, "0 0 0 2 0", "0 0 0 2"), "in.txt:4:8: grid row 4 of 5 has 4 entries"},
      {replaced(sample, "0 0 0 2 0", "0 0 0 2 6"),
       "in.txt:4:9: grid row 4 of 5: value 6 is larger than N = 5"},
      {replaced(sample, "0 0 0 2 0", "0 0 0 2 ?"),
       "in.txt:4:9: grid row 4 of 5: expected a number"},
      {replaced(sample, "0 0 0 2 0", "0 2 0 2 0"), "in.txt:4:7: value 2 appears twice in row 4"},
      {replaced(sample, "0 0 0 2 0", "5 0 0 2 0"), "in.txt:4:1: value 5 appears twice in column 1"},
      {replaced(sample, "0 0 0 0 1\n", "0 0 0 0 1\n0 0 0 0 0\n"),
       "in.txt:6:9: horizontal signs row 1 of 5 has 5 entries"},
      {replaced(sample, "0 0 < 0", "0 0 < v"),
       "in.txt:11:7: horizontal signs row 5 of 5: expected '0', '<' or '>', found 'v'"},
      {replaced(sample, "0 v 0 0 0", "0 v 0 > 0"),
       "in.txt:16:7: vertical signs row 4 of 4: expected '0', '^' or 'v', found '>'"},
      {replaced(sample, "0 v 0 0 0\n", ""),
       "in.txt:15:10: unexpected end of input: expected vertical signs row 4 of 4"},
      {sample + "\n  x\n", "in.txt:18:3: unexpected 'x' after the puzzle"},
      // A given 5 left of a given 2 with '<' between them.
      {replaced(replaced(sample, "0 0 0 2 0", "0 0 5 2 0"), "0 0 0 0\n0 0 < 0", "0 0 < 0\n0 0 < 0"),
       "in.txt:10:5: the sign '<' cannot hold between the givens 5 (row 4, column 3) and 2 (row 4, "
       "column 4)"},
      // Columns count bytes on the line, CR and tabs included as one each.
      {replaced(crlf, "5 0 0 0 0", "5\t0\t0 \t x 0"), "in.txt:3:9: grid row 3 of 5"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(error_of(c.text).substr(0, c.message.size()) == c.message);
  }
}

TEST_CASE("unprintable bytes are escaped in messages") {
  const std::string msg =
      error_of(replaced(sample, "0 0 0 2 0", std::string("0 0 0 2 \x01") + "\xff"));
  CHECK(msg.find("found '\\x01\\xff'") != std::string::npos);
}

TEST_CASE("is_solution accepts the published answer and nothing else") {
  const Puzzle p = parse_puzzle(sample, "s");
  const std::vector<int> good{2, 3, 1, 4, 5, 3, 5, 2, 1, 4, 5, 1, 4,
                              3, 2, 1, 4, 5, 2, 3, 4, 2, 3, 5, 1};
  CHECK(futoshiki::is_solution(p, good));
  std::vector<int> swapped = good;  // columns 2 and 3 swapped: a Latin square still, same givens,
  for (int r = 0; r < 5; ++r)       // but row 1's '>' between them now fails
    std::swap(swapped[std::size_t(5 * r + 1)], swapped[std::size_t(5 * r + 2)]);
  CHECK_FALSE(futoshiki::is_solution(p, swapped));
  std::vector<int> short_grid(good.begin(), good.end() - 1);
  CHECK_FALSE(futoshiki::is_solution(p, short_grid));
  std::vector<int> out_of_range = good;
  out_of_range[0] = 6;
  CHECK_FALSE(futoshiki::is_solution(p, out_of_range));
}
