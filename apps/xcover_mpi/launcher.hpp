#pragma once
// What stands between xcover-mpi and the user when mpirun starts it (docs/distributed.md,
// "Exit status and output under mpirun"). Open MPI's mpirun (4.1) gets in the way twice:
//
// - it copies the ranks' standard output to its own and ignores a failed write (a full disk,
//   /dev/full): rank 0 would see its answer written and exit 0. So rank 0, started by mpirun
//   itself, writes to mpirun's standard output directly (use_mpirun_stdout);
// - signalled (Ctrl-C, SIGTERM), it sets its exit status to 1 before it stops the ranks, so
//   rank 0's 3 ("stopped, partial count") never reaches the shell. `xcover-mpi --mpirun CMD`
//   runs CMD with this program under it and exits with rank 0's own status, which rank 0
//   leaves in a file (tell_launcher).
#include <optional>
#include <string>

namespace xcover_mpi {

/// The environment variable that names the launcher's status file (rank 0 writes there).
inline constexpr const char* status_file_variable = "XCOVER_MPI_STATUS_FILE";

/// The value of --mpirun on the command line (looked for before MPI is started), or nullopt.
std::optional<std::string> launcher_command(int argc, char** argv);

/// The launcher: runs CMD (split at blanks) with this program and the other arguments after
/// it, and returns rank 0's exit status (or, when rank 0 left none, mpirun's). SIGINT and
/// SIGTERM: mpirun gets its own when they come from the terminal or to the whole process
/// group; one sent to this process alone is passed on to mpirun after `forward_after` seconds
/// if mpirun is still running then (a second signal within 5 s makes mpirun end at once,
/// leaving the ranks without their report), at once on a second one.
int run_launcher(const std::string& command, int argc, char** argv, double forward_after = 6);

/// Rank 0, at its end: leaves its exit status for the launcher, if one started this run.
void tell_launcher(int status) noexcept;

/// Rank 0: when it was started by Open MPI's mpirun itself (not through a shell or a tool) and
/// its standard output is the pipe or terminal mpirun copies from, standard output becomes
/// mpirun's own (pidfd_getfd), so that a failed write is seen here. False when it cannot be
/// (another launcher, a remote node, no permission): output then goes through mpirun.
bool use_mpirun_stdout() noexcept;

}  // namespace xcover_mpi
