#include "checkpoint.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "common/output.hpp"
#include "settings.hpp"

namespace xcover_mpi {

namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The words of a line, split at single spaces (at most `most`; more make it `most` + 1).
std::vector<std::string_view> words(std::string_view line, std::size_t most = 16) {
  std::vector<std::string_view> out;
  while (!line.empty() && out.size() <= most) {
    const std::size_t space = line.find(' ');
    out.push_back(line.substr(0, space));
    if (space == std::string_view::npos) break;
    line.remove_prefix(space + 1);
  }
  return out;
}

std::optional<std::uint64_t> whole(std::string_view s, int base = 10) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<double> seconds(std::string_view s) {
  double v = 0;
  const auto [end, ec] =
      std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::fixed);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v) || v < 0)
    return std::nullopt;
  return v;
}

// The lines of a checkpoint, one at a time, from a text in memory or read from a file in
// pieces; a line over max_checkpoint_line is refused before more is read.
class Lines {
 public:
  Lines(std::string_view text, const std::string& name) : name_(name), window_(text) {}
  Lines(int fd, const std::string& name)
      : name_(name), fd_(fd), buffer_(std::size_t(64) << 10, '\0') {}

  /// The next complete line without its newline (valid until the next call), or nullopt at the
  /// end; then tail() is what followed the last newline.
  std::optional<std::string_view> next() {
    for (;;) {
      const std::size_t nl = window_.find('\n');
      if (nl != std::string_view::npos) {
        const std::string_view line = window_.substr(0, nl);
        window_.remove_prefix(nl + 1);
        consumed_ += nl + 1;
        ++number_;
        return line;
      }
      if (window_.size() > max_checkpoint_line) too_long();
      if (!refill()) return std::nullopt;
    }
  }
  std::size_t number() const { return number_; }      ///< of the last line returned (from 1)
  std::size_t consumed() const { return consumed_; }  ///< bytes of the complete lines returned
  std::size_t tail() const { return window_.size(); }
  /// The bytes read so far (the file's size once the end is reached).
  std::size_t read() const { return consumed_ + window_.size(); }

 private:
  // Moves what is left of the window to the buffer's front and reads on; false at the end.
  bool refill() {
    if (fd_ < 0 || eof_) return false;
    const std::size_t kept = window_.size();
    // (memmove with an empty window's null pointer is undefined even for 0 bytes: UBSan)
    if (kept != 0) std::memmove(buffer_.data(), window_.data(), kept);
    for (;;) {
      const ssize_t n = ::read(fd_, buffer_.data() + kept, buffer_.size() - kept);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0)
        throw solve::InputError(fmt::format("{}: read error: {}", name_, std::strerror(errno)));
      eof_ = n == 0;
      window_ = std::string_view(buffer_.data(), kept + std::size_t(n));
      return n > 0;
    }
  }
  [[noreturn]] void too_long() const {
    throw solve::InputError(fmt::format("{}:{}: line longer than {} bytes: not a checkpoint line",
                                        name_, number_ + 1, max_checkpoint_line));
  }

  const std::string& name_;
  int fd_ = -1;
  bool eof_ = false;
  std::string buffer_;
  std::string_view window_;  // read, not returned yet
  std::size_t consumed_ = 0;
  std::size_t number_ = 0;
};

// The reader: the header, then "done" lines until the end or the first bad one.
class Reader {
 public:
  Reader(Lines& lines, const std::string& name, const CheckpointExpect* expect,
         const PartHook& each, std::uint64_t file_size)
      : lines_(lines), name_(name), expect_(expect), each_(each), file_size_(file_size) {}

  Checkpoint read() {
    Checkpoint c;
    c.header = header();
    const std::uint64_t key = done_key(c.header);
    bound_size(c.header.parts);
    while (const std::optional<std::string_view> line = lines_.next()) {
      const PartResult r = done(*line, c.header.parts, key);
      if (r.index >= c.done.size()) c.done.resize(std::max(r.index + 1, 2 * c.done.size()), false);
      if (c.done[r.index]) fail(fmt::format("part {} is there twice", r.index));
      c.done[r.index] = true;
      c.total.add(r);
      if (each_) each_(r);
    }
    bound_size(c.header.parts);  // (a file that grew, or one read from a pipe)
    c.done.resize(std::min(c.done.size(), c.header.parts));
    c.valid_bytes = lines_.consumed();
    c.dropped_tail = lines_.tail() > 0;
    return c;
  }

 private:
  [[noreturn]] void fail(std::string_view what) const {
    throw solve::InputError(fmt::format("{}:{}: {}", name_, lines_.number(), what));
  }

  std::string_view header_line(const char* what) {
    const std::optional<std::string_view> line = lines_.next();
    if (!line) throw solve::InputError(fmt::format("{}:{}: {}", name_, lines_.number() + 1, what));
    return *line;
  }

  CheckpointHeader header() {
    const std::string not_one =
        fmt::format("not an xcover-mpi checkpoint (no '{}' line)", checkpoint_magic);
    const std::string_view first = header_line(not_one.c_str());
    if (first == "xcover-mpi checkpoint 1")
      fail(
          "a checkpoint of format 1, which has no check sums: its counts cannot be checked, so it "
          "is not used "
          "(count again with --checkpoint; docs/distributed.md)");
    if (first != checkpoint_magic) fail(not_one);
    const auto problem = words(header_line("expected 'problem HASH BYTES'"));
    const auto hash =
        problem.size() == 3 && problem[0] == "problem" ? whole(problem[1], 16) : std::nullopt;
    const auto bytes = problem.size() == 3 ? whole(problem[2]) : std::nullopt;
    if (!hash || !bytes) fail("expected 'problem HASH BYTES'");
    CheckpointHeader h{*hash, *bytes, 0, 0};
    if (expect_ &&
        (h.problem_hash != expect_->problem_hash || h.problem_bytes != expect_->problem_bytes))
      throw solve::InputError(fmt::format(
          "{}: a checkpoint of another problem (its text has {} bytes, hash {:016x}; "
          "this one {} bytes, hash {:016x})",
          name_, h.problem_bytes, h.problem_hash, expect_->problem_bytes, expect_->problem_hash));

    const std::string_view line = header_line("expected 'parts ASKED MADE CHECK'");
    const auto parts = words(line);
    const auto asked = parts.size() == 4 && parts[0] == "parts" ? whole(parts[1]) : std::nullopt;
    const auto made = parts.size() == 4 ? whole(parts[2]) : std::nullopt;
    if (!asked || !made) fail("expected 'parts ASKED MADE CHECK'");
    check(line, parts_key(h));
    if (*asked < 1 || *asked > max_split)
      fail(fmt::format("{} parts asked: out of bounds (--split takes 1 to {})", *asked, max_split));
    h.asked = std::size_t(*asked);
    if (expect_ && expect_->split != 0 && expect_->split != h.asked)
      throw solve::InputError(fmt::format(
          "{}: made with --split {}; give that or no --split to go on with it", name_, h.asked));
    // The split stops once it has `asked` parts; its last cut adds at most one per option.
    const std::uint64_t most = *asked + (expect_ ? expect_->options : std::uint64_t(INT_MAX));
    if (*made > most)
      fail(fmt::format("{} parts made of {} asked: more than a split of {} can give (at most {})",
                       *made, *asked, expect_ ? "this problem" : "any problem", most));
    h.parts = std::size_t(*made);
    return h;
  }

  // Refuses a file larger than `parts` lines of the longest kind (and a cut one) after the
  // header: before reading them when its size is known.
  void bound_size(std::size_t parts) const {
    const std::uint64_t most =
        lines_.consumed() + (std::uint64_t(parts) + 1) * (max_checkpoint_line + 1);
    const std::uint64_t size = std::max<std::uint64_t>(file_size_, lines_.read());
    if (size > most)
      throw solve::InputError(
          fmt::format("{}: {} bytes: more than a checkpoint of {} parts can hold (at most {})",
                      name_, size, parts, most));
  }

  // Refuses a line whose last word is not the check of the rest.
  void check(std::string_view line, std::uint64_t key) const {
    const std::size_t space = line.rfind(' ');
    const auto sum = space == std::string_view::npos || line.size() - space != 17
                         ? std::nullopt
                         : whole(line.substr(space + 1), 16);
    if (!sum || *sum != line_check(key, line.substr(0, space)))
      fail(
          "the check sum does not match the line: it was damaged or edited, or comes from the "
          "checkpoint of "
          "another problem or split; the checkpoint is not used");
  }

  PartResult done(std::string_view line, std::size_t parts, std::uint64_t key) const {
    const auto w = words(line);
    if (w.size() != 12 || w[0] != "done")
      fail(
          "expected 'done INDEX COUNT NODES UPDATES DEPTH SECONDS LOOKUPS HITS STORES EVICTIONS "
          "CHECK'");
    check(line, key);
    const auto number = [&](std::size_t k, const char* what) {
      const auto v = whole(w[k]);
      if (!v) fail(fmt::format("{} '{}' is not a whole number", what, w[k]));
      return *v;
    };
    PartResult r;
    const std::uint64_t index = number(1, "the index");
    if (index >= parts) fail(fmt::format("part {} of {}: past the last part", index, parts));
    r.index = std::size_t(index);
    const auto count = parse_count(w[2]);
    if (!count)
      fail(fmt::format("the count '{}' is not a whole number of at most {} digits", w[2],
                       max_count_digits));
    r.count = *count;
    r.stats.solutions = r.count.saturated_u64();
    r.stats.nodes = number(3, "the node count");
    r.stats.updates = number(4, "the update count");
    const std::uint64_t depth = number(5, "the depth");
    if (depth > UINT32_MAX) fail(fmt::format("the depth {} is too large", depth));
    r.stats.max_depth = std::uint32_t(depth);
    const auto secs = seconds(w[6]);
    if (!secs) fail(fmt::format("the time '{}' is not a number of seconds", w[6]));
    r.stats.seconds = *secs;
    r.memo.lookups = number(7, "the memo lookups");
    r.memo.hits = number(8, "the memo hits");
    r.memo.stores = number(9, "the memo stores");
    r.memo.evictions = number(10, "the memo evictions");
    return r;
  }

  Lines& lines_;
  const std::string& name_;
  const CheckpointExpect* expect_;
  const PartHook& each_;
  std::uint64_t file_size_;
};

// splitmix64's finaliser: every bit of the FNV state reaches every bit of the check.
std::uint64_t mix(std::uint64_t h) {
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9u;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
  return h ^ (h >> 31);
}

std::uint64_t fnv1a(std::uint64_t h, std::string_view text) {
  for (const char c : text) h = (h ^ std::uint8_t(c)) * 0x100000001b3u;
  return h;
}

}  // namespace

std::uint64_t fingerprint(std::string_view text) {
  return fnv1a(0xcbf29ce484222325u, text);  // FNV-1a's offset basis
}

std::uint64_t line_check(std::uint64_t key, std::string_view text) {
  return mix(fnv1a(mix(key ^ 0xcbf29ce484222325u), text) ^ text.size());
}

std::uint64_t parts_key(const CheckpointHeader& h) {
  return mix(h.problem_hash ^ mix(h.problem_bytes));
}

std::uint64_t done_key(const CheckpointHeader& h) {
  return line_check(parts_key(h), fmt::format("parts {} {}", h.asked, h.parts));
}

std::string format_header(const CheckpointHeader& h) {
  return fmt::format("{}\nproblem {:016x} {}\nparts {} {} {:016x}\n", checkpoint_magic,
                     h.problem_hash, h.problem_bytes, h.asked, h.parts, done_key(h));
}

std::string format_done(const PartResult& r, std::uint64_t key) {
  std::string line =
      fmt::format("done {} {} {} {} {} {:.6f} {} {} {} {}", r.index, r.count.to_string(),
                  r.stats.nodes, r.stats.updates, r.stats.max_depth, r.stats.seconds,
                  r.memo.lookups, r.memo.hits, r.memo.stores, r.memo.evictions);
  return fmt::format("{} {:016x}\n", line, line_check(key, line));
}

Checkpoint parse_checkpoint(std::string_view text, const std::string& name,
                            const CheckpointExpect* expect, const PartHook& each) {
  Lines lines(text, name);
  return Reader(lines, name, expect, each, text.size()).read();
}

namespace {
[[noreturn]] void refuse_existing(const std::string& path) {
  throw cli::WriteError(
      fmt::format("{}: exists; go on with its count with --resume {}, or remove it", path, path));
}
}  // namespace

void CheckpointFile::check_new(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) == 0) refuse_existing(path);
  cli::check_writable(path);
}

CheckpointFile CheckpointFile::create(const std::string& path, const CheckpointHeader& header) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST) refuse_existing(path);
  CheckpointFile f(path, fd);
  if (fd < 0) f.fail("cannot create");
  f.lock_fd_ = fd;
  f.lock();
  f.key_ = done_key(header);
  f.write(format_header(header));
  f.sync();
  return f;
}

CheckpointFile CheckpointFile::resume(const std::string& path, const CheckpointExpect& expect,
                                      Checkpoint& read, const PartHook& each) {
  // Read (and locked) through a descriptor of its own: a checkpoint that cannot be written is
  // still read and checked, and refused only when there is something to write.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw solve::InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  CheckpointFile f(path, -1);
  f.lock_fd_ = fd;
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw solve::InputError(fmt::format("{}: not a regular file (a checkpoint is one)", path));
  f.lock();
  Lines lines(fd, path);
  read = Reader(lines, path, &expect, each, std::uint64_t(st.st_size)).read();
  f.key_ = done_key(read.header);
  return f;
}

void CheckpointFile::open_to_append(std::size_t valid_bytes) {
  if (fd_ >= 0) return;
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) fail("cannot open for writing");
  struct stat read_st, write_st;
  if (::fstat(lock_fd_, &read_st) != 0 || ::fstat(fd_, &write_st) != 0 ||
      read_st.st_dev != write_st.st_dev || read_st.st_ino != write_st.st_ino)
    throw cli::WriteError(fmt::format("{}: was replaced by another file while it was read", path_));
  if (::ftruncate(fd_, off_t(valid_bytes)) != 0) fail("cannot cut off its incomplete last line");
}

void CheckpointFile::lock() {
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) == 0) return;
  if (errno == EWOULDBLOCK)
    throw solve::InputError(
        fmt::format("checkpoint {} is in use by another run (it holds a lock on the file); "
                    "wait for that run to end",
                    path_));
  fail("cannot lock");
}

CheckpointFile::CheckpointFile(CheckpointFile&& o) noexcept
    : path_(std::move(o.path_)),
      fd_(std::exchange(o.fd_, -1)),
      lock_fd_(std::exchange(o.lock_fd_, -1)),
      key_(o.key_),
      last_sync_(o.last_sync_) {}

CheckpointFile::~CheckpointFile() {
  if (fd_ >= 0) {
    ::fdatasync(fd_);  // errors were reported by sync() at the end of a run that went well
    if (fd_ != lock_fd_) ::close(fd_);
  }
  if (lock_fd_ >= 0) ::close(lock_fd_);  // (and with it the lock)
}

void CheckpointFile::append(const PartResult& r) {
  if (fd_ < 0) throw std::logic_error("CheckpointFile::append before open_to_append");
  write(format_done(r, key_));
  if (now_seconds() - last_sync_ >= 1) sync();
}

void CheckpointFile::sync() {
  if (fd_ < 0) return;  // nothing written
  if (::fdatasync(fd_) != 0) fail("cannot write");
  last_sync_ = now_seconds();
}

void CheckpointFile::write(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("cannot write");
    text.remove_prefix(std::size_t(n));
  }
}

void CheckpointFile::fail(const char* what) const {
  throw cli::WriteError(fmt::format("{}: {}: {}", path_, what, std::strerror(errno)));
}

}  // namespace xcover_mpi
