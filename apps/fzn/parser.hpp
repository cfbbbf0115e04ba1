#pragma once
// Reads FlatZinc text (the MiniZinc 2 FlatZinc language: predicate declarations, parameters,
// variables, constraints, one solve item) into the syntax tree of ast.hpp. Nothing is
// resolved here: names, builtins and types are checked by the translator.
//
// Anything malformed is a solve::InputError "FILE:LINE:COL: message". Memory is bounded by
// the limits below: the text itself, and at most max_exprs expressions (about 160 bytes each).
#include <cstdint>
#include <string>
#include <string_view>

#include "ast.hpp"

namespace fzn {

struct ParseLimits {
  std::uint64_t max_bytes = std::uint64_t(512) << 20;  ///< size of the text
  std::uint64_t max_exprs = 20'000'000;               ///< expressions in the whole tree
  int max_depth = 64;                                 ///< nesting of annotations / arrays
};

/// Parses a whole model; `file` names the text in messages.
Model parse(std::string_view text, const std::string& file, const ParseLimits& limits = {});
/// Reads and parses a file ("-" reads standard input).
Model parse_file(const std::string& path, const ParseLimits& limits = {});

}  // namespace fzn
