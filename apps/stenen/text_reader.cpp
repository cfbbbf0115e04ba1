#include "text_reader.hpp"

#include <fmt/format.h>

#include <solve/error.hpp>

namespace stenen::detail {

namespace {
bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
}  // namespace

TextReader::TextReader(std::string_view text, std::string source)
    : rest_(text), source_(std::move(source)) {}

std::optional<std::string_view> TextReader::next_line() {
  if (rest_.empty()) return std::nullopt;
  const std::size_t nl = rest_.find('\n');
  std::string_view l = rest_.substr(0, nl);
  rest_.remove_prefix(nl == std::string_view::npos ? rest_.size() : nl + 1);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  ++line_;
  return l;
}

std::optional<TextReader::Token> TextReader::next() {
  while (true) {
    while (col_ < current_.size() && blank(current_[col_])) ++col_;
    if (col_ < current_.size()) break;
    const auto l = next_line();
    if (!l) return std::nullopt;
    current_ = *l;
    col_ = 0;
  }
  const std::size_t start = col_;
  while (col_ < current_.size() && !blank(current_[col_])) ++col_;
  return Token{current_.substr(start, col_ - start), line_, start + 1};
}

TextReader::Token TextReader::expect(std::string_view what) {
  if (auto t = next()) return *t;
  fail(line_, 0, "unexpected end of file: expected " + std::string(what));
}

int TextReader::expect_int(std::string_view what, Token* where) {
  const Token t = expect(what);
  if (where) *where = t;
  if (auto v = to_int(t.text)) return *v;
  fail(t.line, t.col, "expected " + std::string(what) + ", found " + shown(t.text));
}

std::string TextReader::where(std::size_t line, std::size_t col) const {
  return col > 0 ? fmt::format("{}:{}:{}", source_, line, col)
                 : fmt::format("{}:{}", source_, line);
}

void TextReader::fail(std::size_t line, std::size_t col, const std::string& message) const {
  throw solve::InputError(where(line < 1 ? 1 : line, col) + ": " + message);
}

std::string shown(std::string_view text) {
  constexpr std::size_t most = 40;
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < most; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) out += char(c);
    else out += fmt::format("\\x{:02x}", c);
  }
  return out + (text.size() > most ? "'..." : "'");
}

std::optional<int> to_int(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  int v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

}  // namespace stenen::detail
