#pragma once
// The messages between the coordinator (rank 0) and the workers (ranks 1 ...). Every message
// is an array of 64-bit words (MPI_UINT64_T) with a tag; all are small (well under MPI's eager
// limit), so a send never waits for its receiver.
//
//   worker -> 0   ready   []                                   first request for a part
//   0 -> worker   part    [index, n, forced (n), m, excluded (m), seconds]
//                                                              count this part; seconds: its
//                                                              time limit as a double's bits
//   worker -> 0   news    [index, fraction done (double bits)] about every second while counting
//   worker -> 0   done    encode(PartResult)                   the part's result; asks for the next
//   0 -> worker   stop    [lost]                               no more parts: end (a part being
//                                                              counted is stopped and its partial
//                                                              result sent as `done`); lost = 1:
//                                                              a rank died, end without MPI_Finalize
//   worker -> 0   failed  encode_text(message)                 the worker cannot go on
//
// Before any of these, rank 0 broadcasts the problem's text (share_text in mpi_link.hpp), so
// the workers need no access to the input file. A worker parses it and asks; rank 0 answers
// each `ready` or `done` with `part` or, once every part is done, `stop`. A worker silent for
// --lost-after seconds while counting is presumed dead: its part goes to another rank.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <solve/cover_split.hpp>

namespace xcover_mpi {

enum class Tag : int { ready = 1, part, news, done, stop, failed };

/// A part to count.
struct PartOrder {
  std::size_t index = 0;
  solve::CoverPart part;
  double max_seconds = 0;  ///< 0: no limit
};

std::vector<std::uint64_t> encode(const PartOrder& order);
/// std::runtime_error when the words are not a part order (a bug, never bad input).
PartOrder decode_order(std::span<const std::uint64_t> words);

std::vector<std::uint64_t> encode_news(std::size_t index, double part_done);
/// The fraction done of a `news` message (0 when malformed).
double decode_news(std::span<const std::uint64_t> words);

/// Text packed eight bytes a word, after its length.
std::vector<std::uint64_t> encode_text(std::string_view text);
std::string decode_text(std::span<const std::uint64_t> words);

}  // namespace xcover_mpi
