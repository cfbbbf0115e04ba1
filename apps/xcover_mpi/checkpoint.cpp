#include "checkpoint.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>
#include <utility>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "common/output.hpp"

namespace xcover_mpi {

namespace {

constexpr std::string_view magic = "xcover-mpi checkpoint 1";

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The words of a line, split at single spaces.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  while (!line.empty()) {
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
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::fixed);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v) || v < 0) return std::nullopt;
  return v;
}

// The parser's position, for messages: "NAME:LINE: what".
struct Place {
  const std::string& name;
  std::size_t line = 0;
  [[noreturn]] void fail(std::string_view what) const {
    throw solve::InputError(fmt::format("{}:{}: {}", name, line, what));
  }
};

CheckpointHeader parse_header(const std::vector<std::string_view>& lines, Place& at) {
  at.line = 1;
  if (lines.empty() || lines[0] != magic) at.fail(fmt::format("not an xcover-mpi checkpoint (no '{}' line)", magic));
  at.line = 2;
  const auto problem = lines.size() > 1 ? words(lines[1]) : std::vector<std::string_view>{};
  const auto hash = problem.size() == 3 && problem[0] == "problem" ? whole(problem[1], 16) : std::nullopt;
  const auto bytes = problem.size() == 3 ? whole(problem[2]) : std::nullopt;
  if (!hash || !bytes) at.fail("expected 'problem HASH BYTES'");
  at.line = 3;
  const auto parts = lines.size() > 2 ? words(lines[2]) : std::vector<std::string_view>{};
  const auto asked = parts.size() == 3 && parts[0] == "parts" ? whole(parts[1]) : std::nullopt;
  const auto made = parts.size() == 3 ? whole(parts[2]) : std::nullopt;
  if (!asked || !made) at.fail("expected 'parts ASKED MADE'");
  return {*hash, *bytes, std::size_t(*asked), std::size_t(*made)};
}

PartResult parse_done(std::string_view line, std::size_t parts, const Place& at) {
  const auto w = words(line);
  if (w.size() != 11 || w[0] != "done")
    at.fail("expected 'done INDEX COUNT NODES UPDATES DEPTH SECONDS LOOKUPS HITS STORES EVICTIONS'");
  const auto number = [&](std::size_t k, const char* what) {
    const auto v = whole(w[k]);
    if (!v) at.fail(fmt::format("{} '{}' is not a whole number", what, w[k]));
    return *v;
  };
  PartResult r;
  r.index = std::size_t(number(1, "the index"));
  if (r.index >= parts) at.fail(fmt::format("part {} of {}: past the last part", r.index, parts));
  const auto count = parse_count(w[2]);
  if (!count) at.fail(fmt::format("the count '{}' is not a whole number of at most {} digits", w[2], max_count_digits));
  r.count = *count;
  r.stats.solutions = r.count.saturated_u64();
  r.stats.nodes = number(3, "the node count");
  r.stats.updates = number(4, "the update count");
  const std::uint64_t depth = number(5, "the depth");
  if (depth > UINT32_MAX) at.fail(fmt::format("the depth {} is too large", depth));
  r.stats.max_depth = std::uint32_t(depth);
  const auto secs = seconds(w[6]);
  if (!secs) at.fail(fmt::format("the time '{}' is not a number of seconds", w[6]));
  r.stats.seconds = *secs;
  r.memo.lookups = number(7, "the memo lookups");
  r.memo.hits = number(8, "the memo hits");
  r.memo.stores = number(9, "the memo stores");
  r.memo.evictions = number(10, "the memo evictions");
  return r;
}

}  // namespace

std::uint64_t fingerprint(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325u;  // FNV-1a offset basis and prime
  for (const char c : text) h = (h ^ std::uint8_t(c)) * 0x100000001b3u;
  return h;
}

std::string format_header(const CheckpointHeader& h) {
  return fmt::format("{}\nproblem {:016x} {}\nparts {} {}\n", magic, h.problem_hash, h.problem_bytes, h.asked,
                     h.parts);
}

std::string format_done(const PartResult& r) {
  return fmt::format("done {} {} {} {} {} {:.6f} {} {} {} {}\n", r.index, r.count.to_string(), r.stats.nodes,
                     r.stats.updates, r.stats.max_depth, r.stats.seconds, r.memo.lookups, r.memo.hits,
                     r.memo.stores, r.memo.evictions);
}

Checkpoint parse_checkpoint(std::string_view text, const std::string& name) {
  Checkpoint c;
  // Only complete lines count: the last one may have been cut by a kill.
  const std::size_t end = text.rfind('\n');
  c.valid_bytes = end == std::string_view::npos ? 0 : end + 1;
  c.dropped_tail = c.valid_bytes < text.size();
  std::vector<std::string_view> lines;
  for (std::string_view rest = text.substr(0, c.valid_bytes); !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    lines.push_back(rest.substr(0, nl));
    rest.remove_prefix(nl + 1);
  }
  Place at{name};
  c.header = parse_header(lines, at);
  std::set<std::size_t> seen;
  for (std::size_t k = 3; k < lines.size(); ++k) {
    at.line = k + 1;
    PartResult r = parse_done(lines[k], c.header.parts, at);
    if (!seen.insert(r.index).second) at.fail(fmt::format("part {} is there twice", r.index));
    c.done.push_back(std::move(r));
  }
  return c;
}

Checkpoint read_checkpoint(const std::string& path) {
  const cli::TextFile file = cli::read_text_file(path, checkpoint_limits);
  return parse_checkpoint(file.text, file.name);
}

namespace {
[[noreturn]] void refuse_existing(const std::string& path) {
  throw cli::WriteError(fmt::format("{}: exists; go on with its count with --resume {}, or remove it", path, path));
}
}  // namespace

void check_new_checkpoint(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) == 0) refuse_existing(path);
  cli::check_writable(path);
}

CheckpointWriter CheckpointWriter::create(const std::string& path, const CheckpointHeader& header) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST) refuse_existing(path);
  CheckpointWriter w(path, fd);
  if (fd < 0) w.fail("cannot create");
  w.write(format_header(header));
  w.sync();
  return w;
}

CheckpointWriter CheckpointWriter::reopen(const std::string& path, std::size_t valid_bytes) {
  CheckpointWriter w(path, ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC));
  if (w.fd_ < 0) w.fail("cannot open for writing");
  if (::ftruncate(w.fd_, off_t(valid_bytes)) != 0) w.fail("cannot cut off its incomplete last line");
  return w;
}

CheckpointWriter::CheckpointWriter(CheckpointWriter&& o) noexcept
    : path_(std::move(o.path_)), fd_(std::exchange(o.fd_, -1)), last_sync_(o.last_sync_) {}

CheckpointWriter::~CheckpointWriter() {
  if (fd_ < 0) return;
  ::fdatasync(fd_);  // errors were reported by sync() at the end of a run that went well
  ::close(fd_);
}

void CheckpointWriter::append(const PartResult& r) {
  write(format_done(r));
  if (now_seconds() - last_sync_ >= 1) sync();
}

void CheckpointWriter::sync() {
  if (::fdatasync(fd_) != 0) fail("cannot write");
  last_sync_ = now_seconds();
}

void CheckpointWriter::write(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("cannot write");
    text.remove_prefix(std::size_t(n));
  }
}

void CheckpointWriter::fail(const char* what) const {
  throw cli::WriteError(fmt::format("{}: {}: {}", path_, what, std::strerror(errno)));
}

}  // namespace xcover_mpi
