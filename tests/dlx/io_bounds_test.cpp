// The Knuth-format reader on wrong and hostile input: byte order marks, NUL bytes, blank
// files, directories, read errors, and inputs that would take unbounded memory or time (one
// huge line, an endless stream, an option of a million items).
#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>

#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>
#include "test_scale.hpp"

using Catch::Matchers::Contains;
using namespace std::string_literals;

namespace {

std::string data(const std::string& name) {
  return std::string(SOLVE_TESTDATA_DIR) + "/xcover/" + name;
}

solve::ExactCover read(const std::string& text) {
  std::istringstream in(text);
  return solve::read_exact_cover(in, "t.dlx");
}

std::string error_of(const std::string& text, const solve::ReadLimits& limits = {}) {
  std::istringstream in(text);
  try {
    solve::read_exact_cover(in, "t.dlx", limits);
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string file_error_of(const std::string& path) {
  try {
    solve::read_exact_cover_file(path);
  } catch (const solve::InputError& e) {
    return e.what();
  }
  return "no error";
}

/// An endless input: `head` once, then `pattern` over and over; counts the bytes handed out.
class Endless : public std::streambuf {
 public:
  Endless(std::string head, const std::string& pattern) : head_(std::move(head)) {
    while (chunk_.size() < 4096) chunk_ += pattern;
  }
  std::uint64_t given() const { return given_; }

 protected:
  int_type underflow() override {
    std::string& s = head_given_ || head_.empty() ? chunk_ : head_;
    head_given_ = true;
    setg(s.data(), s.data(), s.data() + s.size());
    given_ += s.size();
    return traits_type::to_int_type(s.front());
  }

 private:
  std::string head_, chunk_;
  bool head_given_ = false;
  std::uint64_t given_ = 0;
};

/// The reader's message on an endless input, and how much of it it took.
std::pair<std::string, std::uint64_t> endless_error(const std::string& head,
                                                    const std::string& pattern,
                                                    const solve::ReadLimits& limits = {}) {
  Endless source(head, pattern);
  std::istream in(&source);
  try {
    solve::read_exact_cover(in, "endless", limits);
  } catch (const solve::InputError& e) {
    return {e.what(), source.given()};
  }
  return {"no error", source.given()};
}

/// A stream whose reads fail (as a broken disk or a vanished network file does).
class Broken : public std::streambuf {
 protected:
  int_type underflow() override { throw std::runtime_error("EIO"); }
};

}  // namespace

TEST_CASE("a UTF-8 byte order mark at the start is dropped (repro bom.dlx)", "[dlx][io]") {
  const auto p = solve::read_exact_cover_file(data("bom.dlx"));
  REQUIRE(p.num_items() == 3);
  REQUIRE(p.item_name(0) == "a");
  REQUIRE(p.find_item("a") == 0);
  REQUIRE(solve::count(p).stats.solutions == 1);
  // Only at the very start: anywhere else it is part of a name.
  std::istringstream in(
      "a \xEF\xBB\xBF"
      "b\na \xEF\xBB\xBF"
      "b\n");
  REQUIRE(solve::read_exact_cover(in).item_name(1) ==
          "\xEF\xBB\xBF"
          "b");
  REQUIRE_THAT(error_of("\n\xEF\xBB\xBF"
                        "a\n\xEF\xBB\xBF"
                        "a\na\n"),
               Contains("t.dlx:4: unknown item 'a'"));
}

TEST_CASE("a file of only a mark, NUL bytes or blanks is bad input (repros)", "[dlx][io]") {
  REQUIRE_THAT(file_error_of(data("bom-only.dlx")), Contains("bom-only.dlx:1: no items line"));
  REQUIRE_THAT(file_error_of(data("nul-only.dlx")),
               Contains("nul-only.dlx:1: NUL byte at column 1"));
  REQUIRE_THAT(file_error_of(data("blanks-only.dlx")),
               Contains("blanks-only.dlx:3: no items line"));
  REQUIRE_THAT(error_of("a b\na\nb\0\n"s), Contains("t.dlx:3: NUL byte at column 2"));
  REQUIRE_THAT(error_of("\xEF\xBB\xBF"), Contains("no items line"));
}

TEST_CASE("a directory or a failing stream is a read error, not an empty input", "[dlx][io]") {
  REQUIRE_THAT(file_error_of(std::string(SOLVE_TESTDATA_DIR)), Contains("is a directory"));
  REQUIRE_THAT(file_error_of("/nonexistent/x.dlx"), Contains("/nonexistent/x.dlx: cannot open"));
  Broken broken;
  std::istream in(&broken);
  REQUIRE_THROWS_WITH(solve::read_exact_cover(in, "b.dlx"), Contains("b.dlx:1: read error"));
  // A stream set to throw reads to its end as any other.
  std::istringstream throwing("a b\na b\n");
  throwing.exceptions(std::ios::failbit);
  REQUIRE(solve::read_exact_cover(throwing).num_options() == 1);
  Broken broken_again;
  std::istream throwing_broken(&broken_again);
  throwing_broken.exceptions(std::ios::failbit | std::ios::badbit);
  REQUIRE_THROWS_WITH(solve::read_exact_cover(throwing_broken, "b.dlx"),
                      Contains("b.dlx:1: read error"));
}

TEST_CASE("a huge line is refused once it passes the line limit", "[dlx][io]") {
  const solve::ReadLimits defaults;
  // 100 MB of one line (what cost 1.1 GB before the first check): refused after 16 MiB.
  for (const std::string& pattern : {"a"s, "a "s}) {
    const auto [error, taken] = endless_error("", pattern);
    REQUIRE_THAT(error, Contains("endless:1: line longer than 16777216 bytes"));
    REQUIRE(taken <= defaults.max_line_bytes + (std::uint64_t(1) << 17));
  }
  // The same as an option line after a good items line.
  const auto [error, taken] = endless_error("a b\na b\n", "b a ");
  REQUIRE_THAT(error, Contains("endless:3: line longer than"));
  solve::ReadLimits small;
  small.max_line_bytes = 10;
  REQUIRE(error_of("a b c d e\n", small) == "no error");
  REQUIRE_THAT(error_of("a b c d e f\n", small), Contains("t.dlx:1: line longer than 10 bytes"));
}

TEST_CASE("an endless input is refused at the input limit (yes | xcover -, /dev/zero)",
          "[dlx][io]") {
  solve::ReadLimits limits;
  limits.max_bytes = 1 << 20;
  const auto [error, taken] = endless_error("a\n", "a\n", limits);
  REQUIRE_THAT(error, Contains("input longer than 1048576 bytes"));
  REQUIRE(taken <= limits.max_bytes + (1 << 17));
  // /dev/zero: the first block shows it is not text.
  const auto [zero_error, zero_taken] = endless_error("", "\0"s);
  REQUIRE_THAT(zero_error, Contains("endless:1: NUL byte at column 1"));
  REQUIRE(zero_taken <= (1 << 17));
}

TEST_CASE("names longer than the name limit are refused", "[dlx][io]") {
  const std::string n256(256, 'n'), n257(257, 'n');
  REQUIRE(error_of(n256 + "\n" + n256 + "\n") == "no error");
  REQUIRE_THAT(error_of(n257 + "\n"), Contains("t.dlx:1: item name longer than 256 bytes"));
  REQUIRE_THAT(error_of("a | " + n257 + "\n"), Contains("t.dlx:1: item name longer"));
  REQUIRE_THAT(error_of("a\n" + n257 + "\n"), Contains("t.dlx:2: item name longer"));
  REQUIRE_THAT(error_of("a | x\na x:" + n257 + "\n"), Contains("t.dlx:2: colour name longer"));
}

TEST_CASE("a line across the reader's blocks reads as one, a NUL byte there has its column",
          "[dlx][io]") {
  // The reader takes 64 KiB blocks: a comment line pads the text so that the option line,
  // or the NUL byte in it, lies on each side of the boundary and across it. (The results
  // hold at any block size; these lengths aim at that one.)
  constexpr std::size_t block = std::size_t(1) << 16;
  const std::string head =
      "\xEF\xBB\xBF"
      "a bb c\n";  // with a byte order mark
  for (std::size_t before = 1; before <= 6; ++before) {
    const std::string pad = "|" + std::string(block - head.size() - before - 2, '-') + "\n";
    const auto p = read(head + pad + "bb  c\nc a\n");
    REQUIRE(p.num_items() == 3);
    REQUIRE(p.item_name(0) == "a");
    REQUIRE(p.num_options() == 2);
    REQUIRE(p.option(0).size() == 2);
    REQUIRE(p.option(0)[0].item == 1);
    REQUIRE(p.option(0)[1].item == 2);
    REQUIRE(p.option(1)[1].item == 0);
    const std::string nul = "bb c"s + '\0' + "\n";
    REQUIRE_THAT(error_of(head + pad + nul), Contains("t.dlx:3: NUL byte at column 5"));
  }
}

TEST_CASE("an option of many items reads in linear time", "[dlx][io]") {
  // 200 000 items, all in one option, and the same option with its first item again at the
  // end: the duplicate tests were quadratic (10^6 items took more than a minute). The
  // sanitizer legs read a quarter of them (SOLVE_TEST_SCALE): the same path, still far past
  // what a quadratic test would finish.
  const int k = test_scale::rounds(200000);
  std::string items;
  for (int i = 0; i < k; ++i) items.append(1, 'i').append(std::to_string(i)).append(1, ' ');
  std::istringstream in(items + "\n" + items + "\n| the same again:\n" + items + "\n");
  const auto p = solve::read_exact_cover(in, "big.dlx");
  REQUIRE(p.num_items() == k);
  REQUIRE(p.num_options() == 2);
  REQUIRE(p.option(1).size() == std::size_t(k));
  REQUIRE(p.option(1).back().item == k - 1);
  REQUIRE(solve::count(p).stats.solutions == 2);
  REQUIRE_THAT(error_of(items + "\n" + items + "i0\n"),
               Contains("t.dlx:2: item 'i0' twice in one option"));
}

TEST_CASE("ExactCover::add_option checks an option of a million items in linear time", "[dlx]") {
  const int k = test_scale::rounds(1000000);  // a quarter in the sanitizer legs, as above
  solve::ExactCover p;
  std::vector<int> ids;
  for (int i = 0; i < k; ++i) ids.push_back(p.add_primary());
  REQUIRE(p.add_option(ids) == 0);
  ids.push_back(0);
  REQUIRE_THROWS_WITH(p.add_option(ids), Contains("item '#0' twice"));
  ids.back() = k - 1;
  ids.front() = k - 1;
  REQUIRE_THROWS_WITH(p.add_option(ids), Contains("twice"));
  // A failed call leaves no marks behind: the same items are fine in the next option.
  ids.pop_back();
  ids.front() = 0;
  REQUIRE(p.add_option(ids) == 1);
  REQUIRE(p.num_options() == 2);
}
