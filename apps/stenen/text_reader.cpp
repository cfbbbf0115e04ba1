#include "text_reader.hpp"

#include <fmt/format.h>

#include "solve/error.hpp"

namespace stenen::detail {

namespace {
bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
}  // namespace

TextReader::TextReader(std::string_view text, std::string source) : source_(std::move(source)) {
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines_.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
}

std::optional<TextReader::Token> TextReader::next() {
  for (; line_ < lines_.size(); ++line_, col_ = 0) {
    const std::string_view l = lines_[line_];
    while (col_ < l.size() && blank(l[col_])) ++col_;
    if (col_ == l.size()) continue;
    const std::size_t start = col_;
    while (col_ < l.size() && !blank(l[col_])) ++col_;
    return Token{l.substr(start, col_ - start), int(line_) + 1, int(start) + 1};
  }
  return std::nullopt;
}

TextReader::Token TextReader::expect(std::string_view what) {
  if (auto t = next()) return *t;
  fail(int(lines_.size()), 0, "unexpected end of file: expected " + std::string(what));
}

int TextReader::expect_int(std::string_view what, Token* where) {
  const Token t = expect(what);
  if (where) *where = t;
  if (auto v = to_int(t.text)) return *v;
  fail(t.line, t.col, "expected " + std::string(what) + ", found '" + std::string(t.text) + "'");
}

std::string TextReader::where(int line, int col) const {
  return col > 0 ? fmt::format("{}:{}:{}", source_, line, col) : fmt::format("{}:{}", source_, line);
}

void TextReader::fail(int line, int col, const std::string& message) const {
  throw solve::InputError(where(line < 1 ? 1 : line, col) + ": " + message);
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
