#pragma once
// Knuth's exact-cover text format (the input of his dlx1/dlx2/dlx3/ssxcc programs):
//
//   | a comment: any line whose first non-blank character is '|'
//   a b c | x y        the items: primary ones, then '|', then secondary ones
//   a b x:red          one option per line: its items; "item:colour" colours a secondary item
//   c y
//
// Item names are runs of non-blank characters without ':' or '|' (Knuth caps them at 8
// characters; this reader at ReadLimits::max_name_bytes). A primary item may carry bounds
// (multiplicities, as in Knuth's dlx3): "lo:hi|name", or "n|name" for n:n; such an item is
// primary whatever its bounds ("0:1|a" may be covered 0 or 1 times, and an option of 0:1 items
// only can be part of a solution). Blanks are space, tab and CR; blank lines are skipped; a
// UTF-8 byte order mark at the start is ignored. The items line starts with a primary item
// (a line starting with '|' is a comment), so every problem read has one.
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "solve/exact_cover.hpp"
#include "solve/export.hpp"

namespace solve {

/// Caps that keep reading a wrong or hostile input (a binary file, /dev/zero, one huge line) in
/// bounded memory: the reader stops with an InputError as soon as one is exceeded. The problem
/// built takes at most a few times max_bytes.
struct ReadLimits {
  std::uint64_t max_bytes = std::uint64_t(256) << 20;  ///< the whole text (256 MiB)
  std::size_t max_line_bytes = std::size_t(16)
                               << 20;  ///< one line (16 MiB: 10^6 items of 15 bytes)
  std::size_t max_name_bytes = 256;    ///< one item or colour name
};

/// Reads a problem. Throws InputError "<source>:<line>: what is wrong" (or "line N: ..." when
/// source is empty), e.g. an unknown item, an item twice in an option, a colour on a primary
/// item, no items line, a NUL byte (not a text file), a limit exceeded, a read error.
SOLVE_API ExactCover read_exact_cover(std::istream& in, std::string_view source = {},
                                      const ReadLimits& limits = {});
/// Reads the named file (source in messages = path). Throws InputError if it cannot be opened
/// or is a directory.
SOLVE_API ExactCover read_exact_cover_file(const std::string& path, const ReadLimits& limits = {});

/// Writes the problem in the same format: primary items (with their bounds unless 1:1), '|',
/// secondary items, each group in the order of its ids; then the options in order, each with
/// its items in the order given. read_exact_cover gives back the same problem up to item ids:
/// same item names, each with the same primary/secondary status and bounds, same options
/// (option o has the same (item name, colour name) pairs). Item ids are the same too unless
/// the problem declared a secondary item before a primary one: the reader numbers primary items
/// first. A colour that no option uses is not written (the format has no colour declarations;
/// the reader numbers colours by first use).
/// Throws ModelError when the problem has no primary item (its items line would start with
/// '|', a comment), or a name the reader would not take back (empty, or with a blank, ':', '|',
/// a newline or a NUL byte). Stream errors are left in out's state for the caller to check.
SOLVE_API void write_exact_cover(std::ostream& out, const ExactCover& problem);

/// Option o as a line of that format: "a b x:red".
SOLVE_API std::string format_option(const ExactCover& problem, int o);

}  // namespace solve
