#pragma once
// A puzzle file: the stones, and for cap_puzzle files the board. Two formats, told apart by
// their first character:
//
//   Leiden ("Stenen leggen")          cap_puzzle
//   2            number of stones     [4,3]        board: columns, rows
//   2 3          rows, columns        (3,2)[L]     piece: columns, rows, letter
//   X..          one row per line     1 1 1        one row per line, 0/1 per column
//   XXX                               1 0 0
//   ...                               ...
//
// In the Leiden format the stones must cover the board exactly and a stone's description has no
// empty border rows or columns; cap_puzzle pieces may leave cells empty, and empty rows or
// columns around a piece are dropped (and a piece may be in several parts, as in cap_puzzle). Every error is a solve::InputError "FILE:LINE[:COL]: what is wrong".
#include <string>
#include <string_view>
#include <vector>

#include "common/text_file.hpp"
#include "shape.hpp"

namespace stenen {

enum class Format { leiden, cap_puzzle };

/// The statement's bounds: 1 <= stones <= 20, stone boxes up to 5x5 (Leiden format), board
/// sides 2..20. --no-limits lifts them (sizes are then only kept sane).
struct Limits {
  bool enforce = true;
};

struct Puzzle {
  Format format = Format::leiden;
  std::string source;          ///< file name, for messages
  std::vector<Stone> stones;   ///< numbered 1, 2, ... in file order
  int rows = 0;                ///< board from the file (cap_puzzle); 0 in the Leiden format
  int cols = 0;

  /// Cells the stones cover together.
  int area() const;
  /// The stone with this number or cap_puzzle letter ("3", "A"), or nullptr.
  const Stone* find(std::string_view name) const;
};

/// A puzzle file may have 4 MiB, a line 64 KiB (read_puzzle refuses larger ones unread).
inline constexpr cli::TextLimits text_limits{4 << 20, 64 << 10, "a stenen puzzle"};

/// Parses a whole file's text; source names it in messages.
Puzzle parse_puzzle(std::string_view text, const std::string& source, Limits limits = {});
/// Reads and parses a file (InputError if it cannot be read or is over text_limits).
Puzzle read_puzzle(const std::string& path, Limits limits = {});

/// Checks a board for the puzzle: side bounds, and that the stones fit it (cover it exactly in
/// the Leiden format). Throws InputError naming the file.
void check_board(const Puzzle& puzzle, int rows, int cols, Limits limits = {});

namespace detail {
Puzzle parse_leiden(std::string_view text, const std::string& source, Limits limits);
Puzzle parse_cap_puzzle(std::string_view text, const std::string& source, Limits limits);
/// Checks a stone's picture (no empty border row or column; connected unless told otherwise);
/// `what` names it.
void check_shape(const Shape& shape, const std::string& where, const std::string& what,
                 bool must_connect = true);
}  // namespace detail

}  // namespace stenen
