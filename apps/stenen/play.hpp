#pragma once
// The interactive game: show the board, place stones with the move notation, undo, and ask for
// a solution or the number of solutions from the current position. Reads commands line by line,
// so it works from a terminal and with commands piped in.
#include <cstddef>
#include <iosfwd>
#include <string_view>

#include "board.hpp"
#include "solver.hpp"

namespace stenen {

/// A game in progress: one command line at a time (the harness in fuzz/ drives it this way and
/// checks the board after each one). Whatever the line, the board stays a legal position:
/// a move is made only when legal, undo takes back exactly the last one.
class PlaySession {
 public:
  PlaySession(Board& board, const RunOptions& options, std::ostream& out)
      : board_(board), options_(options), out_(out) {}
  /// Handles one command line; false when the session should end ("quit").
  bool handle(std::string_view line);
  void show();

 private:
  void place(std::string_view text);
  void solve();
  void count();
  void undo();
  void list_moves();
  void list_stones();

  Board& board_;
  const RunOptions& options_;
  std::ostream& out_;
};

/// Command lines longer than this are refused unread: play() ends with an InputError.
inline constexpr std::size_t max_command_length = 4096;

/// Runs commands from `in` until "quit" or the end of the input; returns the exit status (0).
/// Throws solve::InputError for a line over max_command_length or a NUL byte (cli::LineInput).
/// echo: repeat each command after a "> " prompt (for piped input, so the transcript reads well);
/// otherwise print a "stenen> " prompt.
int play(Board& board, const RunOptions& options, std::istream& in, std::ostream& out, bool echo);

}  // namespace stenen
