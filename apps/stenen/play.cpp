#include "play.hpp"

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "common/interrupt.hpp"
#include "common/report.hpp"
#include "common/text_file.hpp"
#include "line_editor.hpp"
#include "print.hpp"
#include "text_reader.hpp"

namespace stenen {

namespace {

// One line per command (the orientations in a note under them).
const char* const help_text =
    "commands:\n"
    "  (row,col,stone,orient)    place a stone, the top-left of its box at (row,col)\n"
    "  place (row,col,...)       the same\n"
    "  undo                      take back the last stone\n"
    "  show                      show the board\n"
    "  moves                     the stones placed so far, in move notation\n"
    "  stones                    draw the stones still to place\n"
    "  stones S, orientations S  draw stone S in each orientation, under its numbers\n"
    "  solve                     a solution from this position (the board stays)\n"
    "  count                     the number of solutions from this position\n"
    "  help                      this list\n"
    "  quit                      leave (so does the end of the input, or Ctrl-D)\n"
    "orient: 0-3 turned 0/90/180/270 degrees clockwise, 4-7 upside down, then turned\n";

/// " 1 2 3" or " A B W": every stone's name.
std::string stone_names(const Puzzle& puzzle) {
  std::string all;
  for (const Stone& st : puzzle.stones) all += fmt::format(" {}", st.name());
  return all;
}

/// What Tab completes at the start of a line.
std::vector<std::string> command_words() {
  return {"place",        "undo",  "show",  "moves", "stones",
          "orientations", "solve", "count", "help",  "quit"};
}

/// The first word of a line and the rest after it.
std::pair<std::string_view, std::string_view> split_command(std::string_view line) {
  const auto blank = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
  };
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
  else if (cmd == "orientations" && split_command(rest).first.empty())
    out_ << "orientations of which stone? e.g. orientations "
         << board_.puzzle().stones.front().name() << "\n";
  else if (cmd == "stones" || cmd == "orientations") list_stones(rest);
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
  if (moves.empty()) return;
  show();
  say_if_solved();
}

void PlaySession::say_if_solved() {
  if (board_.moves().size() != board_.puzzle().stones.size()) return;
  out_ << "solved: all " << board_.moves().size() << " stones are on the board\n";
  list_moves();
  out_ << "undo takes back the last stone to look for another way; quit leaves\n";
}

int PlaySession::width() const { return screen_.width ? screen_.width() : 80; }

void PlaySession::search_done() const {
  if (screen_.search_done) screen_.search_done();
}

// Ctrl-C during solve or count stops that search, not the session.
void PlaySession::solve() {
  const cli::InterruptGuard ctrl_c;
  const SolveResult r = find_solution(board_, options_);
  search_done();
  if (!r.grid && cli::cut_short(r.stop))
    out_ << "stopped by " << cli::stop_cause(r.stop) << " before any solution was found\n";
  else out_ << solve_text(board_, r);
}

void PlaySession::count() {
  const cli::InterruptGuard ctrl_c;
  const CountResult r = count_solutions(board_, options_);
  search_done();
  out_ << count_text(r);
  if (cli::cut_short(r.stop))
    out_ << "stopped by " << cli::stop_cause(r.stop) << ": the count is incomplete\n";
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

// "stones": the stones left, drawn; "stones 3 A": those stones in each orientation.
void PlaySession::list_stones(std::string_view names) {
  bool any = false;
  for (auto [name, rest] = split_command(names); !name.empty();
       std::tie(name, rest) = split_command(rest)) {
    any = true;
    if (const Stone* s = board_.puzzle().find(name)) out_ << orientations_text(board_, *s, width());
    else
      out_ << "no stone " << detail::shown(name) << ": the stones are"
           << stone_names(board_.puzzle()) << "\n";
  }
  if (!any) out_ << stones_text(board_, width());
}

int play(Board& board, const RunOptions& options, std::istream& in, std::ostream& out,
         PlayInput how) {
  PlaySession session(board, options, out, std::move(how.screen));
  out << "board " << board.rows() << "x" << board.cols() << ", " << board.puzzle().stones.size()
      << " stones; type help for the commands, stones to see them\n";
  session.show();
  session.say_if_solved();
  std::string line;
  if (how.edit && line_editing_available()) {
    // A whole line is read before its length is known: one too long is refused, the session
    // goes on.
    LineEditor editor(command_words());
    while (true) {
      out << std::flush;  // the editor writes its prompt through stdio
      const std::optional<std::string> read = editor.read("stenen> ");
      if (!read) {
        out << "\n";
        break;
      }
      if (read->size() > max_command_length)
        out << "line longer than " << cli::size_text(max_command_length)
            << ": too long for a command, ignored\n";
      else if (!session.handle(*read)) break;
    }
    return 0;
  }
  // A line over max_command_length or a NUL byte ends the session (exit 2, cli::guarded):
  // /dev/zero is refused at once, a long line is never stored.
  cli::LineInput commands(in, "<stdin>", {0, max_command_length, "a command"});
  while (true) {
    out << (how.echo ? "> " : "stenen> ") << std::flush;
    if (!commands.next(line)) {
      out << "\n";
      break;
    }
    if (how.echo) out << line << "\n";
    if (!session.handle(line)) break;
  }
  return 0;
}

}  // namespace stenen
