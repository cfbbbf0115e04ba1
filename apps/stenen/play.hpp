#pragma once
// The interactive game: show the board, place stones with the move notation, undo, and ask for
// a solution or the number of solutions from the current position. Reads commands line by line,
// so it works from a terminal and with commands piped in.
#include <iosfwd>

#include "board.hpp"
#include "solver.hpp"

namespace stenen {

/// Runs commands from `in` until "quit" or the end of the input; returns the exit status (0).
/// echo: repeat each command after a "> " prompt (for piped input, so the transcript reads well);
/// otherwise print a "stenen> " prompt.
int play(Board& board, const RunOptions& options, std::istream& in, std::ostream& out, bool echo);

}  // namespace stenen
