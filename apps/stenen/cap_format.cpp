// The cap_puzzle format: "[columns,rows]", then per piece "(columns,rows)[L]" and `rows` lines
// of `columns` digits 0/1 (usually separated by spaces). Blank lines separate pieces.
#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "puzzle.hpp"
#include "text_reader.hpp"

namespace stenen::detail {

namespace {

constexpr int sane_side = 1000;

/// A tiny scanner over one line: "[8, 8]" or "(4,2)[A]", spaces allowed between tokens.
class LineScanner {
 public:
  LineScanner(const TextReader& in, int line) : in_(in), text_(in.lines()[std::size_t(line - 1)]), line_(line) {}

  void expect(char c, const std::string& what) {
    skip();
    if (pos_ >= text_.size() || text_[pos_] != c) fail("expected '" + std::string(1, c) + "' " + what);
    ++pos_;
  }
  int number(const std::string& what) {
    skip();
    std::size_t end = pos_;
    while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end]))) ++end;
    const auto v = to_int(text_.substr(pos_, end - pos_));
    if (!v) fail("expected " + what);
    pos_ = end;
    return *v;
  }
  char letter() {
    skip();
    if (pos_ >= text_.size() || std::isspace(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == ']' ||
        text_[pos_] == '.')
      fail("expected the piece's letter (one character, not '.')");
    return text_[pos_++];
  }
  void end() {
    skip();
    if (pos_ < text_.size()) fail("unexpected '" + std::string(text_.substr(pos_)) + "'");
  }
  [[noreturn]] void fail(const std::string& message) const { in_.fail(line_, int(pos_) + 1, message); }

 private:
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  const TextReader& in_;
  std::string_view text_;
  int line_;
  std::size_t pos_ = 0;
};

bool is_blank(std::string_view l) {
  for (char c : l)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

/// The 0/1 digits of a row line (spaces ignored), or nullopt if it has anything else.
std::optional<std::string> digits(std::string_view l) {
  std::string d;
  for (char c : l) {
    if (c == '0' || c == '1') d += c;
    else if (!std::isspace(static_cast<unsigned char>(c))) return std::nullopt;
  }
  return d;
}

struct Cursor {
  const TextReader& in;
  int line = 0;  // last line read, from 1
  /// The next non-blank line number, or 0 at the end.
  int next_nonblank() {
    while (line < int(in.lines().size())) {
      ++line;
      if (!is_blank(in.lines()[std::size_t(line - 1)])) return line;
    }
    return 0;
  }
};

Shape read_rows(Cursor& cur, int cols, int rows, const std::string& name) {
  Shape s{rows, cols, {}};
  for (int r = 0; r < rows; ++r) {
    const std::string row = name + " row " + std::to_string(r + 1);
    if (cur.line >= int(cur.in.lines().size()))
      cur.in.fail(cur.line, 0, "unexpected end of file: expected " + row + " (declared " +
                                   std::to_string(rows) + " rows)");
    const std::string_view l = cur.in.lines()[std::size_t(cur.line++)];
    const auto d = digits(l);
    if (!d) cur.in.fail(cur.line, 0, row + ": only digits 0 and 1 allowed, found '" + std::string(l) + "'");
    if (int(d->size()) != cols)
      cur.in.fail(cur.line, 0, row + " has " + std::to_string(d->size()) + " digits, expected " +
                                   std::to_string(cols) + " (declared " + std::to_string(cols) +
                                   " columns)");
    for (int c = 0; c < cols; ++c)
      if ((*d)[std::size_t(c)] == '1') s.cells.push_back({r, c});
  }
  return s;
}

/// cap_puzzle allows empty rows and columns around a piece (moyen-plus.cfg has one): drop them.
Shape trimmed(Shape s) {
  if (s.cells.empty()) return s;
  int r0 = s.rows, c0 = s.cols, r1 = 0, c1 = 0;
  for (Cell c : s.cells) {
    r0 = std::min(r0, c.row), c0 = std::min(c0, c.col);
    r1 = std::max(r1, c.row), c1 = std::max(c1, c.col);
  }
  for (Cell& c : s.cells) c = {c.row - r0, c.col - c0};
  return Shape{r1 - r0 + 1, c1 - c0 + 1, std::move(s.cells)};
}

}  // namespace

Puzzle parse_cap_puzzle(std::string_view text, const std::string& source, Limits limits) {
  const TextReader in(text, source);
  Puzzle p;
  p.format = Format::cap_puzzle;
  p.source = source;
  Cursor cur{in};
  {
    LineScanner s(in, cur.next_nonblank());
    s.expect('[', "to open the board size [columns,rows]");
    p.cols = s.number("the board's number of columns");
    s.expect(',', "between the board's columns and rows");
    p.rows = s.number("the board's number of rows");
    s.expect(']', "to close the board size");
    s.end();
  }
  std::set<char> letters;
  const Shape* previous = nullptr;
  std::string previous_name;
  while (int line = cur.next_nonblank()) {
    const std::string_view l = in.lines()[std::size_t(line - 1)];
    if (previous && digits(l) && int(digits(l)->size()) == previous->cols)
      in.fail(line, 0, previous_name + " is declared (" + std::to_string(previous->cols) + "," +
                           std::to_string(previous->rows) + "): " + std::to_string(previous->rows) +
                           " rows, but one more row follows");
    LineScanner s(in, line);
    s.expect('(', "to open a piece header (columns,rows)[letter]");
    const int cols = s.number("the piece's number of columns");
    s.expect(',', "between the piece's columns and rows");
    const int rows = s.number("the piece's number of rows");
    s.expect(')', "to close the piece's size");
    s.expect('[', "before the piece's letter");
    const char letter = s.letter();
    s.expect(']', "after the piece's letter");
    s.end();
    const std::string name = std::string("piece ") + letter;
    if (cols < 1 || rows < 1 || cols > sane_side || rows > sane_side)
      in.fail(line, 0, name + ": size (" + std::to_string(cols) + "," + std::to_string(rows) +
                           ") out of range");
    if (!letters.insert(letter).second) in.fail(line, 0, name + ": letter used by an earlier piece");
    Shape shape = trimmed(read_rows(cur, cols, rows, name));
    check_shape(shape, in.where(line), name, false);  // moyen-plus.cfg's piece H is in two parts
    p.stones.push_back(make_stone(int(p.stones.size()) + 1, letter, std::move(shape)));
    previous = &p.stones.back().orientation[0];
    previous_name = name;
  }
  if (p.stones.empty()) in.fail(int(in.lines().size()), 0, "no pieces after the board size");
  (void)limits;  // the board's bounds are checked with the board (check_board)
  return p;
}

}  // namespace stenen::detail
