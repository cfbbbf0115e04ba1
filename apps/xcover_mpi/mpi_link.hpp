#pragma once
// The only file that sees MPI: MPI_COMM_WORLD as messages of 64-bit words (protocol.hpp).
// Errors come back as return codes (MPI_ERRORS_RETURN), so that a send to a rank that died
// cannot abort rank 0 before it has said which parts were not counted.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "protocol.hpp"

namespace xcover_mpi {

struct Message {
  int from = -1;
  Tag tag = Tag::ready;
  std::vector<std::uint64_t> words;
};

/// MPI_Init_thread (the threads that count never call MPI, so MPI_THREAD_FUNNELED is enough)
/// and MPI_Finalize (unless skip_finalize() was called). One per process.
class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0;
  int size_ = 1;
};

/// Once a rank has died (a run under 'mpirun --enable-recovery'), MPI_Finalize may wait for it
/// for ever (Open MPI 4.1 does, now and then): then every rank ends without it, after flushing
/// its output (main calls std::_Exit when finalize_skipped()).
void skip_finalize();
bool finalize_skipped();

/// Sends words to rank `to`; false when MPI reports an error (the rank is gone).
bool send(int to, Tag tag, std::span<const std::uint64_t> words = {});
/// A message waiting for this rank (from anyone), or nullopt at once.
std::optional<Message> poll();
/// Rank 0's `text` on every rank (a collective call: every rank calls it). A text of
/// length -1 (std::nullopt on rank 0) tells the others that rank 0 failed to read it.
std::optional<std::string> share_text(const std::optional<std::string>& text);
/// The pause between two polls of a rank with nothing to do: from 50 us, doubling up to 2 ms,
/// back to 50 us after each message. Open MPI's blocking receive spins on a core; this costs
/// well under 1 % of one and answers a request within 2 ms.
class Backoff {
 public:
  void reset() { pause_us_ = 50; }
  /// The next pause in seconds (and the one after is longer).
  double next();
  /// Sleeps for next().
  void pause();

 private:
  int pause_us_ = 50;
};

/// Ends every rank at once (after a failure that leaves nothing to wait for).
[[noreturn]] void abort_all(int status);

}  // namespace xcover_mpi
