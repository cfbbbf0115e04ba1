// A recursive-descent parser with one token of lookahead. Grammar (MiniZinc 2 FlatZinc):
//
//   model     ::= { predicate | decl | constraint } solve
//   predicate ::= "predicate" ident "(" param { "," param } ")" ";"
//   decl      ::= type ":" ident anns [ "=" expr ] ";"
//   constraint::= "constraint" ident "(" expr { "," expr } ")" anns ";"
//   solve     ::= "solve" anns ( "satisfy" | "minimize" expr | "maximize" expr ) ";"
//   type      ::= [ "array" "[" ( int ".." int | "int" { "," "int" } ) "]" "of" ] [ "var" ] base
//   base      ::= "bool" | "int" | "float" | int ".." int | float ".." float | "{" ints "}"
//               | "set" "of" ( "int" | int ".." int | "{" ints "}" )
//   expr      ::= bool | int | float | int ".." int | "{" ints "}" | ident | ident "[" int "]"
//               | "[" [ expr { "," expr } ] "]"
//   anns      ::= { "::" ident [ "(" annexpr { "," annexpr } ")" ] }
// where annotation arguments may also be strings, calls and nested arrays.
// Items may come in any order except that solve is last; the translator checks that names
// are declared before they are used.
#include "parser.hpp"

#include <algorithm>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "common/text_file.hpp"
#include "lexer.hpp"

namespace fzn {
namespace {

using K = Token::Kind;

class Parser {
 public:
  Parser(std::string_view text, const std::string& file, const ParseLimits& limits, StopCheck stop)
      : lex_(text, file),
        limits_(limits),
        stop_(stop),
        budget_(std::max(limits.min_tree_bytes,
                         limits.tree_bytes_per_byte * std::uint64_t(text.size()))) {
    stop_.check();
    tok_ = lex_.next();
  }

  Model model() {
    Model m;
    for (;;) {
      if (tok_.kind == K::end) fail("no solve item (every FlatZinc model ends with one)");
      if (tok_.kind != K::ident)
        fail(fmt::format("expected an item (predicate, declaration, constraint or solve), found {}",
                         what()));
      if (tok_.text == "predicate") {
        m.predicates.push_back(predicate());
      } else if (tok_.text == "constraint") {
        charge(sizeof(ConstraintItem));
        m.constraints.push_back(constraint());
      } else if (tok_.text == "solve") {
        m.solve = solve();
        if (tok_.kind != K::end)
          fail(fmt::format("expected the end of the file after the solve item, found {}", what()));
        return m;
      } else {
        charge(sizeof(Decl));
        m.decls.push_back(decl());
      }
    }
  }

 private:
  [[noreturn]] void fail(std::string_view message) const { lex_.fail(tok_.pos, message); }

  /// The current token as a message shows it.
  std::string what() const {
    switch (tok_.kind) {
      case K::ident: return fmt::format("'{}'", tok_.text);
      case K::integer: return fmt::format("integer {}", tok_.i);
      default: return describe(tok_.kind);
    }
  }

  /// The next token into tok_ (the time limit and Ctrl-C are looked at here).
  void advance() {
    stop_.poll();
    tok_ = lex_.next();
  }
  Token take() {
    Token t = std::move(tok_);
    advance();
    return t;
  }
  bool accept(K k) {
    if (tok_.kind != k) return false;
    advance();
    return true;
  }
  Token expect(K k, std::string_view context) {
    if (tok_.kind != k) fail(fmt::format("expected {} {}, found {}", describe(k), context, what()));
    return take();
  }
  bool at_keyword(std::string_view word) const {
    return tok_.kind == K::ident && tok_.text == word;
  }
  void expect_keyword(std::string_view word, std::string_view context) {
    if (!at_keyword(word)) fail(fmt::format("expected '{}' {}, found {}", word, context, what()));
    take();
  }
  std::string identifier(std::string_view context) {
    std::string name = expect(K::ident, context).text;
    charge_text(name);
    return name;
  }

  // ---- memory ----

  /// Counts bytes of the tree against the budget.
  void charge(std::uint64_t bytes) {
    tree_ += bytes;
    if (tree_ > budget_)
      fail(
          fmt::format("the model is too large to read: its syntax tree would take more than {} "
                      "({} bytes for each byte of the file, at least {})",
                      cli::size_text(budget_), limits_.tree_bytes_per_byte,
                      cli::size_text(limits_.min_tree_bytes)));
  }
  /// A string's own allocation (short ones live inside the std::string).
  void charge_text(const std::string& text) {
    if (text.size() >= sizeof(std::string) / 2) charge(text.size() + 1);
  }
  /// One expression.
  void count_expr() { charge(sizeof(Expr)); }
  /// Reserves room for n items (a count from Lexer::items_ahead), no more than the budget
  /// left could hold: a vector's doubling would peak at three times its size.
  template <class T>
  void reserve(std::vector<T>& v, std::uint64_t n) {
    const std::uint64_t left = budget_ > tree_ ? budget_ - tree_ : 0;
    v.reserve(std::size_t(std::min(n, left / std::max<std::uint64_t>(sizeof(T), 8))));
  }

  // ---- types ----

  /// A set constant after '{' has been seen (integers only).
  IntSet int_set_list(std::string_view context) {
    IntSet s;
    s.is_range = false;
    expect(K::lbrace, context);
    if (!accept(K::rbrace)) {
      do {
        if (tok_.kind == K::floating)
          fail("float set literals are not supported (set and float variables are not supported)");
        s.elems.push_back(expect(K::integer, "in a set literal").i);
        charge(sizeof(std::int64_t));
      } while (accept(K::comma));
      expect(K::rbrace, "to close the set literal");
    }
    return s;
  }

  /// int ".." int, after the first integer was taken.
  IntSet int_range(std::int64_t lo) {
    IntSet s;
    s.lo = lo;
    s.hi = expect(K::integer, "after '..'").i;
    return s;
  }

  /// The part of a type after an optional "var".
  void base_type(Type& t) {
    if (at_keyword("bool")) {
      take();
      t.base = Type::Base::boolean;
    } else if (at_keyword("int")) {
      take();
      t.base = Type::Base::integer;
    } else if (at_keyword("float")) {
      take();
      t.base = Type::Base::floating;
    } else if (tok_.kind == K::integer) {
      t.base = Type::Base::integer;
      const std::int64_t lo = take().i;
      expect(K::dotdot, "in a range type");
      t.domain = int_range(lo);
    } else if (tok_.kind == K::floating) {
      t.base = Type::Base::floating;
      const double lo = take().f;
      expect(K::dotdot, "in a float range type");
      t.float_domain = std::pair{lo, expect(K::floating, "after '..'").f};
    } else if (tok_.kind == K::lbrace) {
      t.base = Type::Base::integer;
      t.domain = int_set_list("in a set type");
    } else if (at_keyword("set")) {
      take();
      expect_keyword("of", "after 'set'");
      t.base = Type::Base::int_set;
      if (at_keyword("int")) {
        take();
      } else if (tok_.kind == K::integer) {
        const std::int64_t lo = take().i;
        expect(K::dotdot, "in a set type");
        t.domain = int_range(lo);
      } else if (tok_.kind == K::lbrace) {
        t.domain = int_set_list("in a set type");
      } else if (at_keyword("float") || tok_.kind == K::floating) {
        fail("sets of floats are not supported");
      } else {
        fail(fmt::format("expected 'int', a range or a set after 'set of', found {}", what()));
      }
    } else {
      fail(fmt::format("expected a type, found {}", what()));
    }
  }

  /// A whole type; `array [int]` is allowed only for predicate parameters.
  Type type(bool predicate_param) {
    Type t;
    if (at_keyword("array")) {
      take();
      t.is_array = true;
      expect(K::lbracket, "after 'array'");
      if (at_keyword("int")) {
        if (!predicate_param) fail("an array declaration needs an index set 1..n");
        take();
        while (accept(K::comma)) {  // array [int, int, ...] of a predicate parameter
          if (++t.dims > 32) fail("more than 32 array dimensions");
          expect_keyword("int", "as another index set of the parameter");
        }
      } else {
        const Token lo = expect(K::integer, "as the first index of the array");
        if (lo.i != 1) lex_.fail(lo.pos, "array index sets must start at 1");
        expect(K::dotdot, "in the array's index set");
        const Token hi = expect(K::integer, "as the last index of the array");
        if (hi.i < 0) lex_.fail(hi.pos, "array index set 1..n with a negative n");
        t.array_size = hi.i;
      }
      if (tok_.kind == K::comma) fail("multi-dimensional arrays are not FlatZinc (use 1..n)");
      expect(K::rbracket, "to close the array's index set");
      expect_keyword("of", "after the array's index set");
    }
    if (at_keyword("var")) {
      take();
      t.is_var = true;
    } else if (at_keyword("par")) {
      take();
    }
    base_type(t);
    return t;
  }

  // ---- expressions ----

  Expr expr(bool in_annotation, int depth = 0) {
    if (depth > limits_.max_depth)
      fail(fmt::format("expressions nested deeper than {}", limits_.max_depth));
    count_expr();
    Expr e;
    e.pos = tok_.pos;
    switch (tok_.kind) {
      case K::integer: {
        const std::int64_t v = take().i;
        if (accept(K::dotdot)) {
          e.kind = Expr::Kind::int_set;
          e.set = int_range(v);
        } else {
          e.kind = Expr::Kind::integer;
          e.i = v;
        }
        return e;
      }
      case K::floating: {
        e.f = take().f;
        if (accept(K::dotdot)) {
          e.kind = Expr::Kind::float_range;
          e.fhi = expect(K::floating, "after '..' in a float range").f;
        } else {
          e.kind = Expr::Kind::floating;
        }
        return e;
      }
      case K::lbrace:
        e.kind = Expr::Kind::int_set;
        e.set = int_set_list("to open a set literal");
        return e;
      case K::lbracket: {
        take();
        e.kind = Expr::Kind::array;
        if (!accept(K::rbracket)) {
          // the number of items, for an exact reservation (annotations nest: not counted)
          const std::uint64_t expected = in_annotation ? 0 : lex_.items_ahead() + 1;
          do {
            if (tok_.kind == K::lbracket && !in_annotation) fail("nested arrays are not FlatZinc");
            add_item(e, expr(in_annotation, depth + 1), !in_annotation, expected);
          } while (accept(K::comma));
          expect(K::rbracket, "to close the array");
        }
        return e;
      }
      case K::string:
        if (!in_annotation) fail("string literals may only appear in annotations");
        e.kind = Expr::Kind::string;
        e.text = take().text;
        charge_text(e.text);
        return e;
      case K::ident: {
        e.text = take().text;
        charge_text(e.text);
        if (e.text == "true" || e.text == "false") {
          e.kind = Expr::Kind::boolean;
          e.b = e.text == "true";
          e.text.clear();
          return e;
        }
        if (accept(K::lbracket)) {
          e.kind = Expr::Kind::access;
          e.i = expect(K::integer, "as an array index").i;
          expect(K::rbracket, "after the array index");
          return e;
        }
        if (in_annotation && tok_.kind == K::lparen) {
          call_args(e, depth);
          return e;
        }
        e.kind = Expr::Kind::ident;
        return e;
      }
      default: fail(fmt::format("expected an expression, found {}", what()));
    }
  }

  /// Appends an item to an array literal. Outside annotations the items stay packed (Expr::ints)
  /// while every one is an integer literal, or every one a Boolean literal; another kind of
  /// item unpacks those before it.
  void add_item(Expr& array, Expr&& item, bool packable, std::uint64_t expected) {
    if (packable && array.items.empty()) {
      const bool is_int = item.kind == Expr::Kind::integer,
                 is_bool = item.kind == Expr::Kind::boolean;
      if (array.ints.empty() && (is_int || is_bool)) {  // the first item
        array.b = is_bool;
        reserve(array.ints, expected);
      }
      if (!array.ints.empty() || is_int || is_bool) {
        if (array.b ? is_bool : is_int) {
          array.ints.push_back(is_bool ? std::int64_t(item.b) : item.i);
          tree_ -= sizeof(Expr) - sizeof(std::int64_t);  // counted as an Expr by expr()
          return;
        }
        unpack(array, expected);
      }
    }
    if (array.items.empty()) reserve(array.items, packable ? expected : 0);
    array.items.push_back(std::move(item));
  }

  /// The packed items of an array as expressions (at the array's position).
  void unpack(Expr& array, std::uint64_t expected) {
    charge((sizeof(Expr) - sizeof(std::int64_t)) * array.ints.size());
    reserve(array.items, expected);
    std::vector<std::int64_t> ints;
    ints.swap(array.ints);  // (item(k) reads ints only while items is empty)
    Expr packed = array;
    packed.ints = std::move(ints);
    for (std::size_t k = 0; k < packed.ints.size(); ++k) array.items.push_back(packed.item(k));
    array.b = false;
  }

  /// "(" [ item { "," item } ] ")": the arguments of a call or the parameters of a predicate.
  template <class Item>
  void parenthesised(std::string_view what, Item item) {
    expect(K::lparen, fmt::format("to open the {}", what));
    if (tok_.kind != K::rparen) {
      do item();
      while (accept(K::comma));
    }
    expect(K::rparen, fmt::format("to close the {}", what));
  }

  /// The arguments of an annotation call.
  void call_args(Expr& e, int depth) {
    e.kind = Expr::Kind::call;
    parenthesised("annotation's arguments", [&] { e.items.push_back(expr(true, depth + 1)); });
  }

  std::vector<Expr> annotations() {
    std::vector<Expr> anns;
    while (accept(K::coloncolon)) {
      count_expr();
      Expr a;
      a.pos = tok_.pos;
      a.kind = Expr::Kind::ident;
      a.text = identifier("as an annotation");
      if (tok_.kind == K::lparen) call_args(a, 0);
      anns.push_back(std::move(a));
    }
    return anns;
  }

  // ---- items ----

  Predicate predicate() {
    Predicate p;
    p.pos = take().pos;
    p.name = identifier("as the predicate's name");
    parenthesised("predicate's parameters", [&] {
      charge(sizeof(Type) + sizeof(std::string));
      Type t = type(true);
      expect(K::colon, "after a parameter type");
      p.params.emplace_back(std::move(t), identifier("as a parameter name"));
    });
    expect(K::semicolon, "after the predicate declaration");
    return p;
  }

  Decl decl() {
    Decl d;
    d.pos = tok_.pos;
    d.type = type(false);
    expect(K::colon, "after the type");
    d.name = identifier("as the declared name");
    d.anns = annotations();
    if (accept(K::equals)) {
      d.value = expr(false);
    } else if (!d.type.is_var) {
      fail(fmt::format("parameter '{}' needs a value", d.name));
    }
    expect(K::semicolon, "after the declaration");
    return d;
  }

  ConstraintItem constraint() {
    ConstraintItem c;
    c.pos = take().pos;
    c.name = identifier("as the constraint's name");
    parenthesised("constraint's arguments", [&] { c.args.push_back(expr(false)); });
    c.anns = annotations();
    expect(K::semicolon, "after the constraint");
    return c;
  }

  SolveItem solve() {
    SolveItem s;
    s.pos = take().pos;
    s.anns = annotations();
    if (at_keyword("satisfy")) {
      take();
    } else if (at_keyword("minimize") || at_keyword("maximize")) {
      s.goal = take().text == "minimize" ? SolveItem::Goal::minimize : SolveItem::Goal::maximize;
      s.objective = expr(false);
    } else {
      fail(fmt::format("expected 'satisfy', 'minimize' or 'maximize', found {}", what()));
    }
    expect(K::semicolon, "after the solve item");
    return s;
  }

  Lexer lex_;
  ParseLimits limits_;
  StopCheck stop_;
  Token tok_;
  std::uint64_t budget_;    // bytes the tree may take
  std::uint64_t tree_ = 0;  // bytes it takes so far (an estimate from sizeof)
};

}  // namespace

Model parse(std::string_view text, const std::string& file, const ParseLimits& limits,
            StopCheck stop) {
  if (text.size() > limits.max_bytes)
    throw solve::InputError(fmt::format("{}: more than {}: too large for a FlatZinc model", file,
                                        cli::size_text(limits.max_bytes)));
  return Parser(text, file, limits, stop).model();
}

Model parse_file(const std::string& path, const ParseLimits& limits, StopCheck stop) {
  // No line limit: MiniZinc writes a whole array on one line.
  const cli::TextLimits text_limits{std::size_t(limits.max_bytes), std::size_t(limits.max_bytes),
                                    "a FlatZinc model"};
  const cli::TextFile file = cli::read_text_file(path, text_limits, [&stop] { stop.check(); });
  return parse(file.text, file.name, limits, stop);
}

}  // namespace fzn
