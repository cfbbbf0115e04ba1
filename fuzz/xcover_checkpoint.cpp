// Fuzzes the reader of xcover-mpi's checkpoint files.
// seeds: tests/data/xcover_mpi
// sources: apps/xcover_mpi/checkpoint.cpp apps/xcover_mpi/part_result.cpp
//
// Oracles beyond "no crash": what reads keeps only whole lines (valid_bytes ends after a
// newline, an incomplete last line is flagged), stays within the size the part count allows,
// names each part once and below the part count, adds up what it names, and writes back
// (format_header, format_done with the header's key) to a text that reads to the same header
// and results, and that text writes back to itself. Every line read must have a right check
// sum, which a mutated line almost never has: so inputs of an odd size are read after every
// line got its right check (as a forger would give it), and the fields behind the check are
// fuzzed too; the other inputs test the checks themselves.
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <solve/error.hpp>

#include "../apps/xcover_mpi/checkpoint.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

struct Read {
  xcover_mpi::Checkpoint c;
  std::vector<xcover_mpi::PartResult> parts;
};

Read read(const std::string& text, const char* name) {
  Read r;
  r.c = xcover_mpi::parse_checkpoint(
      text, name, nullptr, [&](const xcover_mpi::PartResult& p) { r.parts.push_back(p); });
  return r;
}

std::string written(const Read& r) {
  std::string text = xcover_mpi::format_header(r.c.header);
  for (const xcover_mpi::PartResult& p : r.parts)
    text += xcover_mpi::format_done(p, xcover_mpi::done_key(r.c.header));
  return text;
}

// The text with the last word of its "parts" and "done" lines replaced by their right check
// (lines 3 and on; a header that does not parse leaves the rest as it is).
std::string with_checks(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t nl; (nl = text.find('\n')) != std::string_view::npos; text.remove_prefix(nl + 1))
    lines.push_back(text.substr(0, nl));
  xcover_mpi::CheckpointHeader h;
  if (lines.size() > 1)
    std::sscanf(std::string(lines[1]).c_str(), "problem %16" SCNx64 " %" SCNu64, &h.problem_hash,
                &h.problem_bytes);
  if (lines.size() > 2)
    std::sscanf(std::string(lines[2]).c_str(), "parts %zu %zu", &h.asked, &h.parts);
  std::string out;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::size_t space = lines[k].rfind(' ');
    if (k < 2 || space == std::string_view::npos) {
      out.append(lines[k]).push_back('\n');
      continue;
    }
    const std::string_view body = lines[k].substr(0, space);
    const std::uint64_t key = k == 2 ? xcover_mpi::parts_key(h) : xcover_mpi::done_key(h);
    char check[17];
    std::snprintf(check, sizeof check, "%016" PRIx64, xcover_mpi::line_check(key, body));
    out.append(body).append(" ").append(check).push_back('\n');
  }
  return out.append(text);  // (the cut last line)
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text =
      size % 2 == 1 ? with_checks(std::string_view(reinterpret_cast<const char*>(data), size))
                    : std::string(reinterpret_cast<const char*>(data), size);
  size = text.size();
  Read r;
  try {
    r = read(text, "fuzz");
  } catch (const solve::InputError&) {
    return 0;
  }
  const xcover_mpi::Checkpoint& c = r.c;
  if (c.valid_bytes == 0 || c.valid_bytes > size || text[c.valid_bytes - 1] != '\n')
    fail("valid_bytes");
  if (c.dropped_tail != (c.valid_bytes < size)) fail("dropped_tail");
  if (size - c.valid_bytes > xcover_mpi::max_checkpoint_line) fail("a tail longer than a line");
  if (r.parts.size() > c.header.parts || c.done.size() > c.header.parts)
    fail("more parts than the header says");
  std::set<std::size_t> seen;
  solve::BigCount total;
  for (const auto& p : r.parts) {
    if (p.index >= c.header.parts || !seen.insert(p.index).second || !p.complete() ||
        !c.done[p.index])
      fail("part indices");
    total += p.count;
  }
  if (c.total.parts != r.parts.size() || c.total.count != total) fail("the parts added up");
  const std::string once = written(r);
  const Read back = read(once, "again");
  if (!(back.c.header == c.header) || back.parts.size() != r.parts.size())
    fail("header or size after writing");
  for (std::size_t k = 0; k < r.parts.size(); ++k) {
    const auto &a = r.parts[k], &b = back.parts[k];
    if (a.index != b.index || a.count != b.count || a.stats.nodes != b.stats.nodes ||
        a.stats.updates != b.stats.updates || a.stats.max_depth != b.stats.max_depth ||
        a.memo.hits != b.memo.hits || a.memo.lookups != b.memo.lookups ||
        a.memo.stores != b.memo.stores || a.memo.evictions != b.memo.evictions)
      fail("a result changed by writing it");
  }
  if (written(back) != once) fail("writing is not stable");
  return 0;
}
