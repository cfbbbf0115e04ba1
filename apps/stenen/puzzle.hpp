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
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/text_file.hpp"
#include "shape.hpp"

namespace stenen {

enum class Format { leiden, cap_puzzle };

/// The statement's bounds: 1 <= stones <= 20, stone boxes up to 5x5 (Leiden format), board
/// sides 2..20. --no-limits lifts them; the hard caps below still hold.
struct Limits {
  bool enforce = true;
};

/// Hard caps, with or without limits, so that memory stays bounded whatever the input:
/// board sides, stone boxes and the number of stones...
inline constexpr int sane_side = 1000;
/// ...the cells of all stones together (no board has more)...
inline constexpr int sane_cells = sane_side * sane_side;
/// ...and the exact-cover model: cells over all placements of all stones on the empty board
/// (placement_cells). The statement's bounds stay under 1.3 million; the model takes about
/// 60 bytes per placement cell.
inline constexpr std::uint64_t max_placement_cells = 4'000'000;

/// A cap_puzzle board with at most this many cells left empty gets one-cell "hole" stones
/// (see model.hpp); with more, its cells become secondary items.
inline constexpr int max_hole_stones = 4;

struct Puzzle {
  Format format = Format::leiden;
  std::string source;         ///< file name, for messages
  std::vector<Stone> stones;  ///< numbered 1, 2, ... in file order
  int rows = 0;               ///< board from the file (cap_puzzle); 0 in the Leiden format
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

/// Checks a board for the puzzle: side bounds, that the stones fit it (cover it exactly in
/// the Leiden format), and that the model stays within max_placement_cells. Throws InputError
/// naming the file.
void check_board(const Puzzle& puzzle, int rows, int cols, Limits limits = {});

/// The size of the exact-cover model of the empty rows x cols board: the cells of every
/// placement of every stone (distinct orientations, every position), and of the one-cell
/// holes that a cap_puzzle board with a few cells left empty gets. Does not overflow.
std::uint64_t placement_cells(const Puzzle& puzzle, int rows, int cols);

/// True for a character that can be a cap_puzzle piece's letter: printable, and not one that a
/// board or a move uses otherwise (digits, '.', ',', '(', ')', '[', ']', '+', '-').
bool valid_letter(char c);

namespace detail {
Puzzle parse_leiden(std::string_view text, const std::string& source, Limits limits);
Puzzle parse_cap_puzzle(std::string_view text, const std::string& source, Limits limits);
/// Checks a stone's picture (no empty border row or column; connected unless told otherwise);
/// `what` names it.
void check_shape(const Shape& shape, const std::string& where, const std::string& what,
                 bool must_connect = true);
}  // namespace detail

}  // namespace stenen
