#include "worker.hpp"

#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <sstream>

#include <solve/exact_cover_io.hpp>

#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "mpi_link.hpp"
#include "part_counter.hpp"

namespace xcover_mpi {

namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Rank 0 says stop: the end (and, when a rank died, without MPI_Finalize).
int stopped(const Message& stop) {
  if (stop.words.size() == 1 && stop.words[0] == 1) skip_finalize();
  return cli::answered;
}

// The next message from rank 0, waited for without spinning; nullopt after a signal.
std::optional<Message> next_message(Backoff& backoff) {
  backoff.reset();
  while (!cli::cancel_flag()) {
    if (auto m = poll()) return m;
    backoff.pause();
  }
  return std::nullopt;
}

// Counts one part, sending news every second. Returns false when rank 0 said stop meanwhile
// (the part's partial result is sent all the same) or a signal came.
bool count_part(PartCounter& counter, const PartOrder& order) {
  counter.start(order.index, order.part, order.max_seconds);
  double last_news = now_seconds();
  bool go_on = true;
  for (;;) {
    if (const std::optional<PartResult> r = counter.wait(0.05)) {
      send(0, Tag::done, encode(*r));
      return go_on;
    }
    if (cli::cancel_flag()) {  // a signal: stop counting, say nothing more
      counter.cancel();
      counter.wait(1e9);
      return false;
    }
    if (const std::optional<Message> m = poll(); m && m->tag == Tag::stop) {
      stopped(*m);
      counter.cancel();
      go_on = false;
    }
    if (now_seconds() - last_news >= 1) {
      send(0, Tag::news, encode_news(order.index, counter.part_done()));
      last_news = now_seconds();
    }
  }
}

int serve(const Settings& settings, int rank) {
  const std::optional<std::string> text = share_text(std::nullopt);
  // Rank 0 could not read the problem: it says why and exits 2. This rank ends with 0: a rank
  // that exits non-zero first makes mpirun abort the job, at times before rank 0's message is
  // out (seen on a loaded machine).
  if (!text) return cli::answered;
  std::istringstream in(*text);
  const solve::ExactCover problem = solve::read_exact_cover(in, settings.input);
  PartCounter counter(problem, settings.search);
  const cli::InterruptGuard signals(false);  // mpirun (or Slurm) may signal twice: not fatal
  Backoff backoff;
  std::uint64_t received = 0;
  send(0, Tag::ready);
  for (;;) {
    const std::optional<Message> m = next_message(backoff);
    if (!m) return cli::stopped;
    if (m->tag == Tag::stop) return stopped(*m);
    if (m->tag != Tag::part) continue;
    if (rank == 1 && settings.die_after > 0 && ++received > settings.die_after)
      std::_Exit(9);  // testing: a crash
    if (!count_part(counter, decode_order(m->words)))
      return cli::cancel_flag() ? cli::stopped : cli::answered;
  }
}

}  // namespace

int run_worker(const Settings& settings, int rank) {
  try {
    return serve(settings, rank);
  } catch (const std::exception& e) {
    send(0, Tag::failed, encode_text(e.what()));
    return cli::internal;
  } catch (...) {
    send(0, Tag::failed, encode_text("an unknown exception"));
    return cli::internal;
  }
}

}  // namespace xcover_mpi
