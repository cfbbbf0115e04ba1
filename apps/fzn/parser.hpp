#pragma once
// Reads FlatZinc text (the MiniZinc 2 FlatZinc language: predicate declarations, parameters,
// variables, constraints, one solve item) into the syntax tree of ast.hpp. Nothing is
// resolved here: names, builtins and types are checked by the translator.
//
// Anything malformed is a solve::InputError "FILE:LINE:COL: message". Memory is bounded by
// the limits below: the text itself, and a syntax tree of at most tree_bytes_per_byte bytes
// for each byte of it (counted as the tree is built: an expression is about 180 bytes, an
// integer of an array literal 8, so FlatZinc as MiniZinc writes it takes 5 to 25).
//
// A StopCheck (stop.hpp) is polled for every token: the time limit and Ctrl-C stop the
// reading too (Stopped is thrown).
#include <cstdint>
#include <string>
#include <string_view>

#include "ast.hpp"
#include "stop.hpp"

namespace fzn {

struct ParseLimits {
  std::uint64_t max_bytes = std::uint64_t(512) << 20;      ///< size of the text
  std::uint64_t tree_bytes_per_byte = 32;                  ///< the tree's memory, per byte of text
  std::uint64_t min_tree_bytes = std::uint64_t(64) << 20;  ///< ... but at least this much
  int max_depth = 64;                                      ///< nesting of annotations / arrays
};

/// Parses a whole model; `file` names the text in messages.
Model parse(std::string_view text, const std::string& file, const ParseLimits& limits = {},
            StopCheck stop = {});
/// Reads and parses a file ("-" reads standard input) through apps/common's bounded reader:
/// a directory, a NUL byte (/dev/zero), an unreadable or oversized file is an InputError as
/// soon as it is seen.
Model parse_file(const std::string& path, const ParseLimits& limits = {}, StopCheck stop = {});

}  // namespace fzn
