#pragma once
// Rank 0: reads the problem and shares it, splits it into parts (solve::split_cover), hands the
// parts out to the ranks as they ask and counts parts itself on a thread of its own, adds the
// results up, keeps the checkpoint, and prints the answer.
#include <iosfwd>

#include "settings.hpp"

namespace xcover_mpi {

/// ranks: the MPI world size (rank 0 included). Returns the exit status (cli::Exit); errors
/// are exceptions (cli::guarded prints them), after the workers were told to stop.
int run_coordinator(const Settings& settings, int ranks, std::ostream& out, std::ostream& err);

}  // namespace xcover_mpi
