// Fuzzes the reader of xcover-mpi's checkpoint files.
// seeds: tests/data/xcover_mpi
// sources: apps/xcover_mpi/checkpoint.cpp apps/xcover_mpi/part_result.cpp
//
// Oracles beyond "no crash": what reads keeps only whole lines (valid_bytes ends after a
// newline, an incomplete last line is flagged), names each part once and below the part count,
// and writes back (format_header, format_done) to a text that reads to the same header and
// results, and that text writes back to itself.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include <solve/error.hpp>

#include "../apps/xcover_mpi/checkpoint.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "oracle failed: %s\n", what);
  std::abort();
}

std::string written(const xcover_mpi::Checkpoint& c) {
  std::string text = xcover_mpi::format_header(c.header);
  for (const xcover_mpi::PartResult& r : c.done) text += xcover_mpi::format_done(r);
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  xcover_mpi::Checkpoint c;
  try {
    c = xcover_mpi::parse_checkpoint(text, "fuzz");
  } catch (const solve::InputError&) {
    return 0;
  }
  if (c.valid_bytes == 0 || c.valid_bytes > size || text[c.valid_bytes - 1] != '\n') fail("valid_bytes");
  if (c.dropped_tail != (c.valid_bytes < size)) fail("dropped_tail");
  std::set<std::size_t> seen;
  for (const auto& r : c.done)
    if (r.index >= c.header.parts || !seen.insert(r.index).second || !r.complete()) fail("part indices");
  const std::string once = written(c);
  const xcover_mpi::Checkpoint back = xcover_mpi::parse_checkpoint(once, "again");
  if (!(back.header == c.header) || back.done.size() != c.done.size()) fail("header or size after writing");
  for (std::size_t k = 0; k < c.done.size(); ++k) {
    const auto &a = c.done[k], &b = back.done[k];
    if (a.index != b.index || a.count != b.count || a.stats.nodes != b.stats.nodes ||
        a.stats.updates != b.stats.updates || a.stats.max_depth != b.stats.max_depth || a.memo.hits != b.memo.hits ||
        a.memo.lookups != b.memo.lookups || a.memo.stores != b.memo.stores || a.memo.evictions != b.memo.evictions)
      fail("a result changed by writing it");
  }
  if (written(back) != once) fail("writing is not stable");
  return 0;
}
