#include "program.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace test {

namespace fs = std::filesystem;

std::string scratch_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("solve_cli_test_" + std::to_string(::getpid()));
    fs::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::temp_directory_path() / ("solve_cli_test_" + std::to_string(::getpid())),
                     ec);
    });
    return d;
  }();
  return dir.string();
}

std::string scratch_file(const std::string& name, const std::string& content) {
  const std::string path = scratch_dir() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

std::string scratch_big_file(const std::string& name, const std::string& head,
                             const std::string& body, std::uint64_t bytes,
                             const std::string& tail) {
  const std::string path = scratch_dir() + "/" + name;
  std::ofstream out(path, std::ios::binary);
  out << head;
  std::string chunk;  // about 1 MiB of body at a time
  while (chunk.size() < (std::size_t(1) << 20)) chunk += body;
  std::uint64_t written = head.size();
  for (; written + chunk.size() <= bytes; written += chunk.size()) out << chunk;
  for (; written < bytes; written += body.size()) out << body;
  out << tail;
  if (!out) throw std::runtime_error("cannot write " + path);
  return path;
}

std::string scratch_sparse_file(const std::string& name, std::uint64_t bytes) {
  const std::string path = scratch_dir() + "/" + name;
  std::ofstream(path, std::ios::binary).close();
  fs::resize_file(path, bytes);
  return path;
}

std::uint64_t file_size(const std::string& path) { return fs::file_size(path); }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {

/// Resident memory of this process now (/proc/self/statm: pages), in KiB; 0 when unknown.
long resident_kb() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  return resident * (::sysconf(_SC_PAGESIZE) / 1024);
}

// In the child between fork and exec: only async-signal-safe calls.
[[noreturn]] void exec_child(const std::string& exe, const std::vector<std::string>& args,
                             int in_fd, const char* out_path, const char* err_path,
                             std::uint64_t address_space) {
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(exe.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const int out = ::open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err = ::open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (in_fd < 0 || out < 0 || err < 0) ::_exit(126);
  ::dup2(in_fd, 0);
  ::dup2(out, 1);
  ::dup2(err, 2);
  ::signal(SIGPIPE, SIG_DFL);
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  if (address_space > 0) {
    const struct rlimit limit { rlim_t(address_space), rlim_t(address_space) };
    if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(125);
  }
  ::execv(exe.c_str(), argv.data());
  ::_exit(127);
}

}  // namespace

ProgramRun run_program(const std::string& exe, const std::vector<std::string>& args,
                       const ProgramOptions& o) {
  static int serial = 0;
  const std::string base = scratch_dir() + "/run" + std::to_string(++serial);
  const std::string out_path = o.stdout_path.empty() ? base + ".out" : o.stdout_path;
  const std::string err_path = base + ".err";

  int feed[2] = {-1, -1};
  int in_fd = -1;
  if (o.feed_bytes > 0) {
    if (::pipe(feed) != 0) throw std::runtime_error("pipe failed");
    ::signal(SIGPIPE, SIG_IGN);  // a program that stops reading makes write() fail, not kill us
    in_fd = feed[0];
  } else {
    in_fd = ::open(o.stdin_path.c_str(), O_RDONLY);
  }
  ProgramRun r;
  r.parent_rss_kb = resident_kb();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) exec_child(exe, args, in_fd, out_path.c_str(), err_path.c_str(), o.address_space);
  ::close(in_fd);

  if (o.feed_bytes > 0) ::fcntl(feed[1], F_SETFL, O_NONBLOCK);
  const std::string chunk(64 * 1024, o.feed_char);
  const auto start = std::chrono::steady_clock::now();
  bool signalled = false;
  int wstatus = 0;
  struct rusage usage {};
  while (true) {
    if (::wait4(pid, &wstatus, WNOHANG, &usage) == pid) break;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (feed[1] >= 0) {  // feed what the pipe takes now
      const std::size_t want =
          std::size_t(std::min<std::uint64_t>(chunk.size(), o.feed_bytes - r.fed));
      const ssize_t n = ::write(feed[1], chunk.data(), want);
      if (n > 0) r.fed += std::uint64_t(n);
      if ((n < 0 && errno != EAGAIN) || r.fed == o.feed_bytes) {
        ::close(feed[1]);
        feed[1] = -1;
      }
      if (n > 0) continue;
    }
    if (o.signal_after > 0 && !signalled && seconds >= o.signal_after) {
      ::kill(pid, o.signal);
      signalled = true;
    }
    if (seconds > o.timeout && !r.timed_out) {
      ::kill(pid, SIGKILL);
      r.timed_out = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (feed[1] >= 0) ::close(feed[1]);
  if (WIFEXITED(wstatus)) r.status = WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) r.killed_by = WTERMSIG(wstatus);
  r.max_rss_kb = usage.ru_maxrss;
  if (o.stdout_path.empty()) r.out = slurp(out_path);
  r.err = slurp(err_path);
  return r;
}

ProgramRun run_shell(const std::string& command, const ProgramOptions& options) {
  return run_program("/bin/sh", {"-c", command}, options);
}

std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (const char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

}  // namespace test
