#include "lexer.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include <solve/error.hpp>

namespace fzn {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/// A character as it can be shown in a message.
std::string shown(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return fmt::format("'{}'", c);
  return fmt::format("byte 0x{:02x}", u);
}

}  // namespace

const char* describe(Token::Kind k) {
  switch (k) {
    case Token::Kind::end: return "end of file";
    case Token::Kind::ident: return "identifier";
    case Token::Kind::integer: return "integer";
    case Token::Kind::floating: return "float";
    case Token::Kind::string: return "string";
    case Token::Kind::lparen: return "'('";
    case Token::Kind::rparen: return "')'";
    case Token::Kind::lbracket: return "'['";
    case Token::Kind::rbracket: return "']'";
    case Token::Kind::lbrace: return "'{'";
    case Token::Kind::rbrace: return "'}'";
    case Token::Kind::comma: return "','";
    case Token::Kind::semicolon: return "';'";
    case Token::Kind::colon: return "':'";
    case Token::Kind::coloncolon: return "'::'";
    case Token::Kind::dotdot: return "'..'";
    case Token::Kind::equals: return "'='";
  }
  return "token";
}

Lexer::Lexer(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

void Lexer::fail(Pos at, std::string_view message) const {
  throw solve::InputError(fmt::format("{}:{}:{}: {}", file_, at.line, at.col, message));
}

void Lexer::advance() {
  if (text_[at_] == '\n') {
    ++pos_.line;
    pos_.col = 1;
  } else {
    ++pos_.col;
  }
  ++at_;
}

void Lexer::skip_space() {
  while (at_ < text_.size()) {
    const char c = text_[at_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      advance();
    } else if (c == '%') {
      while (at_ < text_.size() && text_[at_] != '\n') advance();
    } else {
      return;
    }
  }
}

Token Lexer::next() {
  skip_space();
  Token t;
  t.pos = pos_;
  if (at_ >= text_.size()) return t;
  const char c = text_[at_];
  auto single = [&](Token::Kind k) {
    advance();
    t.kind = k;
    return t;
  };
  switch (c) {
    case '(': return single(Token::Kind::lparen);
    case ')': return single(Token::Kind::rparen);
    case '[': return single(Token::Kind::lbracket);
    case ']': return single(Token::Kind::rbracket);
    case '{': return single(Token::Kind::lbrace);
    case '}': return single(Token::Kind::rbrace);
    case ',': return single(Token::Kind::comma);
    case ';': return single(Token::Kind::semicolon);
    case '=': return single(Token::Kind::equals);
    case ':':
      if (peek(1) == ':') {
        advance();
        return single(Token::Kind::coloncolon);
      }
      return single(Token::Kind::colon);
    case '.':
      if (peek(1) == '.') {
        advance();
        return single(Token::Kind::dotdot);
      }
      fail(pos_, "unexpected '.'");
    case '"': return string_literal(t.pos);
    default: break;
  }
  if (is_digit(c) || (c == '-' && is_digit(peek(1)))) return number(t.pos);
  if (is_alpha(c)) {
    const std::size_t start = at_;
    while (at_ < text_.size() && (is_alpha(text_[at_]) || is_digit(text_[at_]))) advance();
    t.kind = Token::Kind::ident;
    t.text = std::string(text_.substr(start, at_ - start));
    return t;
  }
  fail(pos_, fmt::format("unexpected {}", shown(c)));
}

std::uint64_t Lexer::items_ahead() const {
  std::uint64_t commas = 0;
  int braces = 0, brackets = 0;  // a set literal {1, 2}, an element a[3]
  for (std::size_t k = at_; k < text_.size(); ++k) {
    switch (text_[k]) {
      case ',': commas += braces == 0 && brackets == 0; break;
      case '{': ++braces; break;
      case '}': --braces; break;
      case '[': ++brackets; break;
      case ']':
        if (brackets == 0) return commas;
        --brackets;
        break;
      case '%': {
        const std::size_t nl = text_.find('\n', k);
        k = nl == std::string_view::npos ? text_.size() : nl;
        break;
      }
      case '"': return commas;
      default: break;
    }
  }
  return commas;
}

Token Lexer::number(Pos at) {
  Token t;
  t.pos = at;
  const std::size_t start = at_;
  const bool negative = text_[at_] == '-';
  if (negative) advance();
  // 0x.. and 0o.. integers
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'o')) {
    const int base = peek(1) == 'x' ? 16 : 8;
    advance();
    advance();
    const std::size_t digits = at_;
    while (at_ < text_.size() &&
           (base == 16 ? is_hex(text_[at_]) : (text_[at_] >= '0' && text_[at_] <= '7')))
      advance();
    if (at_ == digits) fail(at, "malformed integer literal");
    std::uint64_t mag = 0;
    const auto r = std::from_chars(text_.data() + digits, text_.data() + at_, mag, base);
    if (r.ec != std::errc() || mag > std::uint64_t(INT64_MAX) + (negative ? 1 : 0))
      fail(at, "integer literal out of the 64-bit range");
    t.kind = Token::Kind::integer;
    t.i = negative ? std::int64_t(0 - mag) : std::int64_t(mag);
    if (is_alpha(peek()) || is_digit(peek())) fail(pos_, "malformed integer literal");
    return t;
  }
  while (is_digit(peek())) advance();
  bool is_float = false;
  if (peek() == '.' && is_digit(peek(1))) {  // "1..5" is a range, not a float
    is_float = true;
    advance();
    while (is_digit(peek())) advance();
  }
  if (peek() == 'e' || peek() == 'E') {
    const std::size_t sign = (peek(1) == '+' || peek(1) == '-') ? 1 : 0;
    if (!is_digit(peek(1 + sign))) fail(at, "malformed float literal (exponent without digits)");
    is_float = true;
    advance();
    if (sign) advance();
    while (is_digit(peek())) advance();
  }
  if (is_alpha(peek())) fail(pos_, fmt::format("unexpected {} after a number", shown(peek())));
  const char* first = text_.data() + start;
  const char* last = text_.data() + at_;
  if (is_float) {
    double v = 0;
    const auto r = std::from_chars(first, last, v);
    if (r.ec != std::errc() || r.ptr != last || !std::isfinite(v))
      fail(at, "float literal out of range");
    t.kind = Token::Kind::floating;
    t.f = v;
    return t;
  }
  std::int64_t v = 0;
  const auto r = std::from_chars(first, last, v);
  if (r.ec != std::errc() || r.ptr != last) fail(at, "integer literal out of the 64-bit range");
  t.kind = Token::Kind::integer;
  t.i = v;
  return t;
}

Token Lexer::string_literal(Pos at) {
  Token t;
  t.pos = at;
  t.kind = Token::Kind::string;
  advance();  // opening quote
  for (;;) {
    if (at_ >= text_.size() || text_[at_] == '\n') fail(at, "unterminated string literal");
    const char c = text_[at_];
    if (c == '"') {
      advance();
      return t;
    }
    if (c == '\\') {
      advance();
      if (at_ >= text_.size()) fail(at, "unterminated string literal");
      const char e = text_[at_];
      switch (e) {
        case 'n': t.text += '\n'; break;
        case 't': t.text += '\t'; break;
        case '"': t.text += '"'; break;
        case '\\': t.text += '\\'; break;
        default: fail(pos_, fmt::format("unknown escape \\{} in a string", e));
      }
      advance();
      continue;
    }
    t.text += c;
    advance();
  }
}

}  // namespace fzn
