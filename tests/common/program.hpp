#pragma once
// Runs a front-end as a user or an attacker would (no shell): its exit status and signal,
// stdout, stderr and peak memory, with stdin from a file or fed through a pipe, stdout to a
// file of choice (/dev/full), and a signal sent while it runs (Ctrl-C).
#include <csignal>
#include <cstdint>
#include <string>
#include <vector>

namespace test {

struct ProgramOptions {
  std::string stdin_path = "/dev/null";
  std::string stdout_path;       ///< empty: captured into ProgramRun::out
  std::uint64_t feed_bytes = 0;  ///< > 0: stdin is a pipe fed this many feed_char bytes
  char feed_char = 'x';
  double signal_after = 0;  ///< > 0: send `signal` after this many seconds
  int signal = SIGINT;
  double timeout = 120;             ///< then SIGKILL, and ProgramRun::timed_out
  std::uint64_t address_space = 0;  ///< > 0: the program's RLIMIT_AS in bytes (prlimit --as)
};

struct ProgramRun {
  int status = -1;    ///< exit status; -1 when a signal ended it
  int killed_by = 0;  ///< that signal
  bool timed_out = false;
  std::string out, err;
  long max_rss_kb = 0;  ///< peak resident memory of the program
  /// Resident memory of this test process when it forked the program. The kernel counts it in
  /// the program's peak (a forked child maps the parent's pages, and exec keeps that peak):
  /// small in a plain build, hundreds of MiB under AddressSanitizer after heavy tests.
  long parent_rss_kb = 0;
  std::uint64_t fed = 0;  ///< bytes of the feed it took before it stopped reading
};

ProgramRun run_program(const std::string& exe, const std::vector<std::string>& args,
                       const ProgramOptions& options = {});

/// Runs `command` through /bin/sh -c, for tests that spell out redirections, pipes or a
/// prefix such as `timeout`: run_program's capture and limits apply to the shell, and a
/// redirection inside the command takes precedence over them.
ProgramRun run_shell(const std::string& command, const ProgramOptions& options = {});

/// s as one word for /bin/sh (single quotes; a quote inside becomes '\'').
std::string shell_quoted(const std::string& s);

/// A scratch folder of its own for this test process (removed at exit).
std::string scratch_dir();

/// A file in the scratch folder with this content; its path.
std::string scratch_file(const std::string& name, const std::string& content);

/// A big file in the scratch folder, written a piece at a time (so that this process stays
/// small: its memory counts in a program's peak, see ProgramRun::parent_rss_kb): `head`, then
/// `body` as many times as it takes to reach `bytes`, then `tail`. Its path.
std::string scratch_big_file(const std::string& name, const std::string& head,
                             const std::string& body, std::uint64_t bytes,
                             const std::string& tail = "");

/// A file in the scratch folder of `bytes` bytes that takes no disk space (a hole: reads as
/// NUL bytes). Its path.
std::string scratch_sparse_file(const std::string& name, std::uint64_t bytes);

/// The size of a file in bytes.
std::uint64_t file_size(const std::string& path);

/// The whole content of a file ("" when it cannot be read).
std::string slurp(const std::string& path);

}  // namespace test
