#pragma once
// The solve item's search annotations (int_search, bool_search, seq_search) as libsolve's
// branch groups (Model::branch): each int_search / bool_search, in order, is a group decided
// before the next one, with its own variable and value choice; the variables no annotation
// names come last, in libsolve's default order. The annotated variables are also created
// first, in annotation order, so that every order breaks its ties in their favour. What
// cannot be followed is listed in SearchSpec::ignored.
#include <vector>

#include "ast.hpp"
#include "program.hpp"

namespace fzn {

/// One int_search / bool_search: its variables (an identifier or an array literal, for the
/// caller to resolve) and its choices.
struct SearchGroup {
  const Expr* variables = nullptr;
  solve::VarOrder var_order = solve::VarOrder::input;
  solve::ValOrder val_order = solve::ValOrder::ascending;
};

/// Reads the annotations; `groups` receives every int_search and bool_search, in order.
SearchSpec read_search(const std::vector<Expr>& annotations, std::vector<SearchGroup>& groups);

}  // namespace fzn
