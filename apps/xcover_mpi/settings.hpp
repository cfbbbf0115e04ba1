#pragma once
// What the command line of xcover-mpi says (docs/distributed.md). Every rank parses the same
// command line, so every rank knows these.
#include <cstddef>
#include <cstdint>
#include <string>

#include <solve/exact_cover.hpp>

namespace xcover_mpi {

/// --split is refused above this (a checkpoint line per part: about 100 MB at a million).
inline constexpr std::size_t max_split = 1000000;
/// Parts per rank when --split is not given.
inline constexpr std::size_t parts_per_rank = 64;

struct Settings {
  std::string input;           ///< the problem file (read by rank 0 only)
  std::size_t split = 0;       ///< parts asked of split_cover; 0: parts_per_rank per rank
  std::string checkpoint;      ///< a new checkpoint file ("" none)
  std::string resume;          ///< a checkpoint to go on with (and append to)
  bool stats = false;          ///< statistics on standard error (rank 0)
  bool progress = false;       ///< the progress line (rank 0, when stderr is a terminal)
  solve::CoverOptions search;  ///< engine, item choice, threads per rank, memo; max_seconds
  double lost_after = 60;      ///< seconds of silence after which a counting rank is presumed dead
  std::uint64_t die_after =
      0;  ///< testing: rank 1 dies (exit 9) on receiving its part N+1 (0: never)
};

}  // namespace xcover_mpi
