// The cap_puzzle format: "[columns,rows]", then per piece "(columns,rows)[L]" and `rows` lines
// of `columns` digits 0/1 (usually separated by spaces). Blank lines separate pieces.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>

#include "puzzle.hpp"
#include "text_reader.hpp"

namespace stenen::detail {

namespace {

/// A tiny scanner over one line: "[8, 8]" or "(4,2)[A]", spaces allowed between tokens.
class LineScanner {
 public:
  LineScanner(const TextReader& in, std::string_view text)
      : in_(in), text_(text), line_(in.line()) {}

  void expect(char c, const std::string& what) {
    skip();
    if (pos_ >= text_.size() || text_[pos_] != c)
      fail("expected '" + std::string(1, c) + "' " + what);
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
  /// A number at most `hi`; `what` names it.
  int bounded(const std::string& what, int hi) {
    skip();
    const std::size_t at = pos_;
    const int v = number(what);
    if (v > hi) {
      pos_ = at;
      fail(what + " is " + std::to_string(v) + ", at most " + std::to_string(hi));
    }
    return v;
  }
  char letter() {
    skip();
    if (pos_ >= text_.size() || !valid_letter(text_[pos_]))
      fail(
          "expected the piece's letter (one printable character, not a digit nor any of . , ( ) [ "
          "] + -)");
    return text_[pos_++];
  }
  void end() {
    skip();
    if (pos_ < text_.size()) fail("unexpected " + shown(text_.substr(pos_)));
  }
  [[noreturn]] void fail(const std::string& message) const { in_.fail(line_, pos_ + 1, message); }

 private:
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  const TextReader& in_;
  std::string_view text_;
  std::size_t line_;
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

/// The next line that is not blank, or nullopt at the end.
std::optional<std::string_view> next_nonblank(TextReader& in) {
  while (const auto l = in.next_line())
    if (!is_blank(*l)) return l;
  return std::nullopt;
}

Shape read_rows(TextReader& in, int cols, int rows, const std::string& name) {
  Shape s{rows, cols, {}};
  for (int r = 0; r < rows; ++r) {
    const std::string row = name + " row " + std::to_string(r + 1);
    const auto l = in.next_line();
    if (!l)
      in.fail(in.line(), 0,
              "unexpected end of file: expected " + row + " (declared " + std::to_string(rows) +
                  " rows)");
    const auto d = digits(*l);
    if (!d) in.fail(in.line(), 0, row + ": only digits 0 and 1 allowed, found " + shown(*l));
    if (int(d->size()) != cols)
      in.fail(in.line(), 0,
              row + " has " + std::to_string(d->size()) + " digits, expected " +
                  std::to_string(cols) + " (declared " + std::to_string(cols) + " columns)");
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
  TextReader in(text, source);
  Puzzle p;
  p.format = Format::cap_puzzle;
  p.source = source;
  {
    LineScanner s(in, next_nonblank(in).value_or(""));
    s.expect('[', "to open the board size [columns,rows]");
    p.cols = s.bounded("the board's number of columns", sane_side);
    s.expect(',', "between the board's columns and rows");
    p.rows = s.bounded("the board's number of rows", sane_side);
    s.expect(']', "to close the board size");
    s.end();
  }
  // The running area is checked piece by piece, before a piece's orientations are made: a
  // file of pieces far too big for the board is refused at the first piece too many.
  const int board_area = p.cols * p.rows;
  int area = 0;
  std::set<char> letters;
  const Shape* previous = nullptr;
  std::string previous_name;
  while (const auto header = next_nonblank(in)) {
    const std::size_t line = in.line();
    if (previous) {
      const auto d = digits(*header);
      if (d && int(d->size()) == previous->cols)
        in.fail(line, 0,
                previous_name + " is declared (" + std::to_string(previous->cols) + "," +
                    std::to_string(previous->rows) + "): " + std::to_string(previous->rows) +
                    " rows, but one more row follows");
    }
    LineScanner s(in, *header);
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
      in.fail(line, 0,
              name + ": size (" + std::to_string(cols) + "," + std::to_string(rows) +
                  ") out of range: each side must be 1.." + std::to_string(sane_side));
    if (!letters.insert(letter).second)
      in.fail(line, 0, name + ": letter used by an earlier piece");
    Shape shape = trimmed(read_rows(in, cols, rows, name));
    check_shape(shape, in.where(line), name, false);  // moyen-plus.cfg's piece H is in two parts
    area += int(shape.cells.size());
    if (area > board_area)
      in.fail(line, 0,
              name + ": the pieces cover " + std::to_string(area) + " cells, more than the " +
                  std::to_string(board_area) + " of the board " + std::to_string(p.rows) + "x" +
                  std::to_string(p.cols));
    p.stones.push_back(make_stone(int(p.stones.size()) + 1, letter, std::move(shape)));
    previous = &p.stones.back().orientation[0];
    previous_name = name;
  }
  if (p.stones.empty()) in.fail(in.line(), 0, "no pieces after the board size");
  (void)limits;  // the statement's bounds are checked with the board (check_board)
  return p;
}

}  // namespace stenen::detail
