#pragma once
// The coordinator's bookkeeping (rank 0): which parts wait, which rank counts which, which are
// done, and when each rank was last heard from. Kept apart from MPI so it can be tested alone.
//
// Parts are handed out in index order as ranks ask (dynamic scheduling: a rank that drew small
// parts simply asks more often). A rank silent for too long while holding a part is presumed
// dead: its part goes back to the front of the queue for the next rank that asks. If the rank
// was only slow and reports after all, the first result for a part counts, the other is dropped.
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xcover_mpi {

class Ledger {
 public:
  /// parts in all, ranks 0 .. ranks-1 (rank 0 counts too, and is never silent).
  Ledger(std::size_t parts, int ranks);

  /// A part counted by an earlier run (the checkpoint's): never handed out.
  void mark_done(std::size_t index);
  /// The next part for rank (parts taken back from silent ranks first, then in index order),
  /// or nullopt when none waits. The rank must hold none.
  std::optional<std::size_t> hand_out(int rank, double now);
  /// rank reports index counted. True when this is the part's first result (add it up); false
  /// when another rank gave it already (it was taken back from a rank thought dead).
  bool finished(int rank, std::size_t index, double now);
  /// rank gives its part up unfinished (stopped early): the part goes to the front of the queue.
  void gave_up(int rank);
  /// News from rank at time now (a heartbeat): part_done is the fraction of its part done.
  void heard(int rank, double now, double part_done);
  /// Takes back the part of every rank (but 0) silent for more than `silence` seconds: it goes to
  /// the front of the queue. Returns the (rank, part) pairs taken back.
  std::vector<std::pair<int, std::size_t>> take_back_silent(double now, double silence);

  std::size_t parts() const { return done_.size(); }
  std::size_t done() const { return done_count_; }
  bool all_done() const { return done_count_ == done_.size(); }
  /// The part rank is counting, or nullopt.
  std::optional<std::size_t> held(int rank) const { return ranks_[std::size_t(rank)].part; }
  /// Every part not done yet, ascending.
  std::vector<std::size_t> not_done() const;
  /// The share of this run's work done: parts finished in this run, plus the fractions heard
  /// of the parts being counted, over the parts that were left when it started.
  double fraction_done() const;

 private:
  struct Rank {
    std::optional<std::size_t> part;  // the part it counts
    double heard = 0;                 // when it last gave news
    double part_done = 0;             // the fraction of its part done, as it said
  };
  std::vector<bool> done_;
  std::size_t done_count_ = 0;
  std::size_t done_before_ = 0;    // by earlier runs (mark_done)
  std::deque<std::size_t> queue_;  // parts taken back (front), then the untouched ones
  std::size_t next_ = 0;           // the first part never handed out
  std::vector<Rank> ranks_;
};

/// "3, 5-9, 12": indices (ascending) with runs shortened, at most `max_runs` runs then ", ...".
std::string format_indices(const std::vector<std::size_t>& indices, std::size_t max_runs = 20);

}  // namespace xcover_mpi
