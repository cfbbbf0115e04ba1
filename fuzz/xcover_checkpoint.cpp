// Fuzzes the reader of xcover-mpi's checkpoint files.
// seeds: tests/data/xcover_mpi
// sources: apps/xcover_mpi/checkpoint.cpp apps/xcover_mpi/part_result.cpp
//
// Oracles beyond "no crash": what reads keeps only whole lines (valid_bytes ends after a
// newline, an incomplete last line is flagged), stays within the size the part count allows,
// names each part once and below the part count, adds up what it names, and writes back
// (format_header, format_done with the header's key) to a text that reads to the same header
// and results, and that text writes back to itself. Every line read had a right check sum:
// a mutated line almost never has one, so the seeds' lines (and lines the fuzzer copies whole)
// are what reaches the fields' parsing.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
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
  r.c = xcover_mpi::parse_checkpoint(text, name, nullptr, [&](const xcover_mpi::PartResult& p) { r.parts.push_back(p); });
  return r;
}

std::string written(const Read& r) {
  std::string text = xcover_mpi::format_header(r.c.header);
  for (const xcover_mpi::PartResult& p : r.parts) text += xcover_mpi::format_done(p, xcover_mpi::done_key(r.c.header));
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Read r;
  try {
    r = read(text, "fuzz");
  } catch (const solve::InputError&) {
    return 0;
  }
  const xcover_mpi::Checkpoint& c = r.c;
  if (c.valid_bytes == 0 || c.valid_bytes > size || text[c.valid_bytes - 1] != '\n') fail("valid_bytes");
  if (c.dropped_tail != (c.valid_bytes < size)) fail("dropped_tail");
  if (size - c.valid_bytes > xcover_mpi::max_checkpoint_line) fail("a tail longer than a line");
  if (r.parts.size() > c.header.parts || c.done.size() > c.header.parts) fail("more parts than the header says");
  std::set<std::size_t> seen;
  solve::BigCount total;
  for (const auto& p : r.parts) {
    if (p.index >= c.header.parts || !seen.insert(p.index).second || !p.complete() || !c.done[p.index])
      fail("part indices");
    total += p.count;
  }
  if (c.total.parts != r.parts.size() || c.total.count != total) fail("the parts added up");
  const std::string once = written(r);
  const Read back = read(once, "again");
  if (!(back.c.header == c.header) || back.parts.size() != r.parts.size()) fail("header or size after writing");
  for (std::size_t k = 0; k < r.parts.size(); ++k) {
    const auto &a = r.parts[k], &b = back.parts[k];
    if (a.index != b.index || a.count != b.count || a.stats.nodes != b.stats.nodes ||
        a.stats.updates != b.stats.updates || a.stats.max_depth != b.stats.max_depth || a.memo.hits != b.memo.hits ||
        a.memo.lookups != b.memo.lookups || a.memo.stores != b.memo.stores || a.memo.evictions != b.memo.evictions)
      fail("a result changed by writing it");
  }
  if (written(back) != once) fail("writing is not stable");
  return 0;
}
