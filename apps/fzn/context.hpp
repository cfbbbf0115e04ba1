#pragma once
// What a builtin's poster sees while a FlatZinc model is translated: its arguments, read
// through the names declared so far (Call), and the model to post into (Context).
//
// Every read checks the argument's kind and throws an InputError naming the file, line,
// column, builtin and argument ("f.fzn:12:3: int_lin_eq: argument 2: expected an array of
// integers, found x").
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <solve/model.hpp>

#include "ast.hpp"
#include "program.hpp"

namespace fzn {

/// A value in a declaration: a FlatZinc variable (by number, before libsolve variables
/// exist) or a constant.
struct Ref {
  std::int32_t id = -1;  ///< < 0: the constant value
  std::int64_t value = 0;
};

/// A name declared in the model, its value resolved.
struct Symbol {
  enum class Kind : std::uint8_t { scalar, array, set, set_array, floating, float_array };
  Kind kind = Kind::scalar;
  bool is_bool = false;
  bool is_var = false;         ///< declared `var` (even when fixed by its value)
  std::vector<Ref> refs;       ///< scalar: one; array: its items
  std::vector<IntSet> sets;    ///< set: one; set_array: its items
  std::vector<double> floats;  ///< float parameters (only read, never used)
};

/// Values of a checked constraint's arguments: a slot is a constant or a place in the scope.
struct Slot {
  std::int32_t index = -1;  ///< < 0: the constant value
  std::int64_t value = 0;
};

/// The scope's values, as a check sees them.
class Valuation {
 public:
  explicit Valuation(std::span<const int> values) : values_(values) {}
  std::int64_t operator[](Slot s) const {
    return s.index < 0 ? s.value : values_[std::size_t(s.index)];
  }

 private:
  std::span<const int> values_;
};

/// The meaning of a constraint as a test of complete assignments.
using CheckFn = std::function<bool(const Valuation&)>;

/// Collects the variables a check reads (each once) and gives its arguments slots.
class CheckScope {
 public:
  Slot slot(Term t);
  std::vector<Slot> slots(std::span<const Term> ts);
  const std::vector<solve::Var>& vars() const { return vars_; }

 private:
  std::vector<solve::Var> vars_;
};

class Context;

/// One constraint item being posted: typed access to its arguments.
class Call {
 public:
  Call(Context& ctx, const ConstraintItem& item) : ctx_(ctx), item_(item) {}
  std::size_t size() const { return item_.args.size(); }
  const std::string& name() const { return item_.name; }
  const ConstraintItem& item() const { return item_; }
  Context& ctx() const { return ctx_; }

  Term term(std::size_t k) const;                           ///< int/bool variable or constant
  std::vector<Term> terms(std::size_t k) const;             ///< array of those
  std::int64_t integer(std::size_t k) const;                ///< a constant int (or bool)
  std::vector<std::int64_t> integers(std::size_t k) const;  ///< array of constants
  IntSet set(std::size_t k) const;                          ///< a set constant
  /// True when the item carries the annotation `name` (e.g. domain, bounds).
  bool has_annotation(std::string_view ann) const;

  [[noreturn]] void fail(std::string_view message) const;
  [[noreturn]] void fail_arg(std::size_t k, std::string_view message) const;

 private:
  std::string where(std::size_t k) const;  // "name: argument k: " for messages

  Context& ctx_;
  const ConstraintItem& item_;
};

class Context {
 public:
  Context(Program& program, std::string file) : program_(program), file_(std::move(file)) {}

  solve::Model& model() { return program_.model; }
  Program& program() { return program_; }
  const std::string& file() const { return file_; }

  /// Room for n names: no rehash of a million names in one declare() (half a second, when the
  /// time limit and Ctrl-C are not looked at).
  void reserve(std::size_t n) { symbols_.reserve(n); }
  /// Declares a name (InputError when it exists already).
  void declare(Pos at, const std::string& name, Symbol s);
  /// The symbol of a name, or nullptr.
  const Symbol* find(const std::string& name) const;
  /// Gives FlatZinc variable i the libsolve variable vars[i] (terms need it).
  void bind(std::vector<solve::Var> vars) { vars_ = std::move(vars); }

  /// Resolving expressions through the declared names (kinds checked, InputError otherwise;
  /// `where` starts the message, e.g. "int_lin_eq: argument 2: ").
  Ref ref(const Expr& e, std::string_view where = {}) const;  ///< int/bool constant or variable
  std::vector<Ref> refs(const Expr& e, std::string_view where = {}) const;  ///< an array of those
  IntSet set(const Expr& e, std::string_view where = {}) const;             ///< a set constant
  double floating(const Expr& e, std::string_view where = {}) const;  ///< a float (or int) constant
  /// The same after bind(): with libsolve variables.
  Term term(Ref r) const {
    return r.id < 0 ? Term::constant(r.value) : Term::variable(vars_[std::size_t(r.id)]);
  }
  Term term(const Expr& e, std::string_view where = {}) const { return term(ref(e, where)); }
  std::vector<Term> terms(const Expr& e, std::string_view where = {}) const;
  std::int64_t integer(const Expr& e, std::string_view where = {}) const;
  std::vector<std::int64_t> integers(const Expr& e, std::string_view where = {}) const;

  /// The variable of a term; a constant becomes a variable fixed to it (one per value).
  solve::Var var(Term t);
  std::vector<solve::Var> vars(std::span<const Term> ts);
  /// Smallest / largest value a term can take (its initial domain's bounds).
  std::int64_t min(Term t) const;
  std::int64_t max(Term t) const;
  /// Number of values of the term's initial domain.
  std::uint64_t size(Term t) const;

  /// Posts a constraint given only by its test of complete assignments. Small ones (few
  /// combinations) become a table (arc consistent); the others are checked once assigned and
  /// prune the last open variable (forward checking). A scope without variables is decided now.
  void post_checked(const CheckScope& scope, std::string_view name, CheckFn check);
  /// The tuple of values of xs is one of `allowed`: libsolve's table.
  void post_table(std::vector<solve::Var> xs, std::vector<std::vector<int>> allowed);
  /// Marks the model unsatisfiable (a constraint that can never hold).
  void post_false() { program_.unsatisfiable = true; }

  [[noreturn]] void fail(Pos at, std::string_view message) const;

 private:
  Program& program_;
  std::string file_;
  std::unordered_map<std::string, Symbol> symbols_;
  std::vector<solve::Var> vars_;                  // of FlatZinc variable i
  std::map<std::int64_t, solve::Var> constants_;  // variables made for constants
};

}  // namespace fzn
