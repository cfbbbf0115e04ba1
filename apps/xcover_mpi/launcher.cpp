#include "launcher.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include <solve/error.hpp>

namespace xcover_mpi {

namespace {

constexpr std::string_view option = "--mpirun";

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The launcher's signals: how many came, and whether the last came from the terminal (the
// kernel: then mpirun, in the same foreground process group, got one too).
volatile sig_atomic_t signals_seen = 0;
volatile sig_atomic_t from_terminal = 0;

extern "C" void on_launcher_signal(int, siginfo_t* info, void*) {
  from_terminal = info != nullptr && info->si_code == SI_KERNEL;
  signals_seen = signals_seen + 1;
}

// A status file of the launcher's own, removed at the end.
class StatusFile {
 public:
  StatusFile() {
    const char* dir = std::getenv("TMPDIR");
    path_ = fmt::format("{}/xcover-mpi-status-XXXXXX", dir && *dir ? dir : "/tmp");
    const int fd = ::mkstemp(path_.data());
    if (fd < 0)
      throw std::runtime_error(
          fmt::format("cannot create a status file {}: {}", path_, std::strerror(errno)));
    ::close(fd);
  }
  ~StatusFile() { ::unlink(path_.c_str()); }
  StatusFile(const StatusFile&) = delete;
  StatusFile& operator=(const StatusFile&) = delete;
  const std::string& path() const { return path_; }
  /// The status rank 0 left (0 to 4), or -1.
  int status() const {
    char text[16] = {};
    const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    return n == 2 && text[0] >= '0' && text[0] <= '4' && text[1] == '\n' ? text[0] - '0' : -1;
  }

 private:
  std::string path_;
};

// This program's own path, for mpirun to start it.
std::string own_path() {
  std::string path(PATH_MAX, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", path.data(), path.size());
  if (n <= 0 || std::size_t(n) >= path.size())
    throw std::runtime_error("cannot find this program's path (/proc/self/exe)");
  path.resize(std::size_t(n));
  return path;
}

}  // namespace

std::optional<std::string> launcher_command(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    const std::string_view a = argv[k];
    if (a == "--") break;
    if (a == option)
      return k + 1 < argc ? std::optional<std::string>(argv[k + 1])
                          : std::optional<std::string>("");
    if (a.starts_with(option) && a.size() > option.size() && a[option.size()] == '=')
      return std::string(a.substr(option.size() + 1));
  }
  return std::nullopt;
}

int run_launcher(const std::string& command, int argc, char** argv, double forward_after) {
  std::vector<std::string> words;
  std::istringstream in(command);
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty())
    throw solve::InputError(
        "--mpirun: expected the command that starts the ranks, as 'mpirun -np 4'");
  words.push_back(own_path());
  for (int k = 1; k < argc; ++k) {  // the arguments without --mpirun CMD
    const std::string_view a = argv[k];
    if (a == option) {
      ++k;
      continue;
    }
    if (a.starts_with(option) && a.size() > option.size() && a[option.size()] == '=') continue;
    words.emplace_back(a);
  }
  std::vector<char*> child_argv;
  for (std::string& w : words) child_argv.push_back(w.data());
  child_argv.push_back(nullptr);

  const StatusFile status;
  if (::setenv(status_file_variable, status.path().c_str(), 1) != 0)
    throw std::runtime_error("setenv failed");
  struct sigaction sa {
  }, old_int{}, old_term{};
  sa.sa_sigaction = on_launcher_signal;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  std::fflush(nullptr);
  const pid_t child = ::fork();
  if (child < 0) throw std::runtime_error(fmt::format("fork failed: {}", std::strerror(errno)));
  if (child == 0) {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    ::execvp(child_argv[0], child_argv.data());
    std::fprintf(stderr, "xcover-mpi: --mpirun: cannot run '%s': %s\n", child_argv[0],
                 std::strerror(errno));
    std::_Exit(127);
  }

  int wstatus = 0;
  int handled = 0;          // signals looked at
  double signalled_at = 0;  // when the first one came (forwarded after forward_after)
  bool forwarded = false;
  for (;;) {
    const pid_t done = ::waitpid(child, &wstatus, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR)
      throw std::runtime_error(fmt::format("waitpid failed: {}", std::strerror(errno)));
    if (const int seen = signals_seen; seen > handled) {
      if (handled == 0) signalled_at = now_seconds();
      // From the terminal, mpirun had its own; a second one goes on at once.
      if (from_terminal && seen == 1) forwarded = true;
      if (!forwarded && seen > 1) {
        ::kill(child, SIGTERM);
        forwarded = true;
      }
      handled = seen;
    }
    if (handled > 0 && !forwarded && now_seconds() - signalled_at >= forward_after) {
      ::kill(child, SIGTERM);
      forwarded = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
  if (const int s = status.status(); s >= 0) return s;
  if (WIFEXITED(wstatus)) return WEXITSTATUS(wstatus);
  return 128 + WTERMSIG(wstatus);
}

void tell_launcher(int status) noexcept {
  const char* path = std::getenv(status_file_variable);
  if (path == nullptr || *path == '\0' || status < 0 || status > 9) return;
  // Never created here: on a node without the launcher's file there is no one to tell.
  const int fd = ::open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return;
  const char text[2] = {char('0' + status), '\n'};
  [[maybe_unused]] const ssize_t n = ::write(fd, text, 2);
  ::close(fd);
}

bool use_mpirun_stdout() noexcept {
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_getfd)
  // Started by mpirun itself: Open MPI's local daemon is then mpirun (the HNP), our parent.
  const char* hnp = std::getenv("OMPI_MCA_orte_hnp_uri");
  const char* daemon = std::getenv("OMPI_MCA_orte_local_daemon_uri");
  if (hnp == nullptr || daemon == nullptr || std::strcmp(hnp, daemon) != 0) return false;
  const pid_t parent = ::getppid();
  char exe[PATH_MAX] = {};
  const std::string link = fmt::format("/proc/{}/exe", parent);
  if (::readlink(link.c_str(), exe, sizeof exe - 1) <= 0) return false;
  const std::string_view name = std::string_view(exe).substr(std::string_view(exe).rfind('/') + 1);
  if (name != "orterun" && name != "mpirun" && name != "mpiexec") return false;
  // Our standard output must be what mpirun copies from (a pipe or a terminal), not a file of
  // the user's.
  struct stat ours;
  if (::fstat(STDOUT_FILENO, &ours) != 0 || !(S_ISFIFO(ours.st_mode) || S_ISCHR(ours.st_mode)))
    return false;
  const int pidfd = int(::syscall(SYS_pidfd_open, parent, 0));
  if (pidfd < 0) return false;
  const int fd = int(::syscall(SYS_pidfd_getfd, pidfd, STDOUT_FILENO, 0));
  ::close(pidfd);
  if (fd < 0) return false;
  struct stat theirs;
  const int flags = ::fcntl(fd, F_GETFL);
  // Not when it is ours already, nor when it does not block (writes could fail for nothing).
  bool ok = ::fstat(fd, &theirs) == 0 && flags >= 0 && !(flags & O_NONBLOCK) &&
            !(theirs.st_dev == ours.st_dev && theirs.st_ino == ours.st_ino);
  std::fflush(stdout);
  ok = ok && ::dup2(fd, STDOUT_FILENO) == STDOUT_FILENO;
  ::close(fd);
  return ok;
#else
  return false;
#endif
}

}  // namespace xcover_mpi
