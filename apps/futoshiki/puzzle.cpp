// Reader for the course's Futoshiki format. The text is cut into tokens, grouped by line
// (blank lines dropped), and each section checks its rows in file order, so the first thing
// wrong in the file is the one reported. Contradictory givens are caught as soon as the
// second of the two cells (or the sign between them) is read, for the same reason.
#include "puzzle.hpp"

#include <charconv>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "common/text_file.hpp"

namespace futoshiki {
namespace {

struct Token {
  std::string_view text;
  std::int64_t line = 0;
  std::int64_t col = 0;  // 1-based byte column
};
using Row = std::vector<Token>;

bool is_space(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\v' || ch == '\f';
}

struct Lexed {
  std::vector<Row> rows;      // non-blank lines only
  std::int64_t end_line = 1;  // just after the last token of the text
  std::int64_t end_col = 1;
};

// A puzzle has at most 3 * max_size - 1 rows: the reader never looks past one more.
constexpr std::size_t max_rows = 3 * max_size;

Lexed lex(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // UTF-8 byte order mark
  Lexed out;
  std::int64_t line = 1;
  std::int64_t col = 1;
  std::int64_t row_line = 0;  // line of out.rows.back()
  std::size_t i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == '\n') {
      ++line;
      col = 1;
      ++i;
      continue;
    }
    if (is_space(ch)) {
      ++col;
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    const Token t{text.substr(start, i - start), line, col};
    if (row_line != line) {
      if (out.rows.size() == max_rows) break;  // the rest is never read
      out.rows.emplace_back();
      row_line = line;
    }
    out.rows.back().push_back(t);
    col += std::int64_t(i - start);
    out.end_line = line;
    out.end_col = col;
  }
  return out;
}

// A token as it can be shown in a message: printable, and not too long.
std::string shown(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i == 24) {
      out += "...";
      break;
    }
    const auto u = static_cast<unsigned char>(s[i]);
    if (u < 0x20 || u >= 0x7f) out += fmt::format("\\x{:02x}", u);
    else out += s[i];
  }
  return out;
}

std::string entries(std::size_t k) { return fmt::format("{} {}", k, k == 1 ? "entry" : "entries"); }

bool is_sign(std::string_view s) { return s == "<" || s == ">" || s == "^" || s == "v"; }
bool is_number(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

const char* sign_text(Relation r, bool vertical) {
  if (r == Relation::less) return vertical ? "^" : "<";
  return vertical ? "v" : ">";
}

class Reader {
 public:
  Reader(std::string_view text, std::string_view file) : lexed_(lex(text)), file_(file) {}

  Puzzle read() {
    if (lexed_.rows.empty()) fail(1, 1, "empty input: expected N rows of N numbers");
    const Row& first = lexed_.rows.front();
    const int n = int(first.size());
    if (n < min_size || n > max_size)
      fail(first.front(), fmt::format("the first row has {}, so N = {}; N must be {} to {}",
                                      entries(first.size()), n, min_size, max_size));
    p_.n = n;
    p_.givens.assign(std::size_t(n * n), 0);
    p_.right.assign(std::size_t(n * (n - 1)), Relation::none);
    p_.down.assign(std::size_t((n - 1) * n), Relation::none);
    read_grid();
    read_signs(false);
    read_signs(true);
    if (next_ < lexed_.rows.size())
      fail(lexed_.rows[next_].front(),
           fmt::format("unexpected '{}' after the puzzle (it ends with {} rows of vertical signs)",
                       shown(lexed_.rows[next_].front().text), n - 1));
    return std::move(p_);
  }

 private:
  [[noreturn]] void fail(std::int64_t line, std::int64_t col, const std::string& what) const {
    throw solve::InputError(fmt::format("{}:{}:{}: {}", file_, line, col, what));
  }
  [[noreturn]] void fail(const Token& t, const std::string& what) const {
    fail(t.line, t.col, what);
  }

  // The next non-blank line, which must exist. Its width is checked (check_width) after the
  // caller has looked at its tokens, so a wrong token is reported before a wrong width.
  const Row& next_row(const std::string& what) {
    if (next_ == lexed_.rows.size())
      fail(lexed_.end_line, lexed_.end_col,
           fmt::format("unexpected end of input: expected {}", what));
    return lexed_.rows[next_++];
  }
  void check_width(const Row& row, int width, const std::string& what) const {
    if (int(row.size()) > width)
      fail(row[std::size_t(width)],
           fmt::format("{} has {}, expected {}", what, entries(row.size()), width));
    if (int(row.size()) < width) {
      const Token& last = row.back();
      fail(last.line, last.col + std::int64_t(last.text.size()),
           fmt::format("{} has {}, expected {}", what, entries(row.size()), width));
    }
  }

  void read_grid() {
    const int n = p_.n;
    for (int r = 0; r < n; ++r) {
      const std::string what = fmt::format("grid row {} of {}", r + 1, n);
      const Row& row = next_row(what);
      for (int c = 0; c < n && c < int(row.size()); ++c) read_cell(row[std::size_t(c)], r, c, what);
      check_width(row, n, what);
    }
  }

  void read_cell(const Token& t, int r, int c, const std::string& what) {
    const int n = p_.n;
    if (!is_number(t.text))
      fail(t,
           fmt::format("{}: expected a number from 0 to {}, found '{}'{}", what, n, shown(t.text),
                       is_sign(t.text) ? " (a sign: are grid rows missing?)" : ""));
    int v = 0;
    const auto res = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
    if (res.ec != std::errc{} || v > n)
      fail(t, fmt::format("{}: value {} is larger than N = {}", what, shown(t.text), n));
    p_.givens[std::size_t(r * n + c)] = v;
    if (v == 0) return;
    for (int k = 0; k < c; ++k)
      if (p_.given(r, k) == v)
        fail(t, fmt::format("value {} appears twice in row {} (columns {} and {})", v, r + 1, k + 1,
                            c + 1));
    for (int k = 0; k < r; ++k)
      if (p_.given(k, c) == v)
        fail(t, fmt::format("value {} appears twice in column {} (rows {} and {})", v, c + 1, k + 1,
                            r + 1));
  }

  // Horizontal signs (n rows of n-1) or vertical signs (n-1 rows of n).
  void read_signs(bool vertical) {
    const int n = p_.n;
    const int rows = vertical ? n - 1 : n;
    const int width = vertical ? n : n - 1;
    const char* less = vertical ? "^" : "<";
    const char* greater = vertical ? "v" : ">";
    for (int r = 0; r < rows; ++r) {
      const std::string what =
          fmt::format("{} signs row {} of {}", vertical ? "vertical" : "horizontal", r + 1, rows);
      const Row& row = next_row(what);
      for (int c = 0; c < width && c < int(row.size()); ++c) {
        const Token& t = row[std::size_t(c)];
        Relation rel = Relation::none;
        if (t.text == less) rel = Relation::less;
        else if (t.text == greater) rel = Relation::greater;
        else if (t.text != "0")
          fail(t, fmt::format("{}: expected '0', '{}' or '{}', found '{}'{}", what, less, greater,
                              shown(t.text), misplaced_hint(t.text, vertical)));
        (vertical ? p_.down : p_.right)[std::size_t(r * width + c)] = rel;
        if (rel != Relation::none) check_sign(t, rel, r, c, vertical);
      }
      check_width(row, width, what);
    }
  }

  static const char* misplaced_hint(std::string_view s, bool vertical) {
    if (is_sign(s))
      return vertical ? " ('<' and '>' belong in the horizontal signs)"
                      : " ('^' and 'v' belong in the vertical signs)";
    if (is_number(s)) return vertical ? "" : " (a number: too many grid rows?)";
    return "";
  }

  // Two givens on either side of a sign must satisfy it.
  void check_sign(const Token& t, Relation rel, int r, int c, bool vertical) const {
    const int r2 = vertical ? r + 1 : r;
    const int c2 = vertical ? c : c + 1;
    const int a = p_.given(r, c);
    const int b = p_.given(r2, c2);
    if (a == 0 || b == 0) return;
    if ((rel == Relation::less && a < b) || (rel == Relation::greater && a > b)) return;
    fail(t,
         fmt::format("the sign '{}' cannot hold between the givens {} (row {}, column {}) and {} "
                     "(row {}, column {})",
                     sign_text(rel, vertical), a, r + 1, c + 1, b, r2 + 1, c2 + 1));
  }

  Lexed lexed_;
  std::string_view file_;
  std::size_t next_ = 0;  // next row of lexed_ to read
  Puzzle p_;
};

}  // namespace

Puzzle parse_puzzle(std::string_view text, std::string_view file_name) {
  return Reader(text, file_name).read();
}

Puzzle read_puzzle(const std::string& path) {
  const cli::TextFile file = cli::read_text_file(path, text_limits);
  return parse_puzzle(file.text, file.name);
}

bool is_solution(const Puzzle& p, std::span<const int> grid) {
  const int n = p.n;
  if (int(grid.size()) != n * n) return false;
  auto at = [&](int r, int c) { return grid[std::size_t(r * n + c)]; };
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = at(r, c);
      if (v < 1 || v > n) return false;
      if (p.given(r, c) != 0 && p.given(r, c) != v) return false;
      for (int k = 0; k < c; ++k)
        if (at(r, k) == v) return false;
      for (int k = 0; k < r; ++k)
        if (at(k, c) == v) return false;
      if (c + 1 < n) {
        const Relation rel = p.right_of(r, c);
        if (rel == Relation::less && !(v < at(r, c + 1))) return false;
        if (rel == Relation::greater && !(v > at(r, c + 1))) return false;
      }
      if (r + 1 < n) {
        const Relation rel = p.below(r, c);
        if (rel == Relation::less && !(v < at(r + 1, c))) return false;
        if (rel == Relation::greater && !(v > at(r + 1, c))) return false;
      }
    }
  }
  return true;
}

}  // namespace futoshiki
