#include "printer.hpp"

#include <fmt/format.h>

namespace fzn {
namespace {

/// A float as the lexer reads it back exactly (shortest round trip, always with '.' or 'e').
std::string float_text(double f) {
  std::string s = fmt::format("{}", f);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string string_text(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {  // the lexer's escapes
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default: out += c;
    }
  }
  out += '"';
  return out;
}

void list(std::string& out, const std::vector<Expr>& items) {
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k) out += ", ";
    out += to_text(items[k]);
  }
}

// (Strings are built with += throughout: GCC 12 warns falsely (-Wrestrict) on "literal" + string.)
std::string annotations(const std::vector<Expr>& anns) {
  std::string out;
  for (const Expr& a : anns) {
    out += " :: ";
    out += to_text(a);
  }
  return out;
}

}  // namespace

std::string to_text(const IntSet& s) {
  if (s.is_range) return fmt::format("{}..{}", s.lo, s.hi);
  return fmt::format("{{{}}}", fmt::join(s.elems, ", "));
}

std::string to_text(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::boolean: return e.b ? "true" : "false";
    case Expr::Kind::integer: return fmt::format("{}", e.i);
    case Expr::Kind::floating: return float_text(e.f);
    case Expr::Kind::int_set: return to_text(e.set);
    case Expr::Kind::float_range: return fmt::format("{}..{}", float_text(e.f), float_text(e.fhi));
    case Expr::Kind::string: return string_text(e.text);
    case Expr::Kind::ident: return e.text;
    case Expr::Kind::access: return fmt::format("{}[{}]", e.text, e.i);
    case Expr::Kind::array: {
      std::string out = "[";
      if (e.items.empty()) {  // packed (or empty)
        for (std::size_t k = 0; k < e.ints.size(); ++k) {
          if (k) out += ", ";
          if (e.b) out += e.ints[k] ? "true" : "false";
          else out += fmt::format("{}", e.ints[k]);
        }
      }
      list(out, e.items);
      out += ']';
      return out;
    }
    case Expr::Kind::call: {
      std::string out = e.text;
      out += '(';
      list(out, e.items);
      out += ')';
      return out;
    }
  }
  return {};
}

std::string to_text(const Type& t) {
  std::string out;
  if (t.is_array && t.array_size) {
    out += fmt::format("array [1..{}] of ", *t.array_size);
  } else if (t.is_array) {
    out += "array [int";
    for (std::uint32_t k = 1; k < t.dims; ++k) out += ", int";
    out += "] of ";
  }
  if (t.is_var) out += "var ";
  switch (t.base) {
    case Type::Base::boolean: out += "bool"; break;
    case Type::Base::integer: out += t.domain ? to_text(*t.domain) : "int"; break;
    case Type::Base::floating:
      if (!t.float_domain) out += "float";
      else
        out += fmt::format("{}..{}", float_text(t.float_domain->first),
                           float_text(t.float_domain->second));
      break;
    case Type::Base::int_set:
      out += "set of ";
      out += t.domain ? to_text(*t.domain) : "int";
      break;
  }
  return out;
}

std::string to_text(const Model& m) {
  std::string out;
  for (const Predicate& p : m.predicates) {
    out += fmt::format("predicate {}(", p.name);
    for (std::size_t k = 0; k < p.params.size(); ++k) {
      if (k) out += ", ";
      out += fmt::format("{}: {}", to_text(p.params[k].first), p.params[k].second);
    }
    out += ");\n";
  }
  for (const Decl& d : m.decls) {
    out += fmt::format("{}: {}{}", to_text(d.type), d.name, annotations(d.anns));
    if (d.value) out += fmt::format(" = {}", to_text(*d.value));
    out += ";\n";
  }
  for (const ConstraintItem& c : m.constraints) {
    out += fmt::format("constraint {}(", c.name);
    list(out, c.args);
    out += fmt::format("){};\n", annotations(c.anns));
  }
  out += fmt::format("solve{}", annotations(m.solve.anns));
  switch (m.solve.goal) {
    case SolveItem::Goal::satisfy: out += " satisfy"; break;
    case SolveItem::Goal::minimize:
      out += fmt::format(" minimize {}", to_text(*m.solve.objective));
      break;
    case SolveItem::Goal::maximize:
      out += fmt::format(" maximize {}", to_text(*m.solve.objective));
      break;
  }
  out += ";\n";
  return out;
}

}  // namespace fzn
