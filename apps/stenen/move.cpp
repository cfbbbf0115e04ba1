#include "move.hpp"

#include <cctype>
#include <optional>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "puzzle.hpp"

namespace stenen {

std::string to_string(const Move& m, const Puzzle* puzzle) {
  std::string stone = std::to_string(m.stone);
  if (puzzle && puzzle->format == Format::cap_puzzle && m.stone >= 1 &&
      m.stone <= int(puzzle->stones.size()))
    stone = puzzle->stones[std::size_t(m.stone - 1)].name();
  return fmt::format("({},{},{},{})", m.row, m.col, stone, m.orient);
}

namespace {

class MoveScanner {
 public:
  MoveScanner(std::string_view text, const Puzzle& p, std::string_view source)
      : text_(text), puzzle_(p), source_(source) {}

  std::vector<Move> all() {
    std::vector<Move> moves;
    while (skip(true), pos_ < text_.size()) moves.push_back(one());
    return moves;
  }

 private:
  Move one() {
    expect('(');
    Move m;
    m.row = number("the row");
    expect(',');
    m.col = number("the column");
    expect(',');
    m.stone = stone();
    expect(',');
    m.orient = number("the orientation");
    expect(')');
    return m;
  }
  int stone() {
    skip(false);
    if (pos_ < text_.size() && valid_letter(text_[pos_]) && puzzle_.format == Format::cap_puzzle) {
      const Stone* s = puzzle_.find(text_.substr(pos_, 1));
      if (!s) fail("no piece '" + std::string(1, text_[pos_]) + "' in " + puzzle_.source);
      ++pos_;
      return s->number;
    }
    return number("the stone number");
  }
  int number(const char* what) {
    skip(false);
    const std::size_t start = pos_;
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
    std::size_t digits = 0;
    long v = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      if (++digits > 6) fail(std::string(what) + " has too many digits");
      v = v * 10 + (text_[pos_++] - '0');
    }
    if (digits == 0) {
      pos_ = start;
      fail(std::string("expected ") + what + " (a number)");
    }
    return int(text_[start] == '-' ? -v : v);
  }
  void expect(char c) {
    skip(false);
    if (pos_ >= text_.size() || text_[pos_] != c)
      fail(std::string("expected '") + c + "' in a move (row,col,stone,orient)");
    ++pos_;
  }
  // Blanks, and between moves also commas.
  void skip(bool between) {
    while (pos_ < text_.size() && (std::isspace(static_cast<unsigned char>(text_[pos_])) ||
                                   (between && text_[pos_] == ',')))
      ++pos_;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw solve::InputError(std::string(source_) + ":1:" + std::to_string(pos_ + 1) + ": " + what);
  }

  std::string_view text_;
  const Puzzle& puzzle_;
  std::string_view source_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<Move> parse_moves(std::string_view text, const Puzzle& puzzle,
                              std::string_view source) {
  return MoveScanner(text, puzzle, source).all();
}

}  // namespace stenen
