#pragma once
// Cuts FlatZinc text into tokens. Keywords (var, array, constraint, ...) come out as
// identifiers; the parser tells them apart. Comments (% to the end of the line) and white
// space are skipped. Errors are InputErrors "FILE:LINE:COL: message".
#include <cstdint>
#include <string>
#include <string_view>

#include "ast.hpp"

namespace fzn {

struct Token {
  enum class Kind : std::uint8_t {
    end,       ///< end of the text
    ident,     ///< [A-Za-z_][A-Za-z0-9_]* (text)
    integer,   ///< decimal, 0x hex or 0o octal, with an optional leading '-' (i)
    floating,  ///< 1.5, -2.0e3, 1e9 (f)
    string,    ///< "..." with escapes resolved (text)
    lparen,
    rparen,
    lbracket,
    rbracket,
    lbrace,
    rbrace,
    comma,
    semicolon,
    colon,
    coloncolon,
    dotdot,
    equals,
  };
  Kind kind = Kind::end;
  Pos pos;
  std::string text;
  std::int64_t i = 0;
  double f = 0;
};

/// A short name for a token kind in messages: "identifier", "';'", ...
const char* describe(Token::Kind k);

class Lexer {
 public:
  /// text must outlive the lexer; file names the source in messages.
  Lexer(std::string_view text, std::string file);
  /// The next token (Kind::end at the end, repeatedly).
  Token next();
  /// Throws InputError "file:line:col: message".
  [[noreturn]] void fail(Pos at, std::string_view message) const;
  const std::string& file() const { return file_; }
  /// The commas ahead before the ']' that closes the array being read (those of set literals,
  /// of elements a[i] and of comments not counted), read from the text without moving: an
  /// array's size before its items, for an exact reservation. Stops at a '"' (not FlatZinc
  /// there). Only a hint: a malformed text gives some count, and the reader decides.
  std::uint64_t items_ahead() const;

 private:
  void skip_space();
  Token number(Pos at);
  Token string_literal(Pos at);
  char peek(std::size_t ahead = 0) const {
    return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0';
  }
  void advance();  // one character, keeping line/col

  std::string_view text_;
  std::string file_;
  std::size_t at_ = 0;
  Pos pos_;
};

}  // namespace fzn
