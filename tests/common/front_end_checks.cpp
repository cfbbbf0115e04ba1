#include "front_end_checks.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>

#include <algorithm>

namespace test {

namespace {

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::size_t lines(const std::string& s) {
  return std::size_t(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace

void check_unreadable_inputs(const FrontEnd& p) {
  struct Case {
    std::string file;
    std::string says;
  };
  const std::vector<Case> cases{
      {scratch_dir(), ": is a directory"},
      {"/dev/zero", "/dev/zero:1:1: a NUL byte: not a text file"},
      {"/proc/self/mem", "/proc/self/mem: read error: Input/output error"},
      {scratch_dir() + "/no-such-file", "no-such-file: cannot open: No such file or directory"},
      {scratch_file("nul-only.txt", std::string(3, '\0')), "nul-only.txt:1:1: a NUL byte"},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    const ProgramRun r = run_program(p.exe, p.reading(c.file));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK(lines(r.err) == 1);
  }
  // A byte order mark alone is an empty file: refused by the format, never a problem solved.
  const ProgramRun bom =
      run_program(p.exe, p.reading(scratch_file("bom-only.txt", "\xEF\xBB\xBF")));
  CHECK(bom.status == 2);
  CHECK(bom.out.empty());
  CHECK(bom.err.find("bom-only.txt") != std::string::npos);
  CHECK(bom.err.find("\xEF\xBB\xBF") == std::string::npos);
}

// An RSS bound under AddressSanitizer measures its shadow memory too: the sanitizer builds get
// a wide one, Release the exact one. GCC says ASan with __SANITIZE_ADDRESS__, clang (a
// SOLVE_SANITIZE build with CXX=clang++: ~180 MB of RSS) with __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define SOLVE_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SOLVE_TEST_ASAN 1
#endif
#endif

long memory_bound_kb([[maybe_unused]] const ProgramRun& run, std::uint64_t holding,
                     double per_byte) {
#if defined(SOLVE_TEST_ASAN)
  // The test process's own memory counts in the program's peak (ProgramRun::parent_rss_kb):
  // under AddressSanitizer, after heavy tests in the same process, more than the base; its
  // redzones and quarantine take more per byte too.
  const long base = 512 * 1024 + run.parent_rss_kb;
  per_byte *= 3;
#else
  const long base = 64 * 1024;
#endif
  return base + long(per_byte * double(holding) / 1024);
}

ProgramRun check_memory_ratio(const std::string& exe, const MemoryCase& c) {
  ProgramOptions o;
  o.stdout_path = "/dev/null";
  o.timeout = c.timeout;
  const std::uint64_t bytes = file_size(c.input);
  const ProgramRun r = run_program(exe, c.args, o);
  const long bound = memory_bound_kb(r, bytes, c.per_byte);
  INFO(exe << " on " << c.input << " (" << bytes << " bytes): peak " << r.max_rss_kb
           << " KiB, bound " << bound << " KiB; " << r.err.substr(0, 300));
  CHECK(r.status == c.status);
  CHECK(r.max_rss_kb < bound);
  return r;
}

bool address_sanitizer() {
#if defined(SOLVE_TEST_ASAN)
  return true;
#else
  return false;
#endif
}

void check_memo_in_capped_memory(const std::string& exe, std::vector<std::string> args,
                                 const std::string& answer, std::uint64_t address_space) {
  if (address_sanitizer()) return;
  args.insert(args.end(), {"--memo-mb", "1048576"});
  ProgramOptions o;
  o.address_space = address_space;
  o.timeout = 60;
  const ProgramRun r = run_program(exe, args, o);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(r.out.substr(0, answer.size()) == answer);
  const double memory = double(::sysconf(_SC_PHYS_PAGES)) * double(::sysconf(_SC_PAGESIZE));
  if (memory < double(std::uint64_t(1) << 41))  // less than 2 TiB: the bound is cut, and says so
    CHECK(r.err.find(": --memo-mb 1048576 is more than half of this machine's memory (") !=
          std::string::npos);
}

void check_long_line(const FrontEnd& p, std::uint64_t max_line) {
  ProgramOptions o;
  o.feed_bytes = 100'000'000;
  o.timeout = 60;
  const ProgramRun r = run_program(p.exe, p.reading("-"), o);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.err.find("<stdin>:1: line longer than") != std::string::npos);
  CHECK(r.fed < max_line + 4'000'000);  // the pipe and the read buffer hold a little more
  CHECK(r.max_rss_kb < memory_bound_kb(r, max_line));
}

void check_full_stdout(const std::string& exe, const std::vector<std::string>& args) {
  ProgramOptions o;
  o.stdout_path = "/dev/full";
  const ProgramRun r = run_program(exe, args, o);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.err.find("standard output: write failed") != std::string::npos);
}

void check_interrupt(const std::string& exe, const std::vector<std::string>& args, int signal) {
  ProgramOptions o;
  o.stdout_path = "/dev/null";
  o.signal_after = 1;
  o.signal = signal;
  o.timeout = 60;
  const ProgramRun r = run_program(exe, args, o);
  INFO(r.err);
  CHECK(r.killed_by == 0);
  CHECK(r.status == 3);
  CHECK(r.err.find(signal == SIGTERM ? "stopped by a termination signal (SIGTERM)"
                                     : "stopped by an interrupt (Ctrl-C)") != std::string::npos);
  CHECK(r.err.find("incomplete") != std::string::npos);
}

void check_timeout_values(const std::string& exe, const std::vector<std::string>& before,
                          const std::vector<std::string>& after) {
  const ProgramRun zero = run_program(exe, with(with(before, {"--timeout", "0"}), after));
  CHECK(zero.status <= 1);  // 0 is no limit: answered
  for (const char* bad : {"-1", "nan", "inf", "-inf", "soon", "1e10", ""}) {
    INFO("--timeout '" << bad << "'");
    const ProgramRun r = run_program(exe, with(with(before, {"--timeout", bad}), after));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    const std::string first_line = r.err.substr(0, r.err.find('\n'));
    CHECK(first_line.find("--timeout") != std::string::npos);
    CHECK(first_line.size() < 120);
  }
}

void check_help(const std::string& exe, const std::vector<std::string>& args) {
  const ProgramRun r = run_program(exe, with(args, {"--help"}));
  CHECK(r.status == 0);
  CHECK(r.out.find("Exit status: 0 answered, 1 no solution, 2 bad input or usage") !=
        std::string::npos);
  CHECK(r.out.find("3 stopped by a limit or Ctrl-C") != std::string::npos);
  CHECK(r.out.find("4 internal error") != std::string::npos);
}

}  // namespace test
