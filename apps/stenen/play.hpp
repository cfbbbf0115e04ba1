#pragma once
// The interactive game: show the board, place stones with the move notation, undo, and ask for
// a solution or the number of solutions from the current position. Reads commands line by line,
// so it works from a terminal and with commands piped in.
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string_view>
#include <utility>

#include "board.hpp"
#include "solver.hpp"

namespace stenen {

/// What a session knows of the terminal (the defaults suit piped input and the fuzz harness).
struct Screen {
  /// Columns for the stone pictures (read at each `stones`: the window may change); empty: 80.
  std::function<int()> width;
  /// Called when a search (solve, count) ends, before its answer: erases the progress line.
  std::function<void()> search_done;
};

/// A game in progress: one command line at a time (the harness in fuzz/ drives it this way and
/// checks the board after each one). Whatever the line, the board stays a legal position:
/// a move is made only when legal, undo takes back exactly the last one.
class PlaySession {
 public:
  PlaySession(Board& board, const RunOptions& options, std::ostream& out, Screen screen = {})
      : board_(board), options_(options), out_(out), screen_(std::move(screen)) {}
  /// Handles one command line; false when the session should end ("quit").
  bool handle(std::string_view line);
  void show();
  /// When every stone is on the board: says so, with the moves and what can be done next.
  void say_if_solved();

 private:
  void place(std::string_view text);
  void solve();
  void count();
  void undo();
  void list_moves();
  void list_stones(std::string_view names);
  int width() const;
  void search_done() const;

  Board& board_;
  const RunOptions& options_;
  std::ostream& out_;
  Screen screen_;
};

/// Command lines longer than this are refused unread: play() ends with an InputError.
inline constexpr std::size_t max_command_length = 4096;

/// How play() reads its commands.
struct PlayInput {
  /// Repeat each command after a "> " prompt (for piped input, so the transcript reads well);
  /// otherwise prompt with "stenen> ".
  bool echo = false;
  /// Read from the terminal with line editing and history (LineEditor), not from `in`; only
  /// when line_editing_available() and both standard input and output are a terminal.
  bool edit = false;
  Screen screen;
};

/// Runs commands from `in` until "quit" or the end of the input; returns the exit status (0).
/// Throws solve::InputError for a line over max_command_length or a NUL byte (cli::LineInput;
/// an edited line that long is refused with a message and the session goes on).
int play(Board& board, const RunOptions& options, std::istream& in, std::ostream& out,
         PlayInput how);

}  // namespace stenen
