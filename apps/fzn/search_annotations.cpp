#include "search_annotations.hpp"

#include <map>
#include <string>

#include <fmt/format.h>

namespace fzn {
namespace {

// FlatZinc's variable choices (others: input order, and reported).
const std::map<std::string, solve::VarOrder> var_choices{
    {"input_order", solve::VarOrder::input},
    {"first_fail", solve::VarOrder::mrv},
    {"smallest_domain", solve::VarOrder::mrv},
    {"anti_first_fail", solve::VarOrder::largest_domain},
    {"smallest", solve::VarOrder::smallest_value},
    {"largest", solve::VarOrder::largest_value},
    {"occurrence", solve::VarOrder::degree},
    {"most_constrained", solve::VarOrder::mrv_degree},
    {"dom_w_deg", solve::VarOrder::dom_wdeg},
};

// Value choices. Splitting (x <= mid first) tries the lower values first, as ascending
// enumeration does; indomain_middle (closest to the middle of the bounds) is taken as the
// median value (reported).
const std::map<std::string, solve::ValOrder> val_choices{
    {"indomain_min", solve::ValOrder::ascending},
    {"indomain", solve::ValOrder::ascending},
    {"indomain_split", solve::ValOrder::ascending},
    {"indomain_max", solve::ValOrder::descending},
    {"indomain_reverse_split", solve::ValOrder::descending},
    {"indomain_median", solve::ValOrder::median},
    {"indomain_random", solve::ValOrder::random},
};

/// A whole number >= 1 of an annotation's argument, or 0 when it is not one.
std::uint64_t count_of(const Expr& e) {
  return e.kind == Expr::Kind::integer && e.i > 0 ? std::uint64_t(e.i) : 0;
}

/// restart_none, restart_constant(scale), restart_luby(scale), restart_geometric(base, scale)
/// (Gecode's reading: limits in failures); false when `a` is none of them.
bool read_restart(const Expr& a, SearchSpec& spec) {
  using Kind = solve::RestartPolicy::Kind;
  if (a.kind == Expr::Kind::ident && a.text == "restart_none") {
    spec.restart = solve::RestartPolicy{Kind::none, 100, 1.5};
    return true;
  }
  if (a.kind != Expr::Kind::call || !a.text.starts_with("restart_")) return false;
  const std::size_t n = a.items.size();
  if ((a.text == "restart_constant" || a.text == "restart_luby") && n == 1 && count_of(a.items[0])) {
    spec.restart = solve::RestartPolicy{a.text == "restart_luby" ? Kind::luby : Kind::constant,
                                        count_of(a.items[0]), 1.5};
    return true;
  }
  if (a.text == "restart_geometric" && n == 2 && count_of(a.items[1])) {
    const Expr& base = a.items[0];
    const double factor = base.kind == Expr::Kind::floating ? base.f
                          : base.kind == Expr::Kind::integer ? double(base.i)
                                                             : 0;
    if (factor >= 1) {
      spec.restart = solve::RestartPolicy{Kind::geometric, count_of(a.items[1]), factor};
      return true;
    }
  }
  spec.ignored.push_back(a.text);  // restart_linear, or arguments out of range
  return true;
}

void read_one(const Expr& a, SearchSpec& spec, std::vector<SearchGroup>& groups) {
  if (read_restart(a, spec)) return;
  if (a.kind == Expr::Kind::call && a.text == "seq_search" && a.items.size() == 1 &&
      a.items[0].kind == Expr::Kind::array) {
    for (const Expr& inner : a.items[0].items) read_one(inner, spec, groups);
    return;
  }
  const bool search = a.kind == Expr::Kind::call &&
                      (a.text == "int_search" || a.text == "bool_search") && a.items.size() >= 3;
  if (!search) {
    spec.ignored.push_back(a.text);
    return;
  }
  SearchGroup g;
  g.variables = &a.items[0];
  const std::string& var_choice = a.items[1].text;
  const std::string& val_choice = a.items[2].text;
  spec.from_annotation = true;
  const auto v = var_choices.find(var_choice);
  if (v != var_choices.end()) g.var_order = v->second;
  else spec.ignored.push_back(fmt::format("variable choice {} (input_order used)", var_choice));
  const auto w = val_choices.find(val_choice);
  if (w != val_choices.end()) g.val_order = w->second;
  else if (val_choice == "indomain_middle") g.val_order = solve::ValOrder::median;
  else spec.ignored.push_back(fmt::format("value choice {} (indomain_min used)", val_choice));
  if (val_choice == "indomain_middle")
    spec.ignored.push_back("value choice indomain_middle (indomain_median used)");
  groups.push_back(g);
}

}  // namespace

SearchSpec read_search(const std::vector<Expr>& annotations, std::vector<SearchGroup>& groups) {
  SearchSpec spec;
  for (const Expr& a : annotations) read_one(a, spec, groups);
  return spec;
}

}  // namespace fzn
