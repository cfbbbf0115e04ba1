// Translation in four steps:
//   1. declarations: parameters get their values, variables their domains; aliases and
//      constants are resolved to references (a variable number or a constant);
//   2. the variables become libsolve variables, those the search annotations name first;
//   3. every constraint is posted through the builtin table;
//   4. outputs, objective and search options are read.
#include "translate.hpp"

#include <algorithm>
#include <climits>
#include <unordered_map>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "builtins.hpp"
#include "context.hpp"
#include "printer.hpp"
#include "search_annotations.hpp"

namespace fzn {
namespace {

/// A variable's domain while declarations are read: unbounded, a range, or listed values.
struct Domain {
  bool bounded = false;
  std::int64_t lo = 0, hi = -1;
  std::vector<std::int64_t> values;  ///< when not empty: exactly these, ascending

  static Domain of(const IntSet& s) {
    Domain d;
    d.intersect(s);
    return d;
  }
  bool empty() const { return bounded && (lo > hi); }
  bool contains(std::int64_t v) const {
    if (!bounded) return true;
    if (!values.empty()) return std::binary_search(values.begin(), values.end(), v);
    return lo <= v && v <= hi;
  }
  void intersect(const IntSet& s) {
    if (s.is_range) {
      lo = bounded ? std::max(lo, s.lo) : s.lo;
      hi = bounded ? std::min(hi, s.hi) : s.hi;
      bounded = true;
      if (!values.empty()) keep([&](std::int64_t v) { return lo <= v && v <= hi; });
      return;
    }
    std::vector<std::int64_t> listed = s.values();
    if (bounded) std::erase_if(listed, [&](std::int64_t v) { return !contains(v); });
    values = std::move(listed);
    bounded = true;
    settle();
  }
  void intersect(const Domain& d) {
    if (!d.bounded) return;
    if (!d.values.empty()) {
      IntSet s;
      s.is_range = false;
      s.elems = d.values;
      intersect(s);
    } else {
      IntSet s;
      s.lo = d.lo;
      s.hi = d.hi;
      intersect(s);
    }
  }

 private:
  template <class Keep>
  void keep(Keep k) {
    std::erase_if(values, [&](std::int64_t v) { return !k(v); });
    settle();
  }
  void settle() {
    if (values.empty()) {
      lo = 1;
      hi = 0;
    } else {
      lo = values.front();
      hi = values.back();
    }
  }
};

struct PendingVar {
  std::string name;
  Pos pos;
  Domain domain;
  bool introduced = false;  ///< an auxiliary variable of MiniZinc's (var_is_introduced)
  solve::Var var;
};

class Translator {
 public:
  Translator(const Model& ast, const std::string& file, const TranslateOptions& options)
      : ast_(ast), options_(options), stop_(options.stop), ctx_(program_, file) {}

  Program run() {
    ctx_.reserve(ast_.decls.size());
    for (const Decl& d : ast_.decls) {
      stop_.poll();
      declare(d);
    }
    create_variables();
    read_outputs();
    post_branch_groups();
    for (const ConstraintItem& c : ast_.constraints) {
      stop_.poll();
      if (options_.by_relation) post_constraint_by_relation(ctx_, c);
      else post_constraint(ctx_, c);
    }
    program_.fzn_constraints = ast_.constraints.size();
    read_solve();
    return std::move(program_);
  }

 private:
  [[noreturn]] void fail(Pos at, std::string_view message) const { ctx_.fail(at, message); }

  // ---- step 1: declarations ----

  /// Calls f with each item of an array literal (parameter arrays of sets and floats are
  /// always written out; floats written as integers are packed).
  template <class F>
  void for_each_item(const Decl& d, F f) const {
    const Expr& e = *d.value;
    if (e.kind != Expr::Kind::array)
      fail(e.pos, fmt::format("expected an array literal for '{}'", d.name));
    for (const Expr& item : e.items) f(item);
    if (e.items.empty())
      for (std::size_t k = 0; k < e.ints.size(); ++k) f(e.item(k));
  }

  void check_size(const Decl& d, std::size_t n) const {
    if (d.type.array_size && std::uint64_t(*d.type.array_size) != n)
      fail(d.pos, fmt::format("'{}' is declared with {} elements but given {}", d.name,
                              *d.type.array_size, n));
  }

  /// The declared domain of one (element) variable.
  Domain declared_domain(const Type& t) const {
    if (t.base == Type::Base::boolean) {
      IntSet b;
      b.lo = 0;
      b.hi = 1;
      return Domain::of(b);
    }
    return t.domain ? Domain::of(*t.domain) : Domain{};
  }

  /// A variable named by a var declaration's value gets the declared domain too; a constant
  /// outside it makes the model unsatisfiable.
  void restrict(Ref r, const Domain& d) {
    if (r.id < 0) {
      if (!d.contains(r.value)) program_.unsatisfiable = true;
      return;
    }
    vars_[std::size_t(r.id)].domain.intersect(d);
  }

  Ref new_var(std::string name, Pos pos, Domain d, bool introduced) {
    vars_.push_back(PendingVar{std::move(name), pos, std::move(d), introduced, {}});
    return Ref{std::int32_t(vars_.size() - 1), 0};
  }

  void declare(const Decl& d) {
    const Type& t = d.type;
    if (t.is_var && t.base == Type::Base::floating)
      fail(d.pos, fmt::format("'{}': float variables are not supported", d.name));
    if (t.is_var && t.base == Type::Base::int_set)
      fail(d.pos, fmt::format("'{}': set variables are not supported", d.name));
    Symbol s;
    s.is_bool = t.base == Type::Base::boolean;
    s.is_var = t.is_var;
    if (t.base == Type::Base::floating) {
      s.kind = t.is_array ? Symbol::Kind::float_array : Symbol::Kind::floating;
      if (t.is_array) {
        for_each_item(d, [&](const Expr& item) { s.floats.push_back(ctx_.floating(item)); });
        check_size(d, s.floats.size());
      } else {
        s.floats.push_back(ctx_.floating(*d.value));
      }
    } else if (t.base == Type::Base::int_set) {
      s.kind = t.is_array ? Symbol::Kind::set_array : Symbol::Kind::set;
      if (t.is_array) {
        for_each_item(d, [&](const Expr& item) { s.sets.push_back(ctx_.set(item)); });
        check_size(d, s.sets.size());
      } else {
        s.sets.push_back(ctx_.set(*d.value));
      }
    } else if (!t.is_var) {
      s.kind = t.is_array ? Symbol::Kind::array : Symbol::Kind::scalar;
      s.refs = t.is_array ? ctx_.refs(*d.value) : std::vector<Ref>{ctx_.ref(*d.value)};
      for (const Ref& r : s.refs)
        if (r.id >= 0)
          fail(d.value->pos, fmt::format("parameter '{}' is given a variable", d.name));
      if (t.is_array) check_size(d, s.refs.size());
    } else {
      const Domain dom = declared_domain(t);
      const bool introduced = std::any_of(d.anns.begin(), d.anns.end(), [](const Expr& a) {
        return a.text == "var_is_introduced";
      });
      s.kind = t.is_array ? Symbol::Kind::array : Symbol::Kind::scalar;
      if (d.value) {
        s.refs = t.is_array ? ctx_.refs(*d.value) : std::vector<Ref>{ctx_.ref(*d.value)};
        for (const Ref& r : s.refs) restrict(r, dom);
      } else if (!t.is_array) {
        s.refs.push_back(new_var(d.name, d.pos, dom, introduced));
      } else {
        const std::int64_t n = t.array_size.value_or(0);
        // (MiniZinc always lists the elements; a bare array is bounded here, not by the text)
        if (std::uint64_t(n) > max_unlisted_array)
          fail(d.pos, fmt::format("'{}' declares {} variables without listing them (at most {})",
                                  d.name, n, max_unlisted_array));
        for (std::int64_t i = 1; i <= n; ++i)
          s.refs.push_back(new_var(fmt::format("{}[{}]", d.name, i), d.pos, dom, introduced));
      }
      if (t.is_array) check_size(d, s.refs.size());
    }
    ctx_.declare(d.pos, d.name, std::move(s));
  }

  // ---- step 2: variables ----

  /// The FlatZinc variables of one search annotation, in order.
  std::vector<Ref> annotated(const Expr& e) const {
    const Symbol* named = e.kind == Expr::Kind::ident ? ctx_.find(e.text) : nullptr;
    return e.kind == Expr::Kind::array || (named && named->kind == Symbol::Kind::array)
               ? ctx_.refs(e)
               : std::vector<Ref>{ctx_.ref(e)};
  }

  /// The variables the search annotations name, in order.
  std::vector<std::int32_t> annotated_order() {
    if (options_.free_search) return {};
    program_.search = read_search(ast_.solve.anns, groups_);
    std::vector<std::int32_t> order;
    for (const SearchGroup& g : groups_)
      for (const Ref& r : annotated(*g.variables))
        if (r.id >= 0) order.push_back(r.id);
    return order;
  }

  /// Each search annotation as a branch group (its constants left out). When some variable
  /// is not printed (see TranslateOptions::outputs_first), the printed variables come first:
  /// those of each annotation in its group, then the others in the default order.
  void post_branch_groups() {
    const std::vector<std::uint8_t> printed = printed_vars();
    const bool all_printed = std::all_of(vars_.begin(), vars_.end(), [&](const PendingVar& v) {
      return printed[std::size_t(v.var.id)] || program_.model.initial_domain(v.var).size() == 1;
    });
    const bool first =
        !all_printed && options_.outputs_first && ast_.solve.goal == SolveItem::Goal::satisfy;
    program_.duplicates = all_printed ? Duplicates::none
                          : first     ? Duplicates::consecutive
                                      : Duplicates::anywhere;
    const auto group_vars = [&](const SearchGroup& g, bool only_printed) {
      std::vector<solve::Var> xs;
      for (const Ref& r : annotated(*g.variables)) {
        if (r.id < 0) continue;
        const solve::Var x = vars_[std::size_t(r.id)].var;
        if (!only_printed || printed[std::size_t(x.id)]) xs.push_back(x);
      }
      return xs;
    };
    if (first) {
      for (const SearchGroup& g : groups_)
        if (const auto xs = group_vars(g, true); !xs.empty())
          program_.model.branch(xs, g.var_order, g.val_order);
      std::vector<solve::Var> rest;
      std::vector<std::uint8_t> taken(printed.size(), 0);
      for (const OutputItem& o : program_.outputs)
        for (const Term& t : o.items)
          if (!t.fixed && !taken[std::size_t(t.var.id)]) {
            taken[std::size_t(t.var.id)] = 1;
            rest.push_back(t.var);
          }
      if (!rest.empty())
        program_.model.branch(rest, program_.search.var_order, program_.search.val_order);
    }
    for (const SearchGroup& g : groups_)
      if (const auto xs = group_vars(g, false); !xs.empty())
        program_.model.branch(xs, g.var_order, g.val_order);
  }

  /// By libsolve variable: 1 when an output prints it.
  std::vector<std::uint8_t> printed_vars() const {
    std::vector<std::uint8_t> printed(std::size_t(program_.model.num_vars()), 0);
    for (const OutputItem& o : program_.outputs)
      for (const Term& t : o.items)
        if (!t.fixed) printed[std::size_t(t.var.id)] = 1;
    return printed;
  }

  void create(PendingVar& v) {
    stop_.poll();
    const Domain& d = v.domain;
    if (!d.bounded)
      fail(v.pos, fmt::format("'{}' has no finite domain (libsolve needs bounds on every variable)",
                              v.name));
    if (d.empty()) {
      program_.unsatisfiable = true;
      v.var = program_.model.add_var(0, 0, v.name);
      return;
    }
    if (d.lo < INT_MIN || d.hi > INT_MAX)
      fail(v.pos,
           fmt::format("'{}': domain {}..{} exceeds libsolve's 32-bit values", v.name, d.lo, d.hi));
    const std::uint64_t width = std::uint64_t(d.hi - d.lo) + 1;
    if (width > max_domain_width)
      fail(v.pos,
           fmt::format(
               "'{}': domain {}..{} is wider than {} values (libsolve keeps domains as bitsets)",
               v.name, d.lo, d.hi, max_domain_width));
    total_domain_ += d.values.empty() ? width : d.values.size();
    if (total_domain_ > max_total_domain)
      fail(v.pos,
           fmt::format("the variables' domains hold more than {} values in all", max_total_domain));
    if (d.values.empty()) {
      v.var = program_.model.add_var(int(d.lo), int(d.hi), v.name);
    } else {
      std::vector<int> values(d.values.begin(), d.values.end());
      v.var = program_.model.add_var(values, v.name);
    }
  }

  void create_variables() {
    std::vector<std::uint8_t> done(vars_.size(), 0);
    for (const std::int32_t id : annotated_order()) {
      if (done[std::size_t(id)]) continue;
      done[std::size_t(id)] = 1;
      create(vars_[std::size_t(id)]);
    }
    // then the model's own variables, then MiniZinc's auxiliary ones (the input order and
    // every tie-break prefer the model's variables)
    for (const bool introduced : {false, true})
      for (std::size_t id = 0; id < vars_.size(); ++id)
        if (!done[id] && vars_[id].introduced == introduced) create(vars_[id]);
    program_.fzn_vars = vars_.size();
    std::vector<solve::Var> bound;
    bound.reserve(vars_.size());
    for (const PendingVar& v : vars_) bound.push_back(v.var);
    ctx_.bind(std::move(bound));
  }

  // ---- step 4: outputs, objective, search ----

  /// output_var and output_array(ranges): a declaration is printed once, however many of
  /// them it carries (each is checked). output_var takes no arguments, output_array exactly
  /// one: anything else is an error rather than a variable silently not printed.
  void read_outputs() {
    for (const Decl& d : ast_.decls) {
      stop_.poll();
      bool printed = false;
      for (const Expr& a : d.anns) {
        if (a.text != "output_var" && a.text != "output_array") continue;
        const bool scalar = a.text == "output_var";
        if (scalar && a.kind != Expr::Kind::ident)
          fail(a.pos, fmt::format("'{}': output_var takes no arguments", d.name));
        if (!scalar && (a.kind != Expr::Kind::call || a.items.size() != 1 ||
                        a.items[0].kind != Expr::Kind::array))
          fail(a.pos, "output_array expects one array of index ranges");
        const Symbol& s = *ctx_.find(d.name);
        if (s.kind != Symbol::Kind::scalar && s.kind != Symbol::Kind::array)
          fail(a.pos,
               fmt::format("'{}': only integer and Boolean variables can be output", d.name));
        if (scalar != (s.kind == Symbol::Kind::scalar))
          fail(a.pos,
               fmt::format("'{}': {} on {}", d.name, a.text, scalar ? "an array" : "a scalar"));
        OutputItem out{d.name, s.is_bool, !scalar, {}, {}};
        if (!scalar) {
          std::uint64_t n = 1;
          for (const Expr& r : a.items[0].items) {
            if (r.kind != Expr::Kind::int_set || !r.set.is_range)
              fail(r.pos, "output_array expects index ranges lo..hi");
            out.dims.emplace_back(r.set.lo, r.set.hi);
            const std::uint64_t extent = r.set.size();  // saturates: -2^63..2^63-1 is not 0
            if (extent > s.refs.size()) {  // also keeps the product below from overflowing
              n = extent;
              break;
            }
            n *= extent;
          }
          if (n != s.refs.size())
            fail(a.pos,
                 fmt::format("'{}': output_array's index ranges do not cover its {} elements",
                             d.name, s.refs.size()));
        }
        if (printed) continue;
        printed = true;
        for (const Ref& r : s.refs) out.items.push_back(ctx_.term(r));
        program_.outputs.push_back(std::move(out));
      }
    }
  }

  void read_solve() {
    const SolveItem& s = ast_.solve;
    program_.goal = s.goal;
    if (s.goal != SolveItem::Goal::satisfy) program_.objective = ctx_.term(*s.objective);
  }

  const Model& ast_;
  TranslateOptions options_;
  StopCheck stop_;
  Program program_;
  Context ctx_;
  std::vector<PendingVar> vars_;
  std::vector<SearchGroup> groups_;  // the search annotations (pointing into ast_)
  std::uint64_t total_domain_ = 0;
};

}  // namespace

Program translate(const Model& model, const std::string& file, const TranslateOptions& options) {
  return Translator(model, file, options).run();
}

}  // namespace fzn
