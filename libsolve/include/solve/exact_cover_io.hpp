#pragma once
// Knuth's exact-cover text format (the input of his dlx1/dlx2/dlx3/ssxcc programs):
//
//   | a comment: any line whose first non-blank character is '|'
//   a b c | x y        the items: primary ones, then '|', then secondary ones
//   a b x:red          one option per line: its items; "item:colour" colours a secondary item
//   c y
//
// Item names are runs of non-blank characters without ':' or '|' (Knuth caps them at 8
// characters; this reader at ReadLimits::max_name_bytes). Bounds "lo:hi|name" (dlx3) are read
// when ExactCover::add_primary(name, lo, hi) supports them (0:1 and 1:1). Blanks are space, tab
// and CR; blank lines are skipped; a UTF-8 byte order mark at the start is ignored.
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "solve/exact_cover.hpp"

namespace solve {

/// Caps that keep reading a wrong or hostile input (a binary file, /dev/zero, one huge line) in
/// bounded memory: the reader stops with an InputError as soon as one is exceeded. The problem
/// built takes at most a few times max_bytes.
struct ReadLimits {
  std::uint64_t max_bytes = std::uint64_t(256) << 20;  ///< the whole text (256 MiB)
  std::size_t max_line_bytes = std::size_t(16) << 20;  ///< one line (16 MiB: 10^6 items of 15 bytes)
  std::size_t max_name_bytes = 256;                    ///< one item or colour name
};

/// Reads a problem. Throws InputError "<source>:<line>: what is wrong" (or "line N: ..." when
/// source is empty), e.g. an unknown item, an item twice in an option, a colour on a primary
/// item, no items line, a NUL byte (not a text file), a limit exceeded, a read error.
ExactCover read_exact_cover(std::istream& in, std::string_view source = {},
                            const ReadLimits& limits = {});
/// Reads the named file (source in messages = path). Throws InputError if it cannot be opened
/// or is a directory.
ExactCover read_exact_cover_file(const std::string& path, const ReadLimits& limits = {});

/// Writes the problem in the same format; read_exact_cover gives back an equal problem: same
/// items in the same order, same options, same colours when they are numbered as the reader
/// numbers them (by first use; the format has no colour declarations, so a colour that no
/// option uses is not written). A secondary item that comes before the last
/// primary one is written with bounds "0:1|name", and so is the first item when none is
/// primary (a line "| a" would be a comment).
/// Throws ModelError when the problem has no items or a name the reader would not take back
/// (empty, or with a blank, ':', '|', a newline or a NUL byte). Stream errors are left in
/// out's state for the caller to check.
void write_exact_cover(std::ostream& out, const ExactCover& problem);

/// Option o as a line of that format: "a b x:red".
std::string format_option(const ExactCover& problem, int o);

}  // namespace solve
