// Reading and writing Knuth's exact-cover text format (see solve/exact_cover_io.hpp).
#include <charconv>
#include <fstream>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "solve/error.hpp"
#include "solve/exact_cover_io.hpp"

namespace solve {
namespace {

/// Splits a line into blank-separated words.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

/// Parses a non-negative decimal number, or -1.
int number(std::string_view s) {
  int v = -1;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < 0) return -1;
  return v;
}

class Reader {
 public:
  explicit Reader(std::string_view source) : source_(source) {}

  [[noreturn]] void fail(const std::string& what) const {
    const std::string where = source_.empty() ? "line " + std::to_string(line_)
                                              : std::string(source_) + ":" + std::to_string(line_);
    throw InputError(where + ": " + what);
  }

  ExactCover read(std::istream& in) {
    ExactCover p;
    bool have_items = false;
    std::string line;
    while (std::getline(in, line)) {
      ++line_;
      auto w = words(line);
      if (w.empty() || w.front().front() == '|') continue;  // blank line or comment
      if (!have_items) {
        read_items(p, w);
        have_items = true;
      } else {
        read_option(p, w);
      }
    }
    if (!have_items) fail("no items line");
    return p;
  }

 private:
  void check_name(std::string_view name) const {
    if (name.find_first_of(":|") != std::string_view::npos)
      fail("bad item name '" + std::string(name) + "'");
  }

  void declare(ExactCover& p, std::string_view name, bool primary, int lo = 1, int hi = 1) {
    check_name(name);
    if (p.find_item(name)) fail("item '" + std::string(name) + "' declared twice");
    try {
      if (!primary) p.add_secondary(name);
      else p.add_primary(name, lo, hi);
    } catch (const ModelError& e) {
      fail(e.what());
    }
  }

  void read_items(ExactCover& p, const std::vector<std::string_view>& w) {
    bool secondary = false;
    for (std::string_view t : w) {
      if (t == "|") {
        if (secondary) fail("second '|' in the items line");
        secondary = true;
        continue;
      }
      const auto bar = t.find('|');
      if (bar == std::string_view::npos) {
        declare(p, t, !secondary);
        continue;
      }
      // dlx3 bounds "lo:hi|name" or "n|name" (= n:n) on a primary item.
      if (secondary) fail("bounds on secondary item '" + std::string(t) + "'");
      const std::string_view bounds = t.substr(0, bar), name = t.substr(bar + 1);
      const auto colon = bounds.find(':');
      const int hi = number(colon == std::string_view::npos ? bounds : bounds.substr(colon + 1));
      const int lo = colon == std::string_view::npos ? hi : number(bounds.substr(0, colon));
      if (lo < 0 || hi < 0 || lo > hi || hi == 0 || name.empty())
        fail("bad bounds '" + std::string(t) + "' (expected lo:hi|name with lo <= hi, hi > 0)");
      declare(p, name, true, lo, hi);
    }
    if (p.num_primary() == 0 && p.num_items() == 0) fail("no items in the items line");
  }

  void read_option(ExactCover& p, const std::vector<std::string_view>& w) {
    items_.clear();
    for (std::string_view t : w) {
      const auto colon = t.find(':');
      const std::string_view name = t.substr(0, colon);
      auto id = p.find_item(name);
      if (!id) fail("unknown item '" + std::string(name) + "'");
      int colour = 0;
      if (colon != std::string_view::npos) {
        const std::string_view c = t.substr(colon + 1);
        if (c.empty() || c.find_first_of(":|") != std::string_view::npos)
          fail("bad colour in '" + std::string(t) + "'");
        if (p.is_primary(*id)) fail("colour on primary item '" + std::string(name) + "'");
        colour = p.colour(c);
      }
      for (const ItemColour& ic : items_)
        if (ic.item == *id) fail("item '" + std::string(name) + "' twice in one option");
      items_.push_back({*id, colour});
    }
    try {
      p.add_option(std::span<const ItemColour>(items_));
    } catch (const ModelError& e) {
      fail(e.what());
    }
  }

  std::string_view source_;
  int line_ = 0;
  std::vector<ItemColour> items_;
};

}  // namespace

ExactCover read_exact_cover(std::istream& in, std::string_view source) {
  return Reader(source).read(in);
}

ExactCover read_exact_cover_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot open");
  return read_exact_cover(in, path);
}

std::string format_option(const ExactCover& problem, int o) {
  std::string s;
  for (const ItemColour& ic : problem.option(o)) {
    if (!s.empty()) s += ' ';
    s += problem.item_name(ic.item);
    if (ic.colour != 0) s += ':' + problem.colour_name(ic.colour);
  }
  return s;
}

void write_exact_cover(std::ostream& out, const ExactCover& problem) {
  std::string line;
  for (int pass = 0; pass < 2; ++pass) {  // primary items, then secondary ones
    for (int i = 0; i < problem.num_items(); ++i) {
      if (problem.is_primary(i) != (pass == 0)) continue;
      if (!line.empty()) line += ' ';
      if (const ItemBounds b = problem.bounds(i); problem.is_primary(i) && b != ItemBounds{})
        line += std::to_string(b.lo) + ':' + std::to_string(b.hi) + '|';
      line += problem.item_name(i);
    }
    if (pass == 0 && problem.num_primary() < problem.num_items()) line += line.empty() ? "|" : " |";
  }
  out << line << '\n';
  for (int o = 0; o < problem.num_options(); ++o) out << format_option(problem, o) << '\n';
}

}  // namespace solve
