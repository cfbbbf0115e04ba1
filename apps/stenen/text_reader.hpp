#pragma once
// Reads a text file as lines and as whitespace-separated tokens, remembering where each token
// is so that errors can say FILE:LINE:COL.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stenen::detail {

class TextReader {
 public:
  struct Token {
    std::string_view text;
    int line = 0;  ///< from 1
    int col = 0;   ///< from 1
  };

  TextReader(std::string_view text, std::string source);

  /// The next token, or nullopt at the end of the text.
  std::optional<Token> next();
  /// The next token that must be there: `what` says what was expected, for the message.
  Token expect(std::string_view what);
  /// The next token as an integer (a token with anything but digits fails).
  int expect_int(std::string_view what, Token* where = nullptr);
  /// Lines of the text without their line ends (CR LF and LF both accepted).
  const std::vector<std::string_view>& lines() const { return lines_; }
  const std::string& source() const { return source_; }
  /// "FILE:LINE:COL" (or "FILE:LINE" when col is 0).
  std::string where(int line, int col = 0) const;
  /// Throws solve::InputError "FILE:LINE[:COL]: message".
  [[noreturn]] void fail(int line, int col, const std::string& message) const;

 private:
  std::vector<std::string_view> lines_;
  std::string source_;
  std::size_t line_ = 0;  // cursor of next(): line index and column
  std::size_t col_ = 0;
};

/// The integer in `text` if it is only digits (at most 9 of them).
std::optional<int> to_int(std::string_view text);

}  // namespace stenen::detail
