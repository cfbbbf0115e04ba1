#pragma once
// The FlatZinc syntax tree: what a .fzn file says, as written, before any meaning is given to
// it (names are not resolved, builtins not looked up). The parser (parser.hpp) builds it, the
// printer (printer.hpp) writes it back, the translator (translate.hpp) turns it into a model.
//
// Equality compares meaning, not position: two trees that differ only in where their parts
// were found in the text are equal (that is what the fuzzer's round trip checks).
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace fzn {

/// Where something starts in the text: 1-based line (64-bit: files may be huge) and column.
struct Pos {
  std::uint64_t line = 1;
  std::uint64_t col = 1;
  /// Always equal: positions are not part of a tree's meaning (see the header comment).
  friend bool operator==(const Pos&, const Pos&) { return true; }
};

/// An integer set constant: either a range lo..hi (possibly empty) or a list {a, b, ...}
/// kept as written (order and duplicates preserved, so printing gives the same text back).
struct IntSet {
  bool is_range = true;
  std::int64_t lo = 1, hi = 0;
  std::vector<std::int64_t> elems;

  /// The distinct values, ascending (expands a range: the caller bounds its width).
  std::vector<std::int64_t> values() const;
  /// Number of distinct values (ranges: hi - lo + 1 as unsigned, saturating: the full range
  /// -2^63..2^63-1 counts 2^64 - 1, not 0).
  std::uint64_t size() const;
  bool contains(std::int64_t v) const;
  friend bool operator==(const IntSet&, const IntSet&) = default;
};

/// One expression: a literal, an identifier, an array literal, an element x[i], or (in
/// annotations only) a call f(args) / a bare annotation name.
struct Expr {
  enum class Kind : std::uint8_t {
    boolean,      ///< b
    integer,      ///< i
    floating,     ///< f
    int_set,      ///< set
    float_range,  ///< flo..fhi (float set constants occur only as ranges)
    string,       ///< text (a string literal, unescaped)
    ident,        ///< text
    access,       ///< text[i]
    array,        ///< [items...]
    call,         ///< text(items...) (annotations)
  };
  Kind kind = Kind::integer;
  bool b = false;  ///< also, for an array: its packed items are Booleans
  Pos pos;
  std::int64_t i = 0;
  double f = 0, fhi = 0;
  IntSet set;
  std::string text;
  std::vector<Expr> items;
  /// An array outside annotations whose items are all integer literals, or all Boolean ones
  /// (b), keeps them here, 8 bytes each instead of an Expr each, and `items` stays empty: a
  /// parameter array of 25 M integers is 200 MB, not 4 GB. Use size() and item(k).
  std::vector<std::int64_t> ints;

  /// Array or call: the number of items, packed or not.
  std::size_t size() const { return items.empty() ? ints.size() : items.size(); }
  /// Item k (< size()); a packed one is made on the fly, at the array's position.
  Expr item(std::size_t k) const;

  friend bool operator==(const Expr&, const Expr&) = default;
};

/// A type as written: `int`, `var 1..9`, `array [1..4] of var bool`, `set of int`, ...
struct Type {
  enum class Base : std::uint8_t { boolean, integer, floating, int_set };
  Base base = Base::integer;
  bool is_var = false;
  /// Arrays: the index set 1..array_size; `array [int]` (predicate parameters) has no size.
  bool is_array = false;
  std::optional<std::int64_t> array_size;
  /// Predicate parameters may be `array [int, int] of ...` (2 dimensions).
  std::uint32_t dims = 1;
  /// The domain of an int (var or parameter of a predicate), or the element universe of a
  /// set type (`set of 1..5`); none for plain `int` / `set of int`.
  std::optional<IntSet> domain;
  /// The domain of a float written as a range.
  std::optional<std::pair<double, double>> float_domain;

  friend bool operator==(const Type&, const Type&) = default;
};

/// `predicate name(type: param, ...);` (declares a solver-native predicate; nothing to do).
struct Predicate {
  Pos pos;
  std::string name;
  std::vector<std::pair<Type, std::string>> params;
  friend bool operator==(const Predicate&, const Predicate&) = default;
};

/// A parameter (`int: n = 5;`) or a variable (`var 1..5: x :: output_var;`).
struct Decl {
  Pos pos;
  Type type;
  std::string name;
  std::vector<Expr> anns;
  std::optional<Expr> value;  ///< always given for parameters
  friend bool operator==(const Decl&, const Decl&) = default;
};

/// `constraint name(args...) :: anns;`
struct ConstraintItem {
  Pos pos;
  std::string name;
  std::vector<Expr> args;
  std::vector<Expr> anns;
  friend bool operator==(const ConstraintItem&, const ConstraintItem&) = default;
};

/// `solve :: anns satisfy;` / `minimize obj;` / `maximize obj;`
struct SolveItem {
  enum class Goal : std::uint8_t { satisfy, minimize, maximize };
  Pos pos;
  Goal goal = Goal::satisfy;
  std::vector<Expr> anns;
  std::optional<Expr> objective;
  friend bool operator==(const SolveItem&, const SolveItem&) = default;
};

/// A whole FlatZinc file. Declarations keep their order (a value may name earlier ones).
struct Model {
  std::vector<Predicate> predicates;
  // (deques: a million items grow without copying them all, the peak of a vector's doubling)
  std::deque<Decl> decls;
  std::deque<ConstraintItem> constraints;
  SolveItem solve;
  friend bool operator==(const Model&, const Model&) = default;
};

}  // namespace fzn
