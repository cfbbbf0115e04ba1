// Reading and writing Knuth's exact-cover text format (see solve/exact_cover_io.hpp).
//
// The reader takes the input in blocks and refuses a line, a name or the whole text as soon as
// it passes its limit, so memory stays bounded whatever the input; every step is linear in the
// size of the text (an option of k items costs O(k), duplicates included).
#include <algorithm>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ios>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "solve/error.hpp"
#include "solve/exact_cover_io.hpp"

namespace solve {
namespace {

constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

/// ' ', '\t' or '\r': one compare for the bytes of a name (all above ' ').
bool is_blank(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u <= ' ' &&
         ((std::uint64_t(1) << ' ' | std::uint64_t(1) << '\t' | std::uint64_t(1) << '\r') >> u & 1);
}

/// The blank-separated words of a line, one at a time.
class Words {
 public:
  explicit Words(std::string_view line) : at_(line.data()), end_(line.data() + line.size()) {}
  /// The next word, or an empty view after the last.
  std::string_view next() {
    while (at_ != end_ && is_blank(*at_)) ++at_;
    const char* const start = at_;
    while (at_ != end_ && !is_blank(*at_)) ++at_;
    return {start, std::size_t(at_ - start)};
  }

 private:
  const char* at_;
  const char* end_;
};

/// Where byte c first is in s, or npos; and whether s has a ':' or a '|'. Loops, not calls to
/// memchr (std::string_view::find): most names are a few bytes, and the calls per name were
/// 34 k instructions in reading a sudoku.
std::size_t find_byte(std::string_view s, char c) {
  for (std::size_t k = 0; k < s.size(); ++k)
    if (s[k] == c) return k;
  return std::string_view::npos;
}

bool has_colon_or_bar(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return c == ':' || c == '|'; });
}

/// Parses a non-negative decimal number, or -1.
int number(std::string_view s) {
  int v = -1;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < 0) return -1;
  return v;
}

/// The read buffer, left uninitialised (make_unique_for_overwrite, where the standard library
/// has it: emscripten's libc++ 14, web/, has not).
std::unique_ptr<char[]> uninitialised_block(std::size_t size) {
#if defined(__cpp_lib_smart_ptr_for_overwrite)
  return std::make_unique_for_overwrite<char[]>(size);
#else
  return std::unique_ptr<char[]>(new char[size]);
#endif
}

class Reader {
 public:
  Reader(std::istream& in, std::string_view source, const ReadLimits& limits)
      : in_(in), source_(source), limits_(limits), block_(uninitialised_block(block_size)) {}

  ExactCover read() {
    ExactCover p;
    bool have_items = false;
    while (next_line()) {
      Words w(text_);
      const std::string_view first = w.next();
      if (first.empty() || first.front() == '|') continue;  // blank line or comment
      if (!have_items) {
        read_items(p, Words(text_));
        have_items = true;
        seen_.assign(std::size_t(p.num_items()), 0);
      } else {
        read_option(p, Words(text_));
      }
    }
    if (!have_items) fail("no items line");
    return p;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    const std::string where = source_.empty()
                                  ? "line " + std::to_string(line_number_)
                                  : std::string(source_) + ":" + std::to_string(line_number_);
    throw InputError(where + ": " + what);
  }

  /// The next block of input into block_, and where its first NUL byte is; false at the end.
  bool fill() {
    if (!in_.good()) return false;
    try {
      in_.read(block_.get(), std::streamsize(block_size));
    } catch (...) {
      // A stream set to throw (exceptions()): with badbit set that is a read error (below),
      // with failbit only the end of the input.
    }
    if (in_.bad()) fail("read error");
    begin_ = 0;
    end_ = std::size_t(in_.gcount());
    const void* nul = std::memchr(block_.get(), '\0', end_);
    nul_ = nul ? std::size_t(static_cast<const char*>(nul) - block_.get()) : end_;
    bytes_ += end_;
    if (bytes_ > limits_.max_bytes)
      fail("input longer than " + std::to_string(limits_.max_bytes) + " bytes");
    return end_ > 0;
  }

  /// The next line (without its '\n') into text_ and its number into line_number_; false at
  /// the end of the input. text_ points into block_ when the line lies in it (most lines),
  /// else into line_, where the pieces of a line across blocks are put together. (Copying
  /// every line, and a search for a NUL byte per line instead of per block, were 0.1 M of
  /// the 0.59 M instructions of reading a sudoku.)
  bool next_line() {
    line_.clear();
    ++line_number_;
    bool any = false, copied = false;
    for (;;) {
      if (begin_ == end_ && !fill()) break;
      any = true;
      const char* b = block_.get() + begin_;
      const char* e = block_.get() + end_;
      const char* newline = static_cast<const char*>(std::memchr(b, '\n', std::size_t(e - b)));
      const char* stop = newline ? newline : e;
      if (line_.size() + std::size_t(stop - b) > limits_.max_line_bytes)
        fail("line longer than " + std::to_string(limits_.max_line_bytes) + " bytes");
      // The block's first NUL byte is not before b: a line with it fails.
      if (nul_ < std::size_t(stop - block_.get()))
        fail("NUL byte at column " + std::to_string(line_.size() + (nul_ - begin_) + 1) +
             ": not a text file");
      begin_ = std::size_t(stop - block_.get()) + (newline ? 1 : 0);
      if (newline && !copied) {
        text_ = std::string_view(b, std::size_t(stop - b));
        break;
      }
      line_.append(b, stop);
      copied = true;
      if (newline) break;
    }
    if (!any) {
      // Messages about the end name the last line; an empty text (or one that was only a
      // byte order mark, dropped before it got here) has line 1 all the same.
      if (line_number_ > 1) --line_number_;
      return false;
    }
    if (copied) text_ = line_;
    if (line_number_ == 1 && text_.starts_with(byte_order_mark))
      text_.remove_prefix(byte_order_mark.size());
    return true;
  }

  void check_name(std::string_view name, const char* what) const {
    if (name.size() > limits_.max_name_bytes)
      fail(std::string(what) + " name longer than " + std::to_string(limits_.max_name_bytes) +
           " bytes ('" + std::string(name.substr(0, 20)) + "...')");
  }

  void declare(ExactCover& p, std::string_view name, bool primary, int lo = 1, int hi = 1) {
    check_name(name, "item");
    if (has_colon_or_bar(name)) fail("bad item name '" + std::string(name) + "'");
    try {  // a name declared twice too
      primary ? p.add_primary(name, lo, hi) : p.add_secondary(name);
    } catch (const ModelError& e) {
      fail(e.what());
    }
  }

  void read_items(ExactCover& p, Words w) {
    bool secondary = false;
    for (std::string_view t = w.next(); !t.empty(); t = w.next()) {
      if (t == "|") {
        if (secondary) fail("second '|' in the items line");
        secondary = true;
        continue;
      }
      const auto bar = find_byte(t, '|');
      if (bar == std::string_view::npos) {
        declare(p, t, !secondary);
        continue;
      }
      // dlx3 bounds "lo:hi|name" or "n|name" (= n:n) on a primary item.
      if (secondary) fail("bounds on secondary item '" + std::string(t.substr(0, 40)) + "'");
      const std::string_view bounds = t.substr(0, bar), name = t.substr(bar + 1);
      const auto colon = bounds.find(':');
      const int hi = number(colon == std::string_view::npos ? bounds : bounds.substr(colon + 1));
      const int lo = colon == std::string_view::npos ? hi : number(bounds.substr(0, colon));
      if (lo < 0 || hi < 0 || lo > hi || hi == 0 || name.empty())
        fail("bad bounds '" + std::string(t.substr(0, 40)) +
             "' (expected lo:hi|name with lo <= hi, hi > 0)");
      declare(p, name, true, lo, hi);
    }
    if (p.num_items() == 0) fail("no items in the items line");
  }

  void read_option(ExactCover& p, Words w) {
    items_.clear();
    for (std::string_view t = w.next(); !t.empty(); t = w.next()) {
      const auto colon = find_byte(t, ':');
      const std::string_view name = t.substr(0, colon);
      check_name(name, "item");
      const std::optional<int> found = p.find_item(name);
      if (!found) fail("unknown item '" + std::string(name) + "'");
      const int id = *found;
      int colour = 0;
      if (colon != std::string_view::npos) {
        const std::string_view c = t.substr(colon + 1);
        check_name(c, "colour");
        if (c.empty() || has_colon_or_bar(c)) fail("bad colour in '" + std::string(t) + "'");
        if (p.is_primary(id)) fail("colour on primary item '" + std::string(name) + "'");
        colour = p.colour(c);
      }
      // seen_[i] == this line's number: item i is already in this option.
      std::uint64_t& seen = seen_[std::size_t(id)];
      if (seen == line_number_) fail("item '" + std::string(name) + "' twice in one option");
      seen = line_number_;
      items_.push_back({id, colour});
    }
    try {
      p.add_option(std::span<const ItemColour>(items_));
    } catch (const ModelError& e) {
      fail(e.what());
    }
  }

  std::istream& in_;
  std::string_view source_;
  ReadLimits limits_;
  // Input not yet split into lines is block_[begin_, end_). Left uninitialised: only what a
  // read stored is looked at (zeroing it was 65 k of the 3.3 M instructions of a sudoku run).
  static constexpr std::size_t block_size = std::size_t(1) << 16;
  std::unique_ptr<char[]> block_;
  std::size_t begin_ = 0, end_ = 0;
  std::uint64_t bytes_ = 0;          // read so far
  std::size_t nul_ = 0;              // block_[nul_]: its first NUL byte (end_: none)
  std::string_view text_;            // the current line (in block_ or line_)
  std::string line_;                 // a line put together from pieces of two or more blocks
  std::uint64_t line_number_ = 0;    // of text_
  std::vector<std::uint64_t> seen_;  // per item: the last line whose option named it
  std::vector<ItemColour> items_;    // the option being read
};

/// Why the reader would not take this name back, or nullptr.
const char* unwritable(std::string_view name) {
  if (name.empty()) return "empty";
  if (name.find_first_of(std::string_view(" \t\r\n:|\0", 7)) != std::string_view::npos)
    return "a blank, ':', '|', a newline or a NUL byte";
  return nullptr;
}

void check_writable(std::string_view name, const char* what) {
  if (const char* why = unwritable(name))
    throw ModelError(std::string("cannot write ") + what + " name '" + std::string(name) +
                     "' in Knuth's format: " + why);
}

}  // namespace

ExactCover read_exact_cover(std::istream& in, std::string_view source, const ReadLimits& limits) {
  return Reader(in, source, limits).read();
}

ExactCover read_exact_cover_file(const std::string& path, const ReadLimits& limits) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open");
  return read_exact_cover(in, path, limits);
}

std::string format_option(const ExactCover& problem, int o) {
  std::string s;
  for (const ItemColour& ic : problem.option(o)) {
    if (!s.empty()) s += ' ';
    s += problem.item_name(ic.item);
    if (ic.colour != 0) s += ':' + problem.colour_name(ic.colour);
  }
  return s;
}

void write_exact_cover(std::ostream& out, const ExactCover& problem) {
  const int n = problem.num_items();
  if (n == 0) throw ModelError("cannot write a problem without items in Knuth's format");
  for (int i = 0; i < n; ++i) check_writable(problem.item_name(i), "item");
  for (int c = 1; c <= problem.num_colours(); ++c) check_writable(problem.colour_name(c), "colour");

  // Primary items, then '|', then secondary ones, each group in the order of its ids: the
  // reader gives primaries the ids 0, 1, ... so ids change when the problem interleaved them.
  // Every primary item is written, with its bounds when they are not 1:1 (a 0:1 item stays
  // primary: Knuth's dlx3 meaning). A first name that starts with a byte order mark gets
  // bounds too ("1:1|name"): the reader drops a mark at the start of the text.
  if (problem.num_primary() == 0)
    throw ModelError(
        "cannot write a problem without primary items in Knuth's format (its items "
        "line must start with a primary item; a line starting with '|' is a comment)");
  std::string line;
  for (const bool primary : {true, false}) {
    if (!primary && problem.num_primary() < n) line += " |";
    for (int i = 0; i < n; ++i) {
      if (problem.is_primary(i) != primary) continue;
      const std::string& name = problem.item_name(i);
      const bool first = line.empty();
      if (!first) line += ' ';
      const ItemBounds b = problem.bounds(i);
      if (primary && b != ItemBounds{})
        line.append(std::to_string(b.lo)).append(":").append(std::to_string(b.hi)).append("|");
      else if (first && name.starts_with(byte_order_mark)) line += "1:1|";
      line += name;
    }
  }
  out << line << '\n';
  for (int o = 0; o < problem.num_options(); ++o) out << format_option(problem, o) << '\n';
}

}  // namespace solve
