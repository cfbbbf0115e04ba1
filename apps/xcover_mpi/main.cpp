// xcover-mpi: counts the solutions of an exact-cover problem over MPI ranks
// (docs/distributed.md). Only the command line lives here; rank 0 runs the coordinator, the
// other ranks run workers.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/exit_status.hpp"
#include "common/names.hpp"
#include "common/options.hpp"
#include "common/run.hpp"
#include "common/spelling.hpp"
#include "coordinator.hpp"
#include "launcher.hpp"
#include "mpi_link.hpp"
#include "settings.hpp"
#include "worker.hpp"
#include "xcover.hpp"

namespace {

using xcover_mpi::Settings;

// The options' strings and flags before they become Settings.
struct Words {
  std::string mpirun;
  bool count = false, no_progress = false;
};

void add_options(CLI::App& app, Settings& s, Words& w) {
  app.footer(std::string(cli::exit_status_help) +
             "\nRun it with mpirun (or srun): rank 0 splits the problem and hands "
             "the parts out,\nevery rank counts parts. A problem file may have " +
             cli::size_text(xcover::text_limits.max_bytes) + ", a line " +
             cli::size_text(xcover::text_limits.max_line) + ".");
  app.add_option("file", s.input,
                 "Problem file in Knuth's format, read by rank 0 ('-' for standard input)")
      ->required()
      ->type_name("FILE");
  app.add_flag("--count", w.count, "Count the solutions and print 'solutions: N' (the only mode)")
      ->required();
  app.add_option("--split", s.split,
                 "Cut the problem into at least N parts (default: 64 per rank; with --resume, the\n"
                 "checkpoint's)")
      ->type_name("N")
      ->check(CLI::Range(std::size_t(1), xcover_mpi::max_split));
  auto* checkpoint =
      app.add_option("--checkpoint", s.checkpoint,
                     "Write each part counted to FILE (a new file), so that a killed run can go on")
          ->type_name("FILE");
  app.add_option("--resume", s.resume,
                 "Go on with the count of the checkpoint FILE (and write on to it)")
      ->type_name("FILE")
      ->excludes(checkpoint);
  app.add_flag("--memo", s.search.memo,
               "Count each part with the memo (one thread per rank; exact at any size)");
  cli::add_memo_mb(app, s.search.memo_mb,
                   "Memory for --memo in MiB, per rank (at most half the physical memory)");
  app.add_option("--threads", s.search.threads, "Threads counting on each rank")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  app.add_option("--engine", s.search.engine, "auto, dlx, bitset or sparse (as in xcover)")
      ->transform(cli::one_of<solve::CoverEngine>())
      ->type_name("TEXT")
      ->default_str("auto");
  app.add_option(
         "--choice", s.search.item_choice,
         "Item to branch on within a part: auto (estimated per part), mrv or first (as in xcover)")
      ->transform(cli::one_of<solve::ItemChoice>())
      ->type_name("TEXT")
      ->default_str("auto");
  app.add_option(
         "--lost-after", s.lost_after,
         "A rank silent this many seconds while counting is presumed dead: its part goes to\n"
         "another rank (only with 'mpirun --enable-recovery'; else mpirun ends the run)")
      ->type_name("SECONDS")
      ->check(cli::seconds_between(1, cli::max_timeout))  // (CLI::Range lets nan through)
      ->capture_default_str();
  cli::add_timeout(app, s.search.limits.max_seconds);
  app.add_flag("--stats", s.stats,
               "Print statistics on standard error (added up over the parts; each rank's share)");
  app.add_flag("--no-progress", w.no_progress,
               "Never show the progress line (shown on a terminal after 1 s)");
  // Looked for before MPI starts (main): this process is then the launcher, not a rank.
  app.add_option(
         "--mpirun", w.mpirun,
         "Start the ranks with CMD (as 'mpirun -np 4') and exit with rank 0's status: mpirun\n"
         "itself exits with 1 after Ctrl-C or SIGTERM, not 3")
      ->type_name("CMD");
  // For the tests of lost ranks: rank 1 exits abruptly on receiving its part N + 1.
  app.add_option("--die-after", s.die_after)->group("");
}

// The command line, on every rank; only rank 0 says what is wrong with it or prints --help, and
// only rank 0 exits with the status: the others end with 0 (see run_worker on a problem rank 0
// cannot read: mpirun may abort on the first non-zero exit before rank 0's message is out).
std::optional<int> parse(CLI::App& app, int argc, char** argv, int rank) {
  if (rank == 0) return cli::parse(app, argc, argv);
  // The same words as rank 0 takes them (--version, '-' for '_'), without a word said.
  app.set_version_flag("--version", std::string());
  std::vector<std::string> args = cli::known_spellings(
      app, std::vector<std::string>(argv + std::min(argc, 1), argv + argc), false);
  std::reverse(args.begin(), args.end());  // CLI11 takes a vector last-first
  try {
    app.parse(args);
  } catch (const CLI::ParseError&) {
    return cli::answered;
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  if (const std::optional<std::string> command = xcover_mpi::launcher_command(argc, argv))
    return cli::guarded("xcover-mpi",
                        [&] { return xcover_mpi::run_launcher(*command, argc, argv); });
  int rank = -1;
  const int status = cli::guarded("xcover-mpi", [&] {
    const xcover_mpi::MpiSession mpi(argc, argv);
    rank = mpi.rank();
    if (rank == 0) xcover_mpi::use_mpirun_stdout();  // a failed write of the answer is then seen
    Settings s;
    CLI::App app{
        "Counts the solutions of an exact-cover problem (Knuth's text format, as xcover reads it) "
        "over\n"
        "MPI ranks, on one machine or many (docs/distributed.md).",
        "xcover-mpi"};
    Words w;
    add_options(app, s, w);
    if (const auto status = parse(app, argc, argv, mpi.rank())) return *status;
    s.progress = !w.no_progress;
    if (s.search.memo) {  // the cap of xcover and stenen; the note from rank 0 only
      std::ostringstream quiet;
      s.search.memo_mb = cli::memo_mb_in_memory(s.search.memo_mb, "xcover-mpi",
                                                mpi.rank() == 0 ? std::cerr : quiet);
    }
    if (mpi.rank() > 0) return xcover_mpi::run_worker(s, mpi.rank());
    const int counted = cli::guarded("xcover-mpi", [&] {
      return xcover_mpi::run_coordinator(s, mpi.size(), std::cout, std::cerr);
    });
    xcover_mpi::tell_launcher(
        counted);  // before MPI_Finalize, which a signalled run may not leave alive
    return counted;
  });
  if (rank == 0)
    xcover_mpi::tell_launcher(status);   // (again: the command line's status, or Finalize's)
  if (xcover_mpi::finalize_skipped()) {  // a rank died: end without MPI's goodbyes
    std::fflush(nullptr);
    std::_Exit(status);
  }
  return status;
}
