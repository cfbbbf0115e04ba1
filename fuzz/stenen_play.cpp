// Fuzzes the `play` command language: a puzzle, a line "%%", for a Leiden puzzle a line "H B"
// with the board, then command lines as a player types them.
// seeds: tests/data/stenen/play
// sources: tests/stenen/brute_force.cpp
//
// Oracles beyond "no crash" (stenen_oracle.hpp), after every command: the position is legal
// (its moves replayed give its board); its moves written in move notation read back to the
// same position; after `solve` or `count` on a board of up to 20 cells, every method counts
// the same from the position (equal to the brute force up to 16 cells) and solutions are covers.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "play.hpp"
#include "stenen_oracle.hpp"
#include "text_reader.hpp"

namespace {

using namespace stenen;

/// The moves in move notation, read back and replayed on an empty board.
void check_moves_read_back(const Board& b) {
  std::string text;
  for (const Move& m : b.moves()) text += to_string(m, &b.puzzle()) + " ";
  Board again(b.puzzle(), b.rows(), b.cols());
  try {
    for (const Move& m : parse_moves(text, b.puzzle()))
      if (again.place(m)) fuzz::fail("a move made in play is refused when read back");
  } catch (const solve::InputError&) {
    fuzz::fail("the moves made in play do not read back");
  }
  if (again.grid() != b.grid() || again.moves() != b.moves())
    fuzz::fail("the moves read back to another position");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t split = input.find("\n%%\n");
  if (split == std::string_view::npos) return 0;
  std::optional<Puzzle> puzzle;
  try {
    puzzle = parse_puzzle(input.substr(0, split + 1), "fuzz");
  } catch (const solve::InputError&) {
    return 0;
  }
  detail::TextReader commands(input.substr(split + 4), "commands");
  int rows = puzzle->rows, cols = puzzle->cols;
  if (puzzle->format == Format::leiden) {
    std::istringstream board(std::string(commands.next_line().value_or("")));
    if (!(board >> rows >> cols)) return 0;
  }
  try {
    check_board(*puzzle, rows, cols);
  } catch (const solve::InputError&) {
    return 0;
  }
  Board board(*puzzle, rows, cols);
  // Searches are what costs: a few per input, each cut at 2000 positions, keep the harness at
  // hundreds of inputs a second rather than a handful.
  const std::uint64_t max_nodes = 2000;
  int searches_left = 3;
  const RunOptions options{.method = Method::fast, .max_nodes = max_nodes};
  std::ostringstream out;
  PlaySession session(board, options, out);
  while (const auto line = commands.next_line()) {
    if (line->size() > max_command_length) continue;  // play() refuses such lines unread
    const std::string_view word = line->substr(0, line->find_first_of(" \t\r"));
    const bool search = word == "solve" || word == "count";
    if (search && searches_left-- <= 0) continue;
    const bool going = session.handle(*line);
    fuzz::check_position(board);
    check_moves_read_back(board);
    if (search && rows * cols <= 20) {
      std::optional<test::Reference> ref;
      if (rows * cols <= 16) ref = test::brute_force(*puzzle, rows, cols, board.grid(), 500);
      fuzz::check_methods(board, max_nodes, ref ? &*ref : nullptr);
    }
    if (!going) break;
    out.str("");
  }
  return 0;
}
