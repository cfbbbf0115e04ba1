#pragma once
// Why a propagator pruned: reasons made of literals, for learning from failure.
//
// A literal is a statement about one variable's value, [x <= v], [x >= v], [x == v] or
// [x != v] (for a view: about the view's value). Every pruning makes a literal true: removing
// v from x makes [x != v] true, raising x's minimum to v makes [x >= v] true. A propagator
// explains a pruning by naming literals that were true when it ran and that, together with
// the constraint, imply the pruned literal (Constraint::explain). A search that learns
// (conflict analysis) follows these reasons back to the decisions.
//
// Every propagator can explain: the default reason is the domains of its whole scope (the
// propagator decided from nothing else, so they imply whatever it pruned). Propagators with a
// reason of their own name fewer literals (docs/library.md lists them).
#include <cstdint>
#include <span>
#include <vector>

#include "solve/export.hpp"
#include "solve/types.hpp"

namespace solve {

class Space;

/// [var kind value]: x <= v, x >= v, x == v or x != v.
struct Literal {
  enum class Kind : std::uint8_t { le, ge, eq, ne };
  Var var;
  Kind kind = Kind::eq;
  int value = 0;

  static constexpr Literal le(Var x, int v) { return {x, Kind::le, v}; }
  static constexpr Literal ge(Var x, int v) { return {x, Kind::ge, v}; }
  static constexpr Literal eq(Var x, int v) { return {x, Kind::eq, v}; }
  static constexpr Literal ne(Var x, int v) { return {x, Kind::ne, v}; }

  /// True when the value v of the variable (of the view: v is the view's value) makes the
  /// literal true.
  constexpr bool satisfied_by(std::int64_t v) const {
    switch (kind) {
      case Kind::le: return v <= value;
      case Kind::ge: return v >= value;
      case Kind::eq: return v == value;
      case Kind::ne: return v != value;
    }
    return false;
  }
  /// True when [var <= hi] implies the literal (it is [var <= v] or [var != v] with v past hi).
  constexpr bool follows_from_max(std::int64_t hi) const {
    return (kind == Kind::le && value >= hi) || (kind == Kind::ne && value > hi);
  }
  /// True when [var >= lo] implies the literal.
  constexpr bool follows_from_min(std::int64_t lo) const {
    return (kind == Kind::ge && value <= lo) || (kind == Kind::ne && value < lo);
  }
  /// True when every value left in the variable's domain satisfies the literal.
  SOLVE_API bool holds_in(const Space& s) const;
  friend constexpr bool operator==(const Literal&, const Literal&) = default;
};

/// The literals of one reason, gathered by Constraint::explain (appended; a literal may be
/// named twice). The buffer is kept between reasons, so explaining allocates only while it
/// grows.
class SOLVE_API Reason {
 public:
  void add(Literal l) { literals_.push_back(l); }
  void clear() {
    literals_.clear();
    names_scope_ = false;
  }
  /// Keeps the first n literals (drops a reason of one's own abandoned half-way).
  void truncate(std::size_t n) {
    if (n < literals_.size())
      literals_.erase(literals_.begin() + std::ptrdiff_t(n), literals_.end());
  }
  std::span<const Literal> literals() const { return literals_; }
  std::size_t size() const { return literals_.size(); }
  bool empty() const { return literals_.empty(); }
  /// add_scope() wrote into it since the last clear(): the widest reason, counted by the
  /// search that learns (Stats::scope_reasons) to find propagators that fall back to it.
  bool names_scope() const { return names_scope_; }
  void mark_scope() { names_scope_ = true; }

 private:
  std::vector<Literal> literals_;
  bool names_scope_ = false;
};

/// Appends the literals that describe x's current domain in s: its bounds, and [x != v] for
/// every hole between them.
SOLVE_API void add_domain(const Space& s, Var x, Reason& reason);
/// Appends the bounds of x in s: [x >= min] and [x <= max].
SOLVE_API void add_bounds(const Space& s, Var x, Reason& reason);
/// True when [l.var <= hi] implies l once the holes of l.var in `before` are counted (a bound
/// lands on the next value left): then appends those holes ([x != w] for w between l's
/// value and hi; and [x <= max] when the domain ends below hi) to reason.
SOLVE_API bool follows_from_max(const Space& before, std::int64_t hi, const Literal& l,
                                Reason& reason);
/// The same for [l.var >= lo].
SOLVE_API bool follows_from_min(const Space& before, std::int64_t lo, const Literal& l,
                                Reason& reason);
/// Appends the domains of every variable of the scope (the reason every propagator can give).
SOLVE_API void add_scope(const Space& s, std::span<const Var> scope, Reason& reason);

}  // namespace solve
