// fzn-libsolve's memory against the size of its input (label `slow`: seconds of reading, and
// AddressSanitizer's shadow would measure itself): a FlatZinc file of tens of MB reads in a
// small multiple of its size, and a larger one under a memory cap is answered or refused
// with a message, never "out of memory" (exit 4).
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "../common/front_end_checks.hpp"
#include "../common/program.hpp"

namespace {

/// A parameter array of n integers "1," and nothing else (gen_fzn.py's param100M.fzn at
/// n = 50 Mi): its path and size in bytes.
std::pair<std::string, std::uint64_t> param_array(std::uint64_t n) {
  const std::string path = test::scratch_dir() + fmt::format("/param{}.fzn", n);
  std::ofstream out(path, std::ios::binary);
  out << fmt::format("array [1..{}] of int: a = [", n);
  std::string chunk;
  for (int k = 0; k < 4096; ++k) chunk += "1,";
  std::uint64_t left = n - 1;
  for (; left >= 4096; left -= 4096) out << chunk;
  out << chunk.substr(0, 2 * left) << "1];\nsolve satisfy;\n";
  out.close();
  return {path, std::uint64_t(std::ifstream(path, std::ios::binary | std::ios::ate).tellg())};
}

}  // namespace

TEST_CASE("reading takes a small multiple of the input's size", "[fzn][memory]") {
  // Issue 22: 25 M integers (50 MB) took 5.3 GB and 56 s before "too many expressions", an
  // expression of 160 bytes each. Packed, 8 bytes an integer: the tree is 4 times the text,
  // the translated array (16 bytes an element) 8 times.
  const auto [path, bytes] = param_array(10'000'000);  // 20 MB
  const test::ProgramRun r = test::run_program(FZN_BIN, {path});
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(r.out == "----------\n");
  const double ratio = double(r.max_rss_kb) * 1024 / double(bytes);
  INFO("peak " << r.max_rss_kb / 1024 << " MiB for " << bytes / 1'000'000 << " MB: " << ratio
               << " times");
  CHECK(r.max_rss_kb < test::memory_bound_kb(r, 7 * bytes));  // 64 MiB + 14 bytes a byte
}

TEST_CASE("a 100 MB array under a 2 GiB cap is answered, not out of memory", "[fzn][memory]") {
  // It ended "out of memory", exit 4; now about 1.2 GiB at the peak.
  const auto [path, bytes] = param_array(50 * 1024 * 1024);
  const test::ProgramRun r =
      test::run_shell("prlimit --as=" + std::to_string(std::uint64_t(2) << 30) + " " +
                      test::shell_quoted(FZN_BIN) + " " + test::shell_quoted(path));
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(r.out == "----------\n");
}
