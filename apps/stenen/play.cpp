#include "play.hpp"

#include <istream>
#include <ostream>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "common/interrupt.hpp"
#include "common/report.hpp"
#include "common/text_file.hpp"
#include "print.hpp"
#include "solve/error.hpp"
#include "text_reader.hpp"

namespace stenen {

namespace {

const char* const help_text =
    "commands:\n"
    "  (row,col,stone,orient)  place a stone: (row,col) is the top-left cell of its box,\n"
    "                          orient 0-3 = turned 0/90/180/270 degrees clockwise, 4-7 = mirrored\n"
    "                          upside down, then turned the same way (also: place (r,c,s,o))\n"
    "  undo                    take back the last stone\n"
    "  show                    show the board\n"
    "  moves                   the stones placed so far, in move notation\n"
    "  stones                  the stones still to place\n"
    "  solve                   a solution from this position (the board stays as it is)\n"
    "  count                   the number of solutions from this position\n"
    "  help                    this text\n"
    "  quit                    leave (so does the end of the input)\n";

/// The first word of a line and the rest after it.
std::pair<std::string_view, std::string_view> split_command(std::string_view line) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; };
  std::size_t start = 0;
  while (start < line.size() && blank(line[start])) ++start;
  std::size_t end = start;
  while (end < line.size() && !blank(line[end])) ++end;
  return {line.substr(start, end - start), line.substr(end)};
}

}  // namespace

bool PlaySession::handle(std::string_view line) {
  const auto [cmd, rest] = split_command(line);
  if (cmd.empty()) return true;
  if (cmd == "quit" || cmd == "exit" || cmd == "q") return false;
  if (cmd == "help" || cmd == "?") out_ << help_text;
  else if (cmd == "show" || cmd == "board") show();
  else if (cmd == "undo") undo();
  else if (cmd == "moves") list_moves();
  else if (cmd == "stones") list_stones();
  else if (cmd == "solve") solve();
  else if (cmd == "count") count();
  else if (cmd == "place" || cmd == "move") place(rest);
  else if (cmd[0] == '(') place(line);
  else out_ << "unknown command " << detail::shown(cmd) << " (type help)\n";
  return true;
}

void PlaySession::show() { out_ << board_text(board_.puzzle(), board_.cols(), board_.grid()); }

void PlaySession::place(std::string_view text) {
  std::vector<Move> moves;
  try {
    moves = parse_moves(text, board_.puzzle(), "move");
  } catch (const solve::InputError& e) {
    out_ << "not a move: " << e.what() << " (write (row,col,stone,orient))\n";
    return;
  }
  if (moves.empty()) out_ << "place what? write (row,col,stone,orient)\n";
  for (const Move& m : moves) {
    if (auto why = board_.place(m)) {
      out_ << "illegal move " << to_string(m, &board_.puzzle()) << ": " << *why << "\n";
      return;
    }
  }
  if (!moves.empty()) show();
}

// Ctrl-C during solve or count stops that search, not the session.
void PlaySession::solve() {
  const cli::InterruptGuard ctrl_c;
  const SolveResult r = find_solution(board_, options_);
  if (!r.grid && cli::cut_short(r.stop))
    out_ << "stopped by " << cli::stop_cause(r.stop) << " before any solution was found\n";
  else
    out_ << solve_text(board_, r);
}

void PlaySession::count() {
  const cli::InterruptGuard ctrl_c;
  const CountResult r = count_solutions(board_, options_);
  out_ << count_text(r);
  if (cli::cut_short(r.stop)) out_ << "stopped by " << cli::stop_cause(r.stop) << ": the count is incomplete\n";
}

void PlaySession::undo() {
  if (board_.moves().empty()) {
    out_ << "nothing to undo\n";
    return;
  }
  out_ << "took back " << to_string(board_.moves().back(), &board_.puzzle()) << "\n";
  board_.undo();
  show();
}

void PlaySession::list_moves() {
  std::string s;
  for (const Move& m : board_.moves()) s += fmt::format(" {}", to_string(m, &board_.puzzle()));
  out_ << "moves:" << (s.empty() ? " none" : s) << "\n";
}

void PlaySession::list_stones() {
  std::string s;
  for (const Stone& st : board_.puzzle().stones)
    if (!board_.used(st.number)) s += fmt::format(" {}", st.name());
  out_ << "stones left:" << (s.empty() ? " none" : s) << "\n";
}

int play(Board& board, const RunOptions& options, std::istream& in, std::ostream& out, bool echo) {
  PlaySession session(board, options, out);
  out << "board " << board.rows() << "x" << board.cols() << ", " << board.puzzle().stones.size()
      << " stones; type help for the commands\n";
  session.show();
  std::string line;
  // A line over max_command_length or a NUL byte ends the session (exit 2, cli::guarded):
  // /dev/zero is refused at once, a long line is never stored.
  cli::LineInput commands(in, "<stdin>", {0, max_command_length, "a command"});
  while (true) {
    out << (echo ? "> " : "stenen> ") << std::flush;
    if (!commands.next(line)) {
      out << "\n";
      break;
    }
    if (echo) out << line << "\n";
    if (!session.handle(line)) break;
  }
  return 0;
}

}  // namespace stenen
