#pragma once
// The solve item's search annotations (int_search, bool_search, seq_search) as libsolve's
// search options. libsolve has one variable order and one value order for the whole search,
// so the first int_search / bool_search sets both; the variables the annotations name are
// created first, in annotation order, so that the input order follows them and every order
// breaks its ties in their favour. What cannot be followed is listed in SearchSpec::ignored.
#include <vector>

#include "ast.hpp"
#include "program.hpp"

namespace fzn {

/// Reads the annotations; `variables` receives the first argument of every int_search and
/// bool_search, in order (identifiers or array literals, for the caller to resolve).
SearchSpec read_search(const std::vector<Expr>& annotations, std::vector<const Expr*>& variables);

}  // namespace fzn
