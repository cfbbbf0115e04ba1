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

void read_one(const Expr& a, SearchSpec& spec, std::vector<SearchGroup>& groups) {
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
