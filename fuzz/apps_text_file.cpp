// Fuzzes the front-ends' text-file reader (apps/common/text_file.hpp: cli::read_text_file).
// seeds: tests/data/futoshiki puzzles/exact-cover
//
// Oracle beyond "no crash": the reader checks a line at a time with memchr, in 64 KiB reads;
// a walk byte by byte here must meet the same first error (a NUL byte, a line over the limit,
// a file over the size limit) with the same message, and a file without one must read back
// byte for byte, less a leading UTF-8 byte order mark. The first input byte picks the line
// limit (1-64) and, when odd, a run of short lines before the rest that puts it across the
// first 64 KiB boundary (a chunk's end in the middle of a line or of a NUL check).
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "common/text_file.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

/// The error a walk byte by byte meets first, as read_text_file words it; nullopt: none.
std::optional<std::string> reference_error(std::string_view text, const std::string& name,
                                           const cli::TextLimits& limits) {
  if (text.size() > limits.max_bytes)
    return fmt::format("{}: more than {}: too large for {}", name, cli::size_text(limits.max_bytes),
                       limits.kind);
  std::uint64_t line = 1, column = 0;
  for (const char c : text) {
    if (c == '\n') {
      ++line;
      column = 0;
      continue;
    }
    ++column;
    if (c == '\0') return fmt::format("{}:{}:{}: a NUL byte: not a text file", name, line, column);
    if (column > limits.max_line)
      return fmt::format("{}:{}: line longer than {}: too long for {}", name, line,
                         cli::size_text(limits.max_line), limits.kind);
  }
  return std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t first = data[0];
  std::string text;
  if (first & 1) {  // short lines up to a little before 64 KiB, so the rest straddles it
    const std::size_t lead = 64 * 1024 - (first >> 1);
    while (text.size() + 2 <= lead) text += "a\n";
    text.resize(lead, 'b');
  }
  text.append(reinterpret_cast<const char*>(data + 1), size - 1);
  const cli::TextLimits limits{128 * 1024, std::size_t(1 + (first >> 2) % 64), "a fuzzed file"};

  // An in-memory file, read through its /proc path as a front-end reads a named file.
  const int fd = memfd_create("text", MFD_CLOEXEC);
  if (fd < 0) return 0;
  if (::write(fd, text.data(), text.size()) != ssize_t(text.size())) {
    ::close(fd);
    return 0;
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  const std::optional<std::string> expected = reference_error(text, path, limits);
  try {
    const cli::TextFile file = cli::read_text_file(path, limits);
    if (expected) fail("read a file that has an error");
    const std::string_view body = std::string_view(text).starts_with("\xEF\xBB\xBF")
                                      ? std::string_view(text).substr(3)
                                      : text;
    if (file.text != body) fail("the text read differs from the file");
    if (file.name != path) fail("the file's name changed");
  } catch (const solve::InputError& e) {
    if (!expected) fail("an error in a file without one");
    if (*expected != e.what()) {
      std::fprintf(stderr, "expected: %s\ngot:      %s\n", expected->c_str(), e.what());
      fail("a different first error");
    }
  }
  ::close(fd);
  return 0;
}
