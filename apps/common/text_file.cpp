#include "common/text_file.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <istream>

#include <fmt/format.h>

#include <solve/error.hpp>

namespace cli {

std::string size_text(std::uint64_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} bytes", bytes);
}

namespace {

[[noreturn]] void fail(const std::string& what) { throw solve::InputError(what); }

std::string reason(int error) { return std::strerror(error); }

// Closes the descriptor it owns (not standard input) however the reading ends.
class Descriptor {
 public:
  explicit Descriptor(int fd, bool owned) : fd_(fd), owned_(owned) {}
  ~Descriptor() {
    if (owned_) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

// Checks each chunk as it arrives: NUL bytes, line lengths (positions counted in 64 bits). A
// line (or the part of it in this chunk) at a time, memchr finding its end and a NUL: a byte
// at a time this was 12 instructions a byte (56 k of xcover's 3.2 M on a sudoku). The error
// is the one a walk byte by byte meets first: a NUL at the column that passes the limit, or
// before it, is reported as a NUL.
class Checker {
 public:
  Checker(const std::string& name, const TextLimits& limits) : name_(name), limits_(limits) {}

  void check(std::string_view chunk) {
    for (;;) {
      const std::size_t newline = chunk.find('\n');
      const std::string_view part = chunk.substr(0, newline);
      if (const std::size_t nul = part.find('\0');
          nul != std::string_view::npos && column_ + nul <= limits_.max_line)
        fail(fmt::format("{}:{}:{}: a NUL byte: not a text file", name_, line_, column_ + nul + 1));
      if (column_ + part.size() > limits_.max_line)
        fail(fmt::format("{}:{}: line longer than {}: too long for {}", name_, line_,
                         size_text(limits_.max_line), limits_.kind));
      if (newline == std::string_view::npos) {
        column_ += part.size();
        return;
      }
      ++line_;
      column_ = 0;
      chunk.remove_prefix(newline + 1);
    }
  }

 private:
  const std::string& name_;
  const TextLimits& limits_;
  std::uint64_t line_ = 1;
  std::uint64_t column_ = 0;
};

}  // namespace

TextFile read_text_file(const std::string& path, const TextLimits& limits) {
  return read_text_file(path, limits, {});
}

TextFile read_text_file(const std::string& path, const TextLimits& limits,
                        const std::function<void()>& poll) {
  TextFile file;
  const bool from_stdin = path == "-";
  file.name = from_stdin ? "<stdin>" : path;
  const int fd = from_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(fmt::format("{}: cannot open: {}", file.name, reason(errno)));
  const Descriptor in(fd, !from_stdin);

  struct stat st {};
  if (::fstat(in.get(), &st) != 0)
    fail(fmt::format("{}: cannot read: {}", file.name, reason(errno)));
  if (S_ISDIR(st.st_mode)) fail(fmt::format("{}: is a directory", file.name));
  const auto too_large = [&] {
    fail(fmt::format("{}: more than {}: too large for {}", file.name, size_text(limits.max_bytes),
                     limits.kind));
  };
  if (S_ISREG(st.st_mode)) {
    if (std::uint64_t(st.st_size) > limits.max_bytes) too_large();
    file.text.reserve(std::size_t(st.st_size));
  }

  Checker checker(file.name, limits);
  constexpr std::size_t chunk = 64 * 1024;
  char buffer[chunk];
  // Waits until the input can be read, polling in between (a regular file always can).
  const auto wait = [&] {
    pollfd ready{in.get(), POLLIN, 0};
    for (;;) {
      const int r = ::poll(&ready, 1, 100);
      if (r > 0 || (r < 0 && errno != EINTR)) return;  // readable, or an error read() reports
      poll();
    }
  };
  while (true) {
    if (poll) {
      poll();
      wait();
    }
    const ssize_t got = ::read(in.get(), buffer, chunk);
    if (got < 0) {
      if (errno == EINTR) continue;
      if (errno == EISDIR) fail(fmt::format("{}: is a directory", file.name));
      fail(fmt::format("{}: read error: {}", file.name, reason(errno)));
    }
    if (got == 0) break;
    const std::string_view piece(buffer, std::size_t(got));
    checker.check(piece);
    if (file.text.size() + piece.size() > limits.max_bytes) too_large();
    file.text.append(piece);
  }
  if (std::string_view(file.text).starts_with("\xEF\xBB\xBF")) file.text.erase(0, 3);
  return file;
}

LineInput::LineInput(std::istream& in, std::string name, const TextLimits& limits)
    : in_(in), name_(std::move(name)), limits_(limits) {}

bool LineInput::next(std::string& line) {
  line.clear();
  ++line_;
  std::istream::sentry ok(in_, true);  // true: keep leading blanks
  if (!ok) return false;
  std::streambuf& buf = *in_.rdbuf();
  for (int c = buf.sbumpc();; c = buf.sbumpc()) {
    if (c == std::char_traits<char>::eof()) {
      in_.setstate(std::ios::eofbit);
      if (line.empty()) return false;
      break;
    }
    if (c == '\n') break;
    if (c == '\0') fail(fmt::format("{}:{}: a NUL byte: not text", name_, line_));
    if (line.size() == limits_.max_line)
      fail(fmt::format("{}:{}: line longer than {}: too long for {}", name_, line_,
                       size_text(limits_.max_line), limits_.kind));
    line += char(c);
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

}  // namespace cli
