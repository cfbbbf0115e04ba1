#pragma once
// The behaviour every front-end shares (apps/common), checked the same way for each program:
// exit statuses, unreadable and hostile inputs, failed writes, bad limits, --help. Each
// tests/<app>/test_cli.cpp calls these with its own command lines.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "program.hpp"

namespace test {

struct FrontEnd {
  std::string exe;
  /// The command line that reads the input `file` ("-": standard input).
  std::function<std::vector<std::string>(const std::string& file)> reading;
};

/// A directory, /dev/zero, a read error (EIO from /proc/self/mem), a missing file, a file of
/// only a byte order mark or NUL bytes: exit 2, one message naming the file, nothing on stdout.
void check_unreadable_inputs(const FrontEnd& program);

/// One 100 MB line on standard input: exit 2 with "line longer than", having read little more
/// than max_line bytes of it, in bounded memory (it took gigabytes before the first check).
void check_long_line(const FrontEnd& program, std::uint64_t max_line);

/// A bound on peak memory (KiB) for a program that must stay small, with room for `holding`
/// bytes of input, `per_byte` bytes for each; larger under AddressSanitizer (its shadow memory
/// and quarantine).
long memory_bound_kb(const ProgramRun& run, std::uint64_t holding = 0, double per_byte = 2);

/// A run of a front-end on an input of known size, and the memory it may take for it.
struct MemoryCase {
  std::vector<std::string> args;  ///< the command line, the input's path in it
  std::string input;              ///< the input's path (its size is the measure)
  int status = 0;                 ///< the exit status expected
  double per_byte = 0;            ///< peak memory over memory_bound_kb's base, per byte of input
  double timeout = 60;
};

/// Runs the case and checks its exit status and that its peak memory stays within
/// memory_bound_kb(run, input size, per_byte): memory in proportion to the input, at a known
/// ratio (0: nothing grows with it, a file refused before it is read). The run, for more checks.
ProgramRun check_memory_ratio(const std::string& exe, const MemoryCase& c);

/// True in a build with AddressSanitizer (its shadow memory takes terabytes of address space:
/// no RLIMIT_AS test can run there).
bool address_sanitizer();

/// A memoised count given a memo bound far past memory (--memo-mb 1048576, 1 TiB) under an
/// address-space limit of `address_space` bytes (prlimit --as): the memo bound is cut to half the
/// physical memory with a note, the table stops growing where the address space ends and
/// evicts instead, and the count comes out right: stdout starts with `answer`. (Its growth
/// died of bad_alloc: exit 4.) args: the command line without the --memo-mb option.
void check_memo_in_capped_memory(const std::string& exe, std::vector<std::string> args,
                                 const std::string& answer, std::uint64_t address_space);

/// stdout on /dev/full: exit 2 and "standard output: write failed" on stderr.
void check_full_stdout(const std::string& exe, const std::vector<std::string>& args);

/// Ctrl-C (or SIGTERM) during a long search: exit 3, stderr says it was stopped and that the
/// answer is incomplete (partial figures).
void check_interrupt(const std::string& exe, const std::vector<std::string>& args,
                     int signal = SIGINT);

/// --timeout: 0 is accepted (no limit); negative, nan, inf and words are usage errors (exit 2)
/// with a short message, not CLI11's 399-byte range text. args_before: the command line up to
/// the --timeout flag, args_after: the rest (an input that is answered quickly).
void check_timeout_values(const std::string& exe, const std::vector<std::string>& args_before,
                          const std::vector<std::string>& args_after);

/// --help: exit 0, and the exit statuses are explained.
void check_help(const std::string& exe, const std::vector<std::string>& args);

}  // namespace test
