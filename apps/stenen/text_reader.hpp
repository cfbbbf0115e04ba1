#pragma once
// Reads a text line by line, or as whitespace-separated tokens, remembering where each token
// is so that errors can say FILE:LINE:COL. It walks the text once and keeps no copy or index
// of it: memory does not grow with the number of lines.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace stenen::detail {

class TextReader {
 public:
  struct Token {
    std::string_view text;
    std::size_t line = 0;  ///< from 1
    std::size_t col = 0;   ///< from 1
  };

  TextReader(std::string_view text, std::string source);

  /// The next line without its line end (CR LF and LF both accepted), or nullopt at the end.
  std::optional<std::string_view> next_line();
  /// The number of the line next_line() (or next()) reached last: from 1, 0 before the first;
  /// at the end of the text, the number of lines.
  std::size_t line() const { return line_; }

  /// The next token, or nullopt at the end of the text.
  std::optional<Token> next();
  /// The next token that must be there: `what` says what was expected, for the message.
  Token expect(std::string_view what);
  /// The next token as an integer (a token with anything but digits fails).
  int expect_int(std::string_view what, Token* where = nullptr);

  const std::string& source() const { return source_; }
  /// "FILE:LINE:COL" (or "FILE:LINE" when col is 0).
  std::string where(std::size_t line, std::size_t col = 0) const;
  /// Throws solve::InputError "FILE:LINE[:COL]: message".
  [[noreturn]] void fail(std::size_t line, std::size_t col, const std::string& message) const;

 private:
  std::string_view rest_;     // the text after the current line
  std::string_view current_;  // the current line (of next())
  std::string source_;
  std::size_t line_ = 0;
  std::size_t col_ = 0;  // next()'s cursor in the current line
};

/// Text from the input for a message: quoted, cut after 40 characters, bytes that are not
/// printable ASCII written as \xNN.
std::string shown(std::string_view text);

/// The integer in `text` if it is only digits (at most 9 of them).
std::optional<int> to_int(std::string_view text);

}  // namespace stenen::detail
