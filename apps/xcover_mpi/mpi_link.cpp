#include "mpi_link.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace xcover_mpi {

MpiSession::MpiSession(int& argc, char**& argv) {
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
    throw std::runtime_error("MPI_Init_thread failed");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (provided < MPI_THREAD_FUNNELED) {
    MPI_Finalize();
    throw std::runtime_error(
        "this MPI library cannot run threads beside MPI (MPI_THREAD_FUNNELED)");
  }
}

namespace {
bool no_finalize = false;
}  // namespace

MpiSession::~MpiSession() {
  if (!no_finalize) MPI_Finalize();
}

void skip_finalize() { no_finalize = true; }

bool finalize_skipped() { return no_finalize; }

bool send(int to, Tag tag, std::span<const std::uint64_t> words) {
  return MPI_Send(words.data(), int(words.size()), MPI_UINT64_T, to, int(tag), MPI_COMM_WORLD) ==
         MPI_SUCCESS;
}

std::optional<Message> poll() {
  int flag = 0;
  MPI_Status status;
  if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS ||
      !flag)
    return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_UINT64_T, &count);
  Message m{status.MPI_SOURCE, Tag(status.MPI_TAG), std::vector<std::uint64_t>(std::size_t(count))};
  if (MPI_Recv(m.words.data(), count, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return std::nullopt;
  return m;
}

std::optional<std::string> share_text(const std::optional<std::string>& text) {
  long long size = text ? (long long)text->size() : -1;
  MPI_Bcast(&size, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  if (size < 0) return std::nullopt;
  if (size > INT_MAX) throw std::runtime_error("the problem's text is too large to broadcast");
  std::string out = text ? *text : std::string(std::size_t(size), '\0');
  if (MPI_Bcast(out.data(), int(size), MPI_CHAR, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
    throw std::runtime_error("broadcasting the problem failed");
  return out;
}

double Backoff::next() {
  const double s = pause_us_ * 1e-6;
  pause_us_ = std::min(2 * pause_us_, 2000);
  return s;
}

void Backoff::pause() { std::this_thread::sleep_for(std::chrono::duration<double>(next())); }

void abort_all(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);  // (MPI_Abort does not return)
}

}  // namespace xcover_mpi
