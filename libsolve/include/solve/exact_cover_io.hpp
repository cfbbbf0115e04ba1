#pragma once
// Knuth's exact-cover text format (the input of his dlx1/dlx2/dlx3/ssxcc programs):
//
//   | a comment: any line whose first non-blank character is '|'
//   a b c | x y        the items: primary ones, then '|', then secondary ones
//   a b x:red          one option per line: its items; "item:colour" colours a secondary item
//   c y
//
// Item names are runs of non-blank characters without ':' or '|' (Knuth caps them at 8
// characters; this reader does not). A primary item may carry bounds (multiplicities, as in
// dlx3): "lo:hi|name", or "n|name" for n:n. Blank lines are skipped.
#include <iosfwd>
#include <string>
#include <string_view>

#include "solve/exact_cover.hpp"

namespace solve {

/// Reads a problem. Throws InputError "<source>:<line>: what is wrong" (or "line N: ..." when
/// source is empty), e.g. an unknown item, an item twice in an option, a colour on a primary
/// item, no items line.
ExactCover read_exact_cover(std::istream& in, std::string_view source = {});
/// Reads the named file (source in messages = path). Throws InputError if it cannot be opened.
ExactCover read_exact_cover_file(const std::string& path);

/// Writes the problem in the same format (read_exact_cover gives it back).
void write_exact_cover(std::ostream& out, const ExactCover& problem);

/// Option o as a line of that format: "a b x:red".
std::string format_option(const ExactCover& problem, int o);

}  // namespace solve
