#pragma once
// A worker rank (1, 2, ...): takes the problem from rank 0, then asks for parts, counts each
// (threads as --threads says) and sends the result back, with news every second meanwhile.
#include "settings.hpp"

namespace xcover_mpi {

/// Returns the process's exit status: 0 when rank 0 said stop, 2 when rank 0 could not read
/// the problem (it says why), 3 after a signal, 4 after an error (sent to rank 0 too).
int run_worker(const Settings& settings, int rank);

}  // namespace xcover_mpi
