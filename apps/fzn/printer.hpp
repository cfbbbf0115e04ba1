#pragma once
// Writes a syntax tree back as FlatZinc text: predicates, declarations, constraints, solve
// item, one per line. Reading the text again gives an equal tree (the fuzzer checks it).
#include <string>

#include "ast.hpp"

namespace fzn {

std::string to_text(const Expr& e);
std::string to_text(const IntSet& s);
std::string to_text(const Type& t);
std::string to_text(const Model& m);

}  // namespace fzn
