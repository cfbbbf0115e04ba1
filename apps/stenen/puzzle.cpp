#include "puzzle.hpp"

#include <algorithm>
#include <cctype>

#include <solve/error.hpp>

namespace stenen {

int Puzzle::area() const {
  int a = 0;
  for (const Stone& s : stones) a += s.size();
  return a;
}

const Stone* Puzzle::find(std::string_view name) const {
  for (const Stone& s : stones)
    if (s.name() == name) return &s;
  return nullptr;
}

Puzzle parse_puzzle(std::string_view text, const std::string& source, Limits limits) {
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (c == '[') return detail::parse_cap_puzzle(text, source, limits);
    if (c >= '0' && c <= '9') return detail::parse_leiden(text, source, limits);
    break;
  }
  int line = 1;
  for (char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) break;
    line += c == '\n';
  }
  throw solve::InputError(source + ":" + std::to_string(line) +
                          ": not a puzzle: expected the number of stones (Leiden format) or "
                          "'[columns,rows]' (cap_puzzle format)");
}

Puzzle read_puzzle(const std::string& path, Limits limits) {
  const cli::TextFile file = cli::read_text_file(path, text_limits);
  return parse_puzzle(file.text, file.name, limits);
}

void check_board(const Puzzle& p, int rows, int cols, Limits limits) {
  const std::string size = std::to_string(rows) + "x" + std::to_string(cols);
  const int hi = limits.enforce ? 20 : 1000;
  if (rows < 2 || cols < 2 || rows > hi || cols > hi)
    throw solve::InputError(p.source + ": board " + size + ": each side must be 2.." +
                            std::to_string(hi) +
                            (limits.enforce ? " (--no-limits lifts the upper bound)" : ""));
  const int area = rows * cols;
  if (p.format == Format::leiden && p.area() != area)
    throw solve::InputError(p.source + ": the stones cover " + std::to_string(p.area()) +
                            " cells, the board " + size + " has " + std::to_string(area));
  if (p.area() > area)
    throw solve::InputError(p.source + ": the pieces cover " + std::to_string(p.area()) +
                            " cells, more than the " + std::to_string(area) + " of the board " +
                            size);
  if (const std::uint64_t cells = placement_cells(p, rows, cols); cells > max_placement_cells)
    throw solve::InputError(p.source + ": too big to search on the board " + size +
                            ": the placements of the stones cover " + std::to_string(cells) +
                            " cells in all, stenen stops at " +
                            std::to_string(max_placement_cells) +
                            " (a smaller board, or fewer stones)");
}

std::uint64_t placement_cells(const Puzzle& p, int rows, int cols) {
  std::uint64_t total = 0;
  for (const Stone& s : p.stones)
    for (int o = 0; o < num_orientations; ++o) {
      const Shape& shape = s.orientation[std::size_t(o)];
      if (!s.distinct(o) || shape.rows > rows || shape.cols > cols) continue;
      // At most 1000 x 1000 positions of at most 10^6 cells: no overflow.
      total += std::uint64_t(rows - shape.rows + 1) * std::uint64_t(cols - shape.cols + 1) *
               std::uint64_t(s.size());
      total = std::min(total, std::uint64_t(1) << 62);
    }
  const std::uint64_t area = std::uint64_t(rows) * std::uint64_t(cols),
                      stones = std::uint64_t(p.area());
  if (stones < area && area - stones <= std::uint64_t(max_hole_stones))
    total += (area - stones) * area;
  return total;
}

bool valid_letter(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isgraph(u) && !std::isdigit(u) &&
         std::string_view(".,()[]+-").find(c) == std::string_view::npos;
}

namespace detail {

void check_shape(const Shape& s, const std::string& where, const std::string& what,
                 bool must_connect) {
  bool top = false, bottom = false, left = false, right = false;
  for (Cell c : s.cells) {
    top |= c.row == 0;
    bottom |= c.row == s.rows - 1;
    left |= c.col == 0;
    right |= c.col == s.cols - 1;
  }
  const char* empty = s.cells.empty() ? "covers no cell"
                      : !top          ? "has an empty first row"
                      : !bottom       ? "has an empty last row"
                      : !left         ? "has an empty first column"
                      : !right        ? "has an empty last column"
                                      : nullptr;
  if (empty)
    throw solve::InputError(where + ": " + what + " " + empty +
                            " (its description must fit the stone exactly)");
  if (must_connect && !connected(s))
    throw solve::InputError(where + ": " + what +
                            " is not connected (its cells must touch side by side)");
}

}  // namespace detail

}  // namespace stenen
