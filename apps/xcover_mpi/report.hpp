#pragma once
// What xcover-mpi prints at the end (rank 0): the count, or why it is incomplete and which
// parts were not counted; with --stats the added-up statistics and what each rank did.
#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include <solve/stats.hpp>

#include "part_result.hpp"

namespace xcover_mpi {

struct Outcome {
  solve::StopReason stop = solve::StopReason::exhausted;  ///< exhausted: every part counted
  Tally total;                        ///< the parts counted (a checkpoint's included)
  Tally partial;                      ///< parts stopped before their end: what they had found
  std::size_t asked = 0;              ///< parts asked of the split
  std::size_t parts = 0;              ///< parts it gave
  std::size_t resumed = 0;            ///< parts counted by earlier runs (the checkpoint's)
  std::vector<Tally> by_rank;         ///< parts counted in this run, by rank
  std::vector<std::size_t> not_done;  ///< parts not counted (when stopped)
  std::size_t handed_again = 0;       ///< parts taken back from silent ranks
  double seconds = 0;                 ///< wall-clock time of the run
  double split_seconds = 0;           ///< of which splitting
  std::string checkpoint;             ///< the checkpoint file written ("" none)
};

/// Prints "solutions: N" on out when every part was counted, else the reason and the parts
/// not counted on err; --stats on err. Returns the exit status (0 solutions, 1 none, 3 stopped).
int report(const Outcome& o, bool stats, std::ostream& out, std::ostream& err);

/// The split was stopped (stop: time_limit or cancelled) after `seconds`, so nothing was
/// counted: says so on err, and what became of the checkpoint `file` ("" none; `resumed`: it
/// was given with --resume). Returns 3.
int report_split_stopped(solve::StopReason stop, std::size_t asked, double seconds,
                         const std::string& file, bool resumed, std::ostream& err);

}  // namespace xcover_mpi
