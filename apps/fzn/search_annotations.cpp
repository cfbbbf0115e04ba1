#include "search_annotations.hpp"

#include <map>
#include <string>

#include <fmt/format.h>

namespace fzn {
namespace {

// FlatZinc's variable choices that libsolve has (others: input order, and reported).
const std::map<std::string, solve::VarOrder> var_choices{
    {"input_order", solve::VarOrder::input},
    {"first_fail", solve::VarOrder::mrv},
    {"smallest_domain", solve::VarOrder::mrv},
    {"most_constrained", solve::VarOrder::mrv_degree},
    {"dom_w_deg", solve::VarOrder::dom_wdeg},
};

// Value choices. Splitting (x <= mid first) tries the lower values first, as ascending
// enumeration does; median / middle are not followed (reported).
const std::map<std::string, solve::ValOrder> val_choices{
    {"indomain_min", solve::ValOrder::ascending},
    {"indomain", solve::ValOrder::ascending},
    {"indomain_split", solve::ValOrder::ascending},
    {"indomain_max", solve::ValOrder::descending},
    {"indomain_reverse_split", solve::ValOrder::descending},
    {"indomain_random", solve::ValOrder::random},
};

void read_one(const Expr& a, SearchSpec& spec, std::vector<const Expr*>& variables, bool& first) {
  if (a.kind == Expr::Kind::call && a.text == "seq_search" && a.items.size() == 1 &&
      a.items[0].kind == Expr::Kind::array) {
    for (const Expr& inner : a.items[0].items) read_one(inner, spec, variables, first);
    return;
  }
  const bool search = a.kind == Expr::Kind::call && (a.text == "int_search" || a.text == "bool_search") &&
                      a.items.size() >= 3;
  if (!search) {
    spec.ignored.push_back(a.text);
    return;
  }
  variables.push_back(&a.items[0]);
  const std::string& var_choice = a.items[1].text;
  const std::string& val_choice = a.items[2].text;
  if (!first) {
    spec.ignored.push_back(fmt::format("{} after the first search annotation", a.text));
    return;
  }
  first = false;
  spec.from_annotation = true;
  spec.var_order = solve::VarOrder::input;
  const auto v = var_choices.find(var_choice);
  if (v != var_choices.end()) spec.var_order = v->second;
  else spec.ignored.push_back(fmt::format("variable choice {} (input_order used)", var_choice));
  const auto w = val_choices.find(val_choice);
  if (w != val_choices.end()) spec.val_order = w->second;
  else spec.ignored.push_back(fmt::format("value choice {} (indomain_min used)", val_choice));
}

}  // namespace

SearchSpec read_search(const std::vector<Expr>& annotations, std::vector<const Expr*>& variables) {
  SearchSpec spec;
  bool first = true;
  for (const Expr& a : annotations) read_one(a, spec, variables, first);
  return spec;
}

}  // namespace fzn
