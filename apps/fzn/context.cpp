#include "context.hpp"

#include <algorithm>
#include <climits>

#include <fmt/format.h>

#include <solve/constraints.hpp>
#include <solve/error.hpp>

#include "checked.hpp"
#include "printer.hpp"

namespace fzn {
namespace {

/// Tables up to this many tuples replace a checked constraint (arc consistency for cheap).
constexpr std::uint64_t max_table_tuples = 4096;

std::string shown(const Expr& e) {
  std::string s;
  if (e.kind == Expr::Kind::array) {  // the first items only: an array may have millions
    s += '[';
    for (std::size_t k = 0; k < e.size() && s.size() <= 40; ++k) {
      if (k) s += ", ";
      s += to_text(e.item(k));
    }
    s += ']';
  } else {
    s = to_text(e);
  }
  if (s.size() > 40) {
    s.resize(37);
    s += "...";
  }
  return s;
}

}  // namespace

// ---- CheckScope ----

Slot CheckScope::slot(Term t) {
  if (t.fixed) return Slot{-1, t.value};
  const auto it = std::find(vars_.begin(), vars_.end(), t.var);
  if (it != vars_.end()) return Slot{std::int32_t(it - vars_.begin()), 0};
  vars_.push_back(t.var);
  return Slot{std::int32_t(vars_.size() - 1), 0};
}

std::vector<Slot> CheckScope::slots(std::span<const Term> ts) {
  std::vector<Slot> out;
  out.reserve(ts.size());
  for (const Term& t : ts) out.push_back(slot(t));
  return out;
}

// ---- Call ----

void Call::fail(std::string_view message) const {
  ctx_.fail(item_.pos, fmt::format("{}: {}", item_.name, message));
}

void Call::fail_arg(std::size_t k, std::string_view message) const {
  ctx_.fail(item_.args[k].pos, fmt::format("{}: argument {}: {}", item_.name, k + 1, message));
}

std::string Call::where(std::size_t k) const {
  return fmt::format("{}: argument {}: ", item_.name, k + 1);
}

Term Call::term(std::size_t k) const { return ctx_.term(item_.args.at(k), where(k)); }
std::vector<Term> Call::terms(std::size_t k) const {
  return ctx_.terms(item_.args.at(k), where(k));
}
std::int64_t Call::integer(std::size_t k) const { return ctx_.integer(item_.args.at(k), where(k)); }
std::vector<std::int64_t> Call::integers(std::size_t k) const {
  return ctx_.integers(item_.args.at(k), where(k));
}
IntSet Call::set(std::size_t k) const { return ctx_.set(item_.args.at(k), where(k)); }

bool Call::has_annotation(std::string_view ann) const {
  return std::any_of(item_.anns.begin(), item_.anns.end(),
                     [&](const Expr& a) { return a.text == ann; });
}

// ---- Context: names ----

void Context::fail(Pos at, std::string_view message) const {
  throw solve::InputError(fmt::format("{}:{}:{}: {}", file_, at.line, at.col, message));
}

void Context::declare(Pos at, const std::string& name, Symbol s) {
  if (!symbols_.emplace(name, std::move(s)).second)
    fail(at, fmt::format("'{}' is declared twice", name));
}

const Symbol* Context::find(const std::string& name) const {
  const auto it = symbols_.find(name);
  return it == symbols_.end() ? nullptr : &it->second;
}

// ---- Context: reading expressions ----

namespace {

const Symbol& lookup(const Context& ctx, const Expr& e, std::string_view where) {
  const Symbol* s = ctx.find(e.text);
  if (!s) ctx.fail(e.pos, fmt::format("{}'{}' is not declared", where, e.text));
  return *s;
}

/// Element e.i (1-based) of an array of n, or an error.
std::size_t element(const Context& ctx, const Expr& e, std::size_t n, std::string_view where) {
  if (e.i < 1 || std::uint64_t(e.i) > n)
    ctx.fail(e.pos,
             fmt::format("{}index {} out of the range 1..{} of '{}'", where, e.i, n, e.text));
  return std::size_t(e.i - 1);
}

}  // namespace

Ref Context::ref(const Expr& e, std::string_view where) const {
  switch (e.kind) {
    case Expr::Kind::integer: return Ref{-1, e.i};
    case Expr::Kind::boolean: return Ref{-1, e.b ? 1 : 0};
    case Expr::Kind::ident: {
      const Symbol& s = lookup(*this, e, where);
      if (s.kind != Symbol::Kind::scalar)
        fail(e.pos, fmt::format("{}expected an integer or Boolean, found '{}'", where, e.text));
      return s.refs.front();
    }
    case Expr::Kind::access: {
      const Symbol& s = lookup(*this, e, where);
      if (s.kind != Symbol::Kind::array)
        fail(e.pos, fmt::format("{}'{}' is not an array of integers or Booleans", where, e.text));
      return s.refs[element(*this, e, s.refs.size(), where)];
    }
    default:
      fail(e.pos, fmt::format("{}expected an integer or Boolean, found {}", where, shown(e)));
  }
}

std::vector<Ref> Context::refs(const Expr& e, std::string_view where) const {
  if (e.kind == Expr::Kind::array) {
    std::vector<Ref> out;
    out.reserve(e.size());
    for (const std::int64_t v : e.ints) out.push_back(Ref{-1, v});  // packed (Booleans as 0/1)
    for (const Expr& item : e.items) out.push_back(ref(item, where));
    return out;
  }
  if (e.kind == Expr::Kind::ident) {
    const Symbol& s = lookup(*this, e, where);
    if (s.kind == Symbol::Kind::array) return s.refs;
  }
  fail(e.pos,
       fmt::format("{}expected an array of integers or Booleans, found {}", where, shown(e)));
}

IntSet Context::set(const Expr& e, std::string_view where) const {
  if (e.kind == Expr::Kind::int_set) return e.set;
  if (e.kind == Expr::Kind::ident || e.kind == Expr::Kind::access) {
    const Symbol& s = lookup(*this, e, where);
    if (e.kind == Expr::Kind::ident && s.kind == Symbol::Kind::set) return s.sets.front();
    if (e.kind == Expr::Kind::access && s.kind == Symbol::Kind::set_array)
      return s.sets[element(*this, e, s.sets.size(), where)];
  }
  fail(e.pos, fmt::format("{}expected a set of integers, found {}", where, shown(e)));
}

double Context::floating(const Expr& e, std::string_view where) const {
  if (e.kind == Expr::Kind::floating) return e.f;
  if (e.kind == Expr::Kind::integer) return double(e.i);
  if (e.kind == Expr::Kind::ident) {
    const Symbol& s = lookup(*this, e, where);
    if (s.kind == Symbol::Kind::floating) return s.floats.front();
  }
  fail(e.pos, fmt::format("{}expected a float, found {}", where, shown(e)));
}

std::vector<Term> Context::terms(const Expr& e, std::string_view where) const {
  const std::vector<Ref> rs = refs(e, where);
  std::vector<Term> out;
  out.reserve(rs.size());
  for (const Ref& r : rs) out.push_back(term(r));
  return out;
}

std::int64_t Context::integer(const Expr& e, std::string_view where) const {
  const Ref r = ref(e, where);
  if (r.id >= 0)
    fail(e.pos, fmt::format("{}expected a constant, found the variable {}", where, shown(e)));
  return r.value;
}

std::vector<std::int64_t> Context::integers(const Expr& e, std::string_view where) const {
  const std::vector<Ref> rs = refs(e, where);
  std::vector<std::int64_t> out;
  out.reserve(rs.size());
  for (const Ref& r : rs) {
    if (r.id >= 0)
      fail(e.pos, fmt::format("{}expected an array of constants, found {}", where, shown(e)));
    out.push_back(r.value);
  }
  return out;
}

// ---- Context: variables ----

solve::Var Context::var(Term t) {
  if (!t.fixed) return t.var;
  if (t.value < INT_MIN || t.value > INT_MAX)
    throw solve::ModelError(
        fmt::format("the constant {} does not fit libsolve's 32-bit values", t.value));
  const auto it = constants_.find(t.value);
  if (it != constants_.end()) return it->second;
  const int v = int(t.value);
  const solve::Var x = program_.model.add_var(v, v, fmt::format("{}", v));
  constants_.emplace(t.value, x);
  return x;
}

std::vector<solve::Var> Context::vars(std::span<const Term> ts) {
  std::vector<solve::Var> out;
  out.reserve(ts.size());
  for (const Term& t : ts) out.push_back(var(t));
  return out;
}

std::int64_t Context::min(Term t) const {
  return t.fixed ? t.value : program_.model.initial_domain(t.var).front();
}
std::int64_t Context::max(Term t) const {
  return t.fixed ? t.value : program_.model.initial_domain(t.var).back();
}
std::uint64_t Context::size(Term t) const {
  return t.fixed ? 1 : program_.model.initial_domain(t.var).size();
}

// ---- Context: checked constraints ----

void Context::post_checked(const CheckScope& scope, std::string_view name, CheckFn check) {
  const std::vector<solve::Var>& xs = scope.vars();
  if (xs.empty()) {
    if (!check(Valuation({}))) post_false();
    return;
  }
  std::uint64_t combinations = 1;
  for (const solve::Var x : xs) {
    combinations *= program_.model.initial_domain(x).size();
    if (combinations > max_table_tuples) break;
  }
  if (combinations > max_table_tuples) {
    program_.model.post(std::make_unique<Checked>(xs, std::string(name), std::move(check)));
    return;
  }
  // Enumerate every combination (odometer over the initial domains), keep those that hold.
  std::vector<std::vector<int>> allowed;
  std::vector<std::size_t> at(xs.size(), 0);
  std::vector<int> values(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) values[i] = program_.model.initial_domain(xs[i])[0];
  for (;;) {
    if (check(Valuation(values))) allowed.push_back(values);
    std::size_t i = 0;
    for (; i < xs.size(); ++i) {
      const std::vector<int>& d = program_.model.initial_domain(xs[i]);
      if (++at[i] < d.size()) {
        values[i] = d[at[i]];
        break;
      }
      at[i] = 0;
      values[i] = d[0];
    }
    if (i == xs.size()) break;
  }
  if (allowed.empty()) {
    post_false();
    return;
  }
  if (allowed.size() == combinations) return;  // always true on these domains
  post_table(xs, std::move(allowed));
}

void Context::post_table(std::vector<solve::Var> xs, std::vector<std::vector<int>> allowed) {
  solve::table(program_.model, xs, std::move(allowed));
}

}  // namespace fzn
