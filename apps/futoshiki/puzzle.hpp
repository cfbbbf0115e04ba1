#pragma once
// A Futoshiki puzzle as read from the course's text format, and the reader for that format.
//
// Format (whitespace-separated tokens, one row per non-blank line; blank lines, CR, tabs and
// trailing spaces are ignored, the final newline is optional):
//   N rows of N numbers     the grid: 0 = blank, else a given 1..N
//   N rows of N-1 symbols   horizontal neighbours: 0 none, < left < right, > left > right
//   N-1 rows of N symbols   vertical neighbours: 0 none, ^ upper < lower, v upper > lower
// N is the number of tokens on the first row (2..128).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/text_file.hpp"

namespace futoshiki {

/// The relation between a cell and its right (or lower) neighbour.
enum class Relation : std::uint8_t {
  none,     ///< no sign
  less,     ///< this cell < neighbour ('<' or '^')
  greater,  ///< this cell > neighbour ('>' or 'v')
};

/// Smallest and largest supported sides.
inline constexpr int min_size = 2;
inline constexpr int max_size = 128;

/// A puzzle file may have 1 MiB, a line 16 KiB (a 128 x 128 puzzle has about 200 KiB, and rows
/// of 512 bytes); larger ones are refused before they are read to the end.
inline constexpr cli::TextLimits text_limits{1 << 20, 16 << 10, "a futoshiki puzzle"};

struct Puzzle {
  int n = 0;
  std::vector<int> givens;      ///< n*n, row-major; 0 = blank
  std::vector<Relation> right;  ///< n*(n-1): cell (r,c) versus (r,c+1), at r*(n-1)+c
  std::vector<Relation> down;   ///< (n-1)*n: cell (r,c) versus (r+1,c), at r*n+c

  int given(int r, int c) const { return givens[std::size_t(r * n + c)]; }
  Relation right_of(int r, int c) const { return right[std::size_t(r * (n - 1) + c)]; }
  Relation below(int r, int c) const { return down[std::size_t(r * n + c)]; }
};

/// Reads a puzzle from text. Throws solve::InputError "FILE:LINE:COL: what is wrong" when the
/// text is malformed: wrong number of rows or row width, a symbol out of place, a number out of
/// range or not a number, givens that contradict each other (a value twice in a row or column,
/// two givens breaking their sign), trailing text after the last row, an empty text.
/// file_name is only used in messages.
Puzzle parse_puzzle(std::string_view text, std::string_view file_name);

/// Reads the file at path ("-" reads standard input, named "<stdin>" in messages) within
/// text_limits. Throws solve::InputError when it cannot be read, is too large or malformed.
Puzzle read_puzzle(const std::string& path);

/// True when grid (n*n values, row-major) fills the puzzle correctly: every value in 1..n,
/// rows and columns without repeats, givens kept, every sign satisfied. Independent of
/// libsolve, so tests can trust it.
bool is_solution(const Puzzle& p, std::span<const int> grid);

}  // namespace futoshiki
