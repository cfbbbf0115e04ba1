// The Leiden format: S, then per stone "m n" and m rows of n characters X (covered) or '.'.
#include <string>

#include "puzzle.hpp"
#include "text_reader.hpp"

namespace stenen::detail {

namespace {

constexpr int max_stones = 20;
constexpr int max_side = 5;

int bounded(TextReader& in, const std::string& what, int lo, int hi, bool enforced,
            std::size_t* line = nullptr) {
  TextReader::Token t;
  const int v = in.expect_int(what, &t);
  if (line) *line = t.line;
  if (v < lo || v > hi)
    in.fail(t.line, t.col,
            what + " is " + std::to_string(v) + ", must be " + std::to_string(lo) + ".." +
                std::to_string(hi) + (enforced ? " (--no-limits lifts the upper bound)" : ""));
  return v;
}

/// Reads stone `number`; *line is set to the line where its description starts.
Shape read_stone(TextReader& in, int number, const Limits& limits, std::size_t* line) {
  const std::string name = "stone " + std::to_string(number);
  const int side = limits.enforce ? max_side : sane_side;
  TextReader::Token first;
  const int m = bounded(in, "the number of rows of " + name, 1, side, limits.enforce, line);
  const int n = bounded(in, "the number of columns of " + name, 1, side, limits.enforce);
  Shape s{m, n, {}};
  for (int r = 0; r < m; ++r) {
    const std::string row = "row " + std::to_string(r + 1) + " of " + name;
    const TextReader::Token t = in.expect(row);
    if (r == 0) first = t;
    for (std::size_t c = 0; c < t.text.size(); ++c) {
      if (t.text[c] != 'X' && t.text[c] != '.')
        in.fail(t.line, t.col + c,
                row + ": " + shown(t.text.substr(c, 1)) + " is neither 'X' nor '.'");
    }
    if (int(t.text.size()) != n)
      in.fail(t.line, t.col,
              row + " has " + std::to_string(t.text.size()) + " characters, expected " +
                  std::to_string(n));
    for (int c = 0; c < n; ++c)
      if (t.text[std::size_t(c)] == 'X') s.cells.push_back({r, c});
  }
  check_shape(s, in.where(first.line), name);
  return s;
}

}  // namespace

Puzzle parse_leiden(std::string_view text, const std::string& source, Limits limits) {
  TextReader in(text, source);
  Puzzle p;
  p.format = Format::leiden;
  p.source = source;
  const int count = bounded(in, "the number of stones", 1, limits.enforce ? max_stones : sane_side,
                            limits.enforce);
  // The running area is checked stone by stone, before a stone's orientations are made.
  int area = 0;
  for (int i = 1; i <= count; ++i) {
    std::size_t line = 0;
    Shape shape = read_stone(in, i, limits, &line);
    area += int(shape.cells.size());
    if (area > sane_cells)
      in.fail(line, 0,
              "stone " + std::to_string(i) + ": the stones cover " + std::to_string(area) +
                  " cells, more than the largest board (" + std::to_string(sane_side) + "x" +
                  std::to_string(sane_side) + ") has");
    p.stones.push_back(make_stone(i, 0, std::move(shape)));
  }
  if (auto t = in.next())
    in.fail(t->line, t->col,
            "unexpected " + shown(t->text) + " after the last of the " + std::to_string(count) +
                " stones");
  return p;
}

}  // namespace stenen::detail
